import type { FastifyInstance } from 'fastify';
import type { PresenceEvent } from 'contracts/schemas/events';
import { hashToken } from '../src/lib/tokens';
import { describeTwoProcessesOnPostgres, signInTo } from './helpers';
import { changeOf, openEventStream, setRoles, touchOthersArticle } from './presence-stream';

/**
 * Issue 11, defect 22: two API processes on one PostgreSQL database, each with its session cache.
 * A session revoked (signed out) or ended (expiry moved, user disabled) through one of them, or in
 * SQL, is refused by the other at once: NOTIFY session_revoked evicts it (no waiting out the TTL).
 */
describeTwoProcessesOnPostgres(
  'session revocation across API processes',
  // A long cache TTL: anything refused within 2 s was evicted, not expired.
  { sessionCacheSeconds: 600 },
  (processes) => {
    const user = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: token } });
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
      const { a, b } = processes;
      const token = await signInTo(a, 'editor');
      expect((await user(b, token)).statusCode).toBe(200); // now cached in B
      expect((await user(b, token)).statusCode).toBe(200);
      expect(b.auth.cachedSessions()).toBeGreaterThan(0);
      const out = await a.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } });
      expect(out.statusCode).toBe(200);
      expect(await refusedWithin(b, token)).toBe(401);
    });

    it('expiry moved into the past in SQL, or the user disabled: both processes refuse at once', async () => {
      const { a, b } = processes;
      const expired = await signInTo(b, 'approver');
      const disabled = await signInTo(a, 'submitter');
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
      const other = await signInTo(a, 'admin');
      expect((await user(b, other)).statusCode).toBe(200);
    });
  },
);

/**
 * An open event stream of process B ends as soon as process A (or SQL) ends its session or changes
 * its user's rights: B hears session_revoked on the LISTEN connection of its streams, in commit order
 * with the article changes, so nothing committed after a demotion reaches the demoted user. The
 * heartbeat (which also checks the session) is far longer than the test.
 */
describeTwoProcessesOnPostgres('event streams across API processes', { presenceHeartbeatMs: 600_000 }, (processes) => {
  const isSnapshot = (event: PresenceEvent) => event.type === 'snapshot';

  it('sign-out in A ends the stream in B at once; another session of the user keeps streaming', async () => {
    const { a, b } = processes;
    const token = await signInTo(a, 'editor');
    const stream = await openEventStream(b, token);
    const kept = await openEventStream(b, await signInTo(a, 'editor'));
    try {
      await Promise.all([stream.next(isSnapshot), kept.next(isSnapshot)]);
      const out = await a.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } });
      expect(out.statusCode).toBe(200);
      await stream.ended;
      const touched = await touchOthersArticle(a, 'editor');
      await kept.next(changeOf(touched.id, touched.version));
      expect(stream.events.filter(changeOf(touched.id, touched.version))).toEqual([]);
    } finally {
      stream.close();
      kept.close();
    }
  });

  it('a demotion in A ends the stream in B before an article of another user changed right after it gets through', async () => {
    const { a, b } = processes;
    const stream = await openEventStream(b, await signInTo(a, 'approver'));
    try {
      await stream.next(isSnapshot);
      const seen = await touchOthersArticle(a, 'approver');
      await stream.next(changeOf(seen.id, seen.version));
      await setRoles(a, 'approver', ['submitter']);
      const hidden = await touchOthersArticle(a, 'approver');
      await stream.ended;
      expect(stream.events.filter(changeOf(hidden.id, hidden.version))).toEqual([]);
    } finally {
      stream.close();
      await setRoles(a, 'approver', ['approver']);
    }
  });

  it('a user disabled or a session expired in SQL ends their streams in B', async () => {
    const { a, b } = processes;
    const expiring = await signInTo(a, 'admin');
    const streams = [await openEventStream(b, expiring), await openEventStream(b, await signInTo(a, 'submitter'))];
    try {
      await Promise.all(streams.map((stream) => stream.next(isSnapshot)));
      await a.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('token_hash', '=', hashToken(expiring))
        .execute();
      await a.db.updateTable('users').set({ enabled: false }).where('username', '=', 'submitter').execute();
      await Promise.all(streams.map((stream) => stream.ended));
    } finally {
      for (const stream of streams) stream.close();
      await a.db.updateTable('users').set({ enabled: true }).where('username', '=', 'submitter').execute();
    }
  });
});
