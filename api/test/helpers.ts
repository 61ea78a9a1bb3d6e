import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { databaseKinds, provisionDatabase, type DatabaseKind, type ProvisionedDatabase } from './database-env';

export const DEMO = {
  admin: 'admin-demo',
  editor: 'editor-demo',
  approver: 'approver-demo',
  submitter: 'submitter-demo',
} as const;
export type DemoUsername = keyof typeof DEMO;

export interface TestContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: ProvisionedDatabase;
  /** Every log line the app wrote (JSON text). */
  logs: string[];
  /** Signs in (JSON body) and returns the token. */
  login(username: DemoUsername, options?: { remember?: boolean }): Promise<string>;
  /** A GET with the AUTHENTICATION header. */
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface SuiteOptions {
  config?: Partial<AppConfig>;
  /** Start from a database without tables (to test migrations / first start). */
  empty?: boolean;
}

/** A log sink for the app's pino logger. */
export function captureLogs(): { stream: Writable; lines: string[]; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}

export async function startApp(kind: DatabaseKind, options: SuiteOptions = {}): Promise<Omit<TestContext, 'login' | 'get' | 'inject'>> {
  const database = await provisionDatabase(kind, { empty: options.empty });
  const logs = captureLogs();
  try {
    const app = await buildApp({
      // No session cache by default: many suites change sessions and users in SQL and expect the
      // next request to see it (the cache itself is tested in session-cache.test.ts).
      config: { demo: false, sessionCacheSeconds: 0, ...database.config, ...options.config },
      logger: { level: 'trace', stream: logs.stream },
    });
    await app.ready();
    return { kind, app, database, logs: logs.lines };
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

export function body<T = any>(response: LightMyRequestResponse): { code: number; data: T; message: string; total?: number } {
  return response.json();
}

/** A refusal: that status, in the envelope too, a message (text or pattern) and a machine error code. */
export function expectError(response: LightMyRequestResponse, status: number, message: string | RegExp): void {
  expect({ status: response.statusCode, ...body(response) }).toEqual({
    status,
    code: status,
    data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}

/**
 * Closes a test's app. Connections a test client left open (fetch keeps a connection alive for seconds
 * after an aborted event stream) are cut first: the server's close would otherwise wait for them.
 */
export async function closeApp(app: FastifyInstance): Promise<void> {
  if (app.server.listening) app.server.closeAllConnections();
  await app.close();
}

/**
 * Runs the suite once per database: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * Each run has its own app on its own fresh copy of the demo-seeded database.
 */
export function describeEachDatabase(name: string, suite: (ctx: TestContext) => void, options: SuiteOptions = {}): void {
  describe.each(databaseKinds())(`${name} [%s]`, (kind) => {
    const ctx = { kind, logs: [] as string[] } as TestContext;
    ctx.inject = (injectOptions) => ctx.app.inject(injectOptions);
    ctx.get = (url, token) => ctx.app.inject({ method: 'GET', url, headers: token ? { authentication: token } : {} });
    ctx.login = async (username, loginOptions = {}) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/session',
        payload: { username, password: DEMO[username], remember: loginOptions.remember ? '1' : '0' },
      });
      if (response.statusCode !== 200) throw new Error(`Sign-in as ${username} failed: ${response.body}`);
      return body<{ auth: string }>(response).data.auth;
    };

    beforeAll(async () => {
      Object.assign(ctx, await startApp(kind, options));
    });
    afterAll(async () => {
      if (ctx.app) await closeApp(ctx.app);
      await ctx.database?.dispose();
    });

    suite(ctx);
  });
}

/** Signs in to one app (JSON body) and returns the token. */
export async function signInTo(app: FastifyInstance, username: DemoUsername): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v2/session', payload: { username, password: DEMO[username] } });
  if (response.statusCode !== 200) throw new Error(`Sign-in as ${username} failed: ${response.body}`);
  return body<{ auth: string }>(response).data.auth;
}

/** Two API processes (apps) on one database: set once the suite's beforeAll has run. */
export interface ApiProcessPair {
  a: FastifyInstance;
  b: FastifyInstance;
}

/**
 * A suite about what must cross API processes (NOTIFY): two apps on one fresh PostgreSQL database,
 * started before the suite's tests and closed after them. Skipped without TEST_DATABASE_URL.
 */
export function describeTwoProcessesOnPostgres(name: string, config: Partial<AppConfig>, suite: (processes: ApiProcessPair) => void): void {
  const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
  describeOnPostgres(`${name} [postgres]`, () => {
    const processes = {} as ApiProcessPair;
    let database: ProvisionedDatabase | undefined;

    beforeAll(async () => {
      database = await provisionDatabase('postgres');
      const appConfig = { demo: false, sessionCacheSeconds: 0, ...config, ...database.config };
      processes.a = await buildApp({ config: appConfig, logger: false });
      processes.b = await buildApp({ config: appConfig, logger: false });
      await Promise.all([processes.a.ready(), processes.b.ready()]);
    });
    afterAll(async () => {
      if (processes.a) await closeApp(processes.a);
      if (processes.b) await closeApp(processes.b);
      await database?.dispose();
    });

    suite(processes);
  });
}
