import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { hashToken } from '../src/lib/tokens';
import { provisionDatabase, type ProvisionedDatabase } from './database-env';
import { DEMO } from './helpers';

/**
 * Issue 11, defect 22: two API processes on one PostgreSQL database, each with its session cache.
 * A session revoked (signed out) or ended (expiry moved, user disabled) through one of them, or in
 * SQL, is refused by the other at once: NOTIFY session_revoked evicts it (no waiting out the TTL).
 */
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('session revocation across API processes [postgres]', () => {
  let database: ProvisionedDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await provisionDatabase('postgres');
    // A long cache TTL: anything refused within 2 s was evicted, not expired.
    const config = { demo: false, sessionCacheSeconds: 600, ...database.config };
    a = await buildApp({ config, logger: false });
    b = await buildApp({ config, logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.dispose();
  });

  const user = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: token } });
  async function signIn(app: FastifyInstance, username: keyof typeof DEMO): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/v2/session', payload: { username, password: DEMO[username] } });
    return response.json().data.auth;
  }
  /** Polls until `app` refuses the token (the notification arrived), at most ~2 s; the status seen last. */
  async function refusedWithin(app: FastifyInstance, token: string, ms = 2_000): Promise<number> {
    const deadline = Date.now() + ms;
    let status = (await user(app, token)).statusCode;
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await user(app, token)).statusCode;
    }
    return status;
  }

  it('sign-out in A: B refuses the token at once', async () => {
    const token = await signIn(a, 'editor');
    expect((await user(b, token)).statusCode).toBe(200); // now cached in B
    expect((await user(b, token)).statusCode).toBe(200);
    expect(b.auth.cachedSessions()).toBeGreaterThan(0);
    const out = await a.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } });
    expect(out.statusCode).toBe(200);
    expect(await refusedWithin(b, token)).toBe(401);
  });

  it('expiry moved into the past in SQL, or the user disabled: both processes refuse at once', async () => {
    const expired = await signIn(b, 'approver');
    const disabled = await signIn(a, 'submitter');
    for (const token of [expired, disabled]) {
      expect((await user(a, token)).statusCode).toBe(200);
      expect((await user(b, token)).statusCode).toBe(200);
    }
    await a.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(expired))
      .execute();
    await a.db.updateTable('users').set({ enabled: false }).where('username', '=', 'submitter').execute();
    for (const app of [a, b]) {
      expect(await refusedWithin(app, expired)).toBe(401);
      expect(await refusedWithin(app, disabled)).toBe(401);
    }
    // Other sessions stay cached and working.
    const other = await signIn(a, 'admin');
    expect((await user(b, other)).statusCode).toBe(200);
  });
});
