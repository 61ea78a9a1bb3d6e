import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from '../lib/mutex';

/**
 * A Kysely dialect over an embedded PGlite database (stack notes: no maintained dialect fits
 * PGlite 0.5). PGlite is a single connection, so the driver hands out its one connection under a
 * mutex: a transaction holds it from BEGIN to COMMIT and other queries wait their turn.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly open: () => Promise<PGlite>) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.open);
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

const MUTATING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(compiledQuery.sql, [...compiledQuery.parameters], { rowMode: 'object' });
    return {
      rows: result.rows ?? [],
      numAffectedRows: result.command && MUTATING.has(result.command.toUpperCase()) ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported by the PGlite driver');
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class PGliteDriver implements Driver {
  #pg: PGlite | undefined;
  #connection: PGliteConnection | undefined;
  readonly #mutex = new Mutex();
  /** Releases the lock of the current holder (only one holder at a time). */
  #release: (() => void) | undefined;

  constructor(private readonly open: () => Promise<PGlite>) {}

  async init(): Promise<void> {
    this.#pg = await this.open();
    this.#connection = new PGliteConnection(this.#pg);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    if (!this.#connection) {
      release();
      throw new Error('The PGlite database is closed');
    }
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds the connection, then close the database (flushes it to disk).
    const release = await this.#mutex.lock();
    try {
      const pg = this.#pg;
      this.#pg = undefined;
      this.#connection = undefined;
      if (pg && !pg.closed) await pg.close();
    } finally {
      release();
    }
  }
}
