import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { listenPglite, listenPostgres, type ListenFunction } from './notifications';
import { PGliteDialect } from './pglite-dialect';
import { storedTextGuard } from './stored-text-guard';
import type { PoolStats } from '../lib/metrics';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** LISTEN on a channel (PostgreSQL: every process's NOTIFYs; PGlite: this process's). */
  listen: ListenFunction;
  /** Closes the pool or the embedded database (PGlite flushes its data dir). */
  close(): Promise<void>;
  /** The PostgreSQL pool's connections and waiting requests (the metrics); PGlite has no pool. */
  poolStats?: () => PoolStats;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** The PGlite data directory (created when missing). */
  dataDir: string;
  /** Receives errors of pool clients, idle or in use (the server restarting, a backend terminated, ...). */
  onPoolError?: (error: Error) => void;
}

/** One query layer (Kysely) over either an embedded PGlite database or a PostgreSQL server. */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', (error) => options.onPoolError?.(error));
    // The pool listens to a client's errors only while it is idle; a backend lost during a query
    // (server restart, pg_terminate_backend) would otherwise be an unhandled 'error' event and end
    // the process. The query itself still fails through its own callback; the pool drops the client.
    pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [storedTextGuard] });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', listen: listenPostgres(options.databaseUrl), close: () => db.destroy(), poolStats };
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
