import type { Kysely } from 'kysely';
import { Client } from 'pg';
import type { DatabaseKind } from './database';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';
import { ensureInitialAdmin, seedDemo } from './seed';

/** The advisory lock key of migrations and seeding (any constant; "newsdesk" in ASCII). */
export const PREPARE_LOCK_KEY = 0x6e657773_6465736bn;

export interface PrepareOptions {
  kind: DatabaseKind;
  /** PostgreSQL: the server, for the connection that holds the advisory lock. */
  databaseUrl: string | undefined;
  demo: boolean;
  adminPassword: string | undefined;
  /** log2 N of the seeded users' password hashes (PASSWORD_HASH_COST). */
  passwordHashCost?: number;
  /** The key TOTP secrets are sealed with (asked for only when stored secrets need sealing). */
  totpKey?: () => Buffer;
}

export interface PrepareResult {
  migrations: string[];
  demoSeeded: boolean;
  adminCreated: boolean;
}

/**
 * Brings the schema up to date and seeds the demo (demo mode) or the initial admin (ADMIN_PASSWORD).
 * On PostgreSQL the whole step holds a session advisory lock on a connection of its own, so processes
 * starting together (or `npm run migrate` next to a starting process) take turns: the first migrates
 * and seeds, the others then find nothing to do. PGlite is one process: no lock needed.
 */
export async function prepareDatabase(db: Kysely<Database>, options: PrepareOptions): Promise<PrepareResult> {
  if (options.kind !== 'postgres' || !options.databaseUrl) return migrateAndSeed(db, options);
  const lock = new Client({ connectionString: options.databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY.toString()]);
    return await migrateAndSeed(db, options);
  } finally {
    // Ending the session releases the lock, also when the unlock itself fails.
    await lock.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY.toString()]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

async function migrateAndSeed(db: Kysely<Database>, options: PrepareOptions): Promise<PrepareResult> {
  const migrations = await migrateToLatest(db, options.totpKey ? { totpKey: options.totpKey } : undefined);
  const demoSeeded = options.demo ? (await seedDemo(db, options.passwordHashCost)).seeded : false;
  const adminCreated = !options.demo && (await ensureInitialAdmin(db, options.adminPassword, options.passwordHashCost));
  return { migrations, demoSeeded, adminCreated };
}
