// First: the compiled contracts the imports below need (see build-contracts.ts).
import './build-contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import {
  adminQuery,
  databaseUrl,
  ENV_PG_TEMPLATE,
  ENV_PGLITE_EMPTY,
  ENV_PGLITE_TEMPLATE,
  ENV_SCHEMA_DIR,
  TEST_PASSWORD_HASH_COST,
  quoteIdent,
  uniqueName,
} from './database-env';

async function prepare(handle: ReturnType<typeof createDatabase>): Promise<void> {
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, TEST_PASSWORD_HASH_COST);
  } finally {
    await handle.close();
  }
}

export default async function globalSetup(): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'newsdesk-api-templates-'));
  process.env.NEWSDESK_TEST_TEMPLATE_ROOT = root;
  process.env[ENV_SCHEMA_DIR] = path.join(root, 'compiled-schemas');

  // PGlite: initdb once, keep that as the empty template, then migrate + seed a copy.
  const empty = path.join(root, 'empty');
  const seeded = path.join(root, 'seeded');
  const init = createDatabase({ dataDir: empty });
  await init.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
  await init.close();
  await fs.cp(empty, seeded, { recursive: true });
  await prepare(createDatabase({ dataDir: seeded }));
  process.env[ENV_PGLITE_EMPTY] = empty;
  process.env[ENV_PGLITE_TEMPLATE] = seeded;

  if (process.env.TEST_DATABASE_URL) {
    const name = uniqueName('newsdesk_template');
    await adminQuery(`CREATE DATABASE ${quoteIdent(name)}`);
    process.env[ENV_PG_TEMPLATE] = name;
    await prepare(createDatabase({ dataDir: empty, databaseUrl: databaseUrl(name) }));
  }
}
