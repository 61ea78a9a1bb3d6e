import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../src/lib/passwords';
import { TEST_PASSWORD_HASH_COST } from './database-env';
import { body, DEMO, describeEachDatabase, describeTwoProcessesOnPostgres, type DemoUsername } from './helpers';

/**
 * Sign-in behind a load balancer: the proxy's forwarded client address counts only when TRUST_PROXY
 * names the proxy; failed sign-ins are limited per (name, client address) and per client address in
 * the database, so a newsroom signing in through one address is not limited, a guesser elsewhere
 * cannot lock a colleague out, and the limits hold across API processes.
 */
const PROXY = '10.0.0.1';
const ADDRESS_LIMIT = 30;

type Injector = Pick<FastifyInstance, 'inject'>;

/** A sign-in that reaches the API through the proxy, for the client `client` (or straight from `peer`). */
function signIn(app: Injector, username: string, password: string, client: string, peer = PROXY) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/session',
    payload: { username, password },
    remoteAddress: peer,
    headers: { 'x-forwarded-for': client },
  });
}

async function statuses(app: Injector, attempts: Array<[string, string, string]>): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const [username, password, client] of attempts) {
    const status = (await signIn(app, username, password, client)).statusCode;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

describeEachDatabase(
  'sign-in limits behind a proxy',
  (ctx) => {
    beforeEach(async () => {
      await ctx.app.db.deleteFrom('login_failures').execute();
    });

    // The time is printed, not asserted; every sign-in falls inside one failure window.
    it('200 colleagues sign in through one proxy from one office address: all 200 succeed', async () => {
      const passwordHash = await hashPassword('newsroom-pass', TEST_PASSWORD_HASH_COST);
      expect(await verifyPassword('newsroom-pass', passwordHash)).toBe(true);
      const names = Array.from({ length: 200 }, (_, index) => `reporter${String(index).padStart(3, '0')}`);
      const ids = await ctx.app.db
        .insertInto('users')
        .values(names.map((username) => ({ username, name: username, email: null, password_hash: passwordHash })))
        .returning('id')
        .execute();
      expect(ids).toHaveLength(200);
      // A few wrong passwords in the same minute from the same office: typos, not an attack.
      await statuses(ctx.app, [
        ['reporter000', 'typo', '192.0.2.10'],
        ['reporter001', 'typo', '192.0.2.10'],
      ]);
      const started = Date.now();
      const codes: number[] = [];
      // Eight at a time, as people arrive in the morning.
      for (let offset = 0; offset < names.length; offset += 8) {
        const batch = names.slice(offset, offset + 8);
        const answers = await Promise.all(batch.map((username) => signIn(ctx.app, username, 'newsroom-pass', '192.0.2.10')));
        codes.push(...answers.map((answer) => answer.statusCode));
      }
      const seconds = (Date.now() - started) / 1000;
      const succeeded = codes.filter((code) => code === 200).length;
      console.log(`[${ctx.kind}] 200 distinct users through one proxy address: ${succeeded} of 200 signed in, in ${seconds.toFixed(1)} s`);
      expect(succeeded).toBe(200);
      // The sessions carry the office's address, not the proxy's.
      const sessionAddresses = await ctx.app.db
        .selectFrom('sessions')
        .select('ip')
        .distinct()
        .where(
          'user_id',
          'in',
          ids.map((row) => row.id),
        )
        .execute();
      expect(sessionAddresses).toEqual([{ ip: '192.0.2.10' }]);
    }, 180_000);

    it('20 wrong passwords for a user from one address do not stop that user signing in from another', async () => {
      const wrong = await statuses(
        ctx.app,
        Array.from({ length: 20 }, () => ['editor', 'guess', '203.0.113.9'] as [string, string, string]),
      );
      expect(wrong).toEqual({ 401: 5, 429: 15 });
      // Even the right password is refused from the guesser's address...
      expect((await signIn(ctx.app, 'editor', DEMO.editor, '203.0.113.9')).statusCode).toBe(429);
      // ...but the user at their own desk signs in.
      const own = await signIn(ctx.app, 'editor', DEMO.editor, '198.51.100.7');
      console.log(
        `[${ctx.kind}] 20 wrong passwords for editor from 203.0.113.9 (${wrong[401]} checked, ${wrong[429]} refused): editor from 198.51.100.7 answered ${own.statusCode}`,
      );
      expect(own.statusCode).toBe(200);
    });

    it('blocks an address that sprays wrong passwords over many names; other addresses keep signing in', async () => {
      const spray = await statuses(
        ctx.app,
        Array.from({ length: ADDRESS_LIMIT }, (_, index) => [`nobody${index}`, 'guess', '203.0.113.66'] as [string, string, string]),
      );
      expect(spray).toEqual({ 401: ADDRESS_LIMIT });
      const blocked = await signIn(ctx.app, 'approver', DEMO.approver, '203.0.113.66');
      expect(blocked.statusCode).toBe(429);
      expect(body(blocked)).toEqual({
        code: 429,
        data: { error: 'too_many_sign_in_attempts', params: { minutes: 15 } },
        message: 'Too many failed sign-in attempts, try again in 15 minutes',
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect((await signIn(ctx.app, 'approver', DEMO.approver, '203.0.113.67')).statusCode).toBe(200);
      // The refusal is in the activity log with its reason and the client's address.
      const refused = await ctx.app.db
        .selectFrom('activity_log')
        .select('details')
        .where('action', '=', 'sign_in_refused')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(refused.details).toMatchObject({ reason: 'address_blocked', ip: '203.0.113.66', username: 'approver' });
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
      const answer = await signIn(ctx.app, 'submitter', 'guess', '198.51.100.99', '10.0.0.2');
      expect(answer.statusCode).toBe(401);
      const recorded = await ctx.app.db.selectFrom('login_failures').select('ip').execute();
      expect(recorded).toEqual([{ ip: '10.0.0.2' }]);
    });
  },
  { config: { trustProxy: [PROXY], loginAddressMaxFailures: ADDRESS_LIMIT } },
);

describeEachDatabase('sign-in without TRUST_PROXY', (ctx) => {
  it('takes the socket peer as the client, whatever X-Forwarded-For claims', async () => {
    expect((await signIn(ctx.app, 'submitter', 'guess', '198.51.100.99')).statusCode).toBe(401);
    const recorded = await ctx.app.db.selectFrom('login_failures').select('ip').execute();
    expect(recorded).toEqual([{ ip: PROXY }]);
  });
});

describeEachDatabase(
  'sign-in behind one proxy hop (TRUST_PROXY=1)',
  (ctx) => {
    it('takes the address the nearest proxy saw, not one the client put in front of it', async () => {
      expect((await signIn(ctx.app, 'submitter', 'guess', '198.51.100.1, 203.0.113.20', '10.9.9.9')).statusCode).toBe(401);
      const recorded = await ctx.app.db.selectFrom('login_failures').select('ip').execute();
      expect(recorded).toEqual([{ ip: '203.0.113.20' }]);
    });
  },
  { config: { trustProxy: 1 } },
);

describeTwoProcessesOnPostgres('sign-in limits across API processes', { trustProxy: [PROXY] }, (processes) => {
  it('failures counted by one process refuse the name on the other; another address is not affected', async () => {
    const { a, b } = processes;
    const attempt = (app: FastifyInstance, username: DemoUsername, password: string, client: string) =>
      signIn(app, username, password, client).then((answer) => answer.statusCode);
    for (const app of [a, b, a, b, a]) expect(await attempt(app, 'approver', 'guess', '203.0.113.5')).toBe(401);
    expect(await attempt(b, 'approver', DEMO.approver, '203.0.113.5')).toBe(429);
    expect(await attempt(a, 'approver', DEMO.approver, '203.0.113.5')).toBe(429);
    expect(await attempt(b, 'approver', DEMO.approver, '198.51.100.5')).toBe(200);
  });
});
