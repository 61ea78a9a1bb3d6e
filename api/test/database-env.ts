/**
 * Test databases. globalSetup prepares templates once per run; each test file then gets its own copy:
 * - PGlite: a migrated + demo-seeded data dir, copied into a temp dir per file (opening a copy takes
 *   ~0.5 s where initdb takes ~4 s);
 * - PostgreSQL (only when TEST_DATABASE_URL is set): a template database, from which each file gets
 *   `CREATE DATABASE … TEMPLATE …`, dropped when the file is done.
 * The template locations travel to the workers through environment variables.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export const ENV_PGLITE_TEMPLATE = 'NEWSDESK_TEST_PGLITE_TEMPLATE';
export const ENV_PGLITE_EMPTY = 'NEWSDESK_TEST_PGLITE_EMPTY';
export const ENV_PG_TEMPLATE = 'NEWSDESK_TEST_PG_TEMPLATE';
export const ENV_SCHEMA_DIR = 'NEWSDESK_TEST_COMPILED_SCHEMA_DIR';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The tests' scrypt cost (log2 N; production's is 14): the suite signs in thousands of times, and the
 * hashing itself is tested at full cost in lib/passwords.test.ts.
 */
export const TEST_PASSWORD_HASH_COST = 10;

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The URL of another database on the TEST_DATABASE_URL server. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function adminQuery(text: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export interface ProvisionedDatabase {
  kind: DatabaseKind;
  /**
   * The config keys that point the app at this database, and at the compiled-schema cache every test
   * app of the run shares (building an app then takes a fraction of the time).
   */
  config: { dataDir: string; databaseUrl: string | undefined; compiledSchemaDir: string | undefined; passwordHashCost: number };
  dispose(): Promise<void>;
}

/**
 * A database of its own for one test file: a copy of the demo-seeded template, or (empty: true)
 * a database with no tables at all, to test migrations and first-start behaviour.
 */
export async function provisionDatabase(kind: DatabaseKind, options: { empty?: boolean } = {}): Promise<ProvisionedDatabase> {
  if (kind === 'pglite') {
    const template = process.env[options.empty ? ENV_PGLITE_EMPTY : ENV_PGLITE_TEMPLATE];
    if (!template) throw new Error('The PGlite test template is missing: run the tests through jest (globalSetup)');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'newsdesk-api-test-'));
    await fs.cp(template, dataDir, { recursive: true });
    return {
      kind,
      config: {
        dataDir,
        databaseUrl: undefined,
        compiledSchemaDir: process.env[ENV_SCHEMA_DIR],
        passwordHashCost: TEST_PASSWORD_HASH_COST,
      },
      dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }

  const template = options.empty ? 'template0' : process.env[ENV_PG_TEMPLATE];
  if (!template) throw new Error('The PostgreSQL test template is missing: run the tests through jest (globalSetup)');
  const name = uniqueName('newsdesk_test');
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
      break;
    } catch (error) {
      // 55006: the template is busy (another file copying it at the same moment); try again.
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  return {
    kind,
    config: {
      dataDir: path.join(os.tmpdir(), 'newsdesk-unused'),
      databaseUrl: databaseUrl(name),
      compiledSchemaDir: process.env[ENV_SCHEMA_DIR],
      passwordHashCost: TEST_PASSWORD_HASH_COST,
    },
    dispose: () => adminQuery(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  };
}
