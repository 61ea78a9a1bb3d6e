import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Closes the pool or the embedded database (PGlite flushes its data dir). */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** The PGlite data directory (created when missing). */
  dataDir: string;
  /** Receives errors of idle pool clients (the server restarting, ...). */
  onPoolError?: (error: Error) => void;
}

/** One query layer (Kysely) over either an embedded PGlite database or a PostgreSQL server. */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir;
  const db = new Kysely<Database>({
    dialect: new PGliteDialect(async () => {
      await fs.mkdir(dataDir, { recursive: true });
      // pg_trgm backs the article title search (migration 0005); PGlite loads extensions at start.
      return PGlite.create(dataDir, { extensions: { pg_trgm } });
    }),
  });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** Throws when the database does not answer (the health check). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
