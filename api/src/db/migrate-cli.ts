/**
 * `npm run migrate`: brings the database (DATABASE_URL, or PGlite in DATA_DIR like the server) up to
 * date and seeds what the configuration asks for (demo data in demo mode, the initial admin with
 * ADMIN_PASSWORD), under the same advisory lock as the server's start-up (db/prepare.ts), then exits.
 * Run it as its own release step before starting new instances; a server started afterwards finds
 * nothing to do.
 */
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from './database';
import { prepareDatabase } from './prepare';
import { totpSecretKey } from '../lib/secret-box';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await prepareDatabase(handle.db, {
      kind: handle.kind,
      databaseUrl: config.databaseUrl,
      demo: config.demo,
      adminPassword: config.adminPassword,
      totpKey: () => totpSecretKey(config.secretKey, config.dataDir),
    });
    console.log(
      result.migrations.length > 0
        ? `Applied ${result.migrations.length} migrations: ${result.migrations.join(', ')}`
        : 'The schema is up to date',
    );
    if (result.demoSeeded) console.log('Demo data seeded');
    if (result.adminCreated) console.log('Created the initial user "admin" with the password from ADMIN_PASSWORD');
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? `Configuration error: ${error.message}` : 'Migration failed:',
    error instanceof ConfigError ? '' : error,
  );
  process.exit(1);
});
