import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { listenPglite, listenPostgres, type ListenFunction } from './notifications';
import { PGliteDialect } from './pglite-dialect';
import { storedTextGuard } from './stored-text-guard';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** LISTEN on a channel (PostgreSQL: every process's NOTIFYs; PGlite: this process's). */
  listen: ListenFunction;
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [storedTextGuard] });
    return { db, kind: 'postgres', listen: listenPostgres(options.databaseUrl), close: () => db.destroy() };
  }
  const dataDir = options.dataDir;
  const notifications = new EventEmitter();
  const db = new Kysely<Database>({
    dialect: new PGliteDialect(async () => {
      await fs.mkdir(dataDir, { recursive: true });
      // pg_trgm backs the article title search (migration 0005); PGlite loads extensions at start.
      const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
      pg.onNotification((channel, payload) => notifications.emit(channel, payload));
      return pg;
    }),
    plugins: [storedTextGuard],
  });
  return { db, kind: 'pglite', listen: listenPglite(db, notifications), close: () => db.destroy() };
}

/** Throws when the database does not answer (the health check). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
