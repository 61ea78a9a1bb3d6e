// GET /api/portal/events lives no longer than its session and its rights: a sign-out, a disabled user,
// a demotion, an expiry end the stream at once (not at the next heartbeat; the heartbeat here is
// far longer than any wait), and nothing about an article the user may no longer see gets through.
// Streams are capped per session, per user and per process, and connections per process.
import type { FastifyInstance } from 'fastify';
import type { PresenceEvent } from 'contracts/schemas/events';
import { body, describeEachDatabase, type TestContext } from './helpers';
import { baseUrl, changeOf, openEventStream, setRoles, touchOthersArticle, type EventStream } from './presence-stream';

/** Longer than any test: a stream that ends did not end at a heartbeat. */
const NO_HEARTBEAT_MS = 600_000;

const isSnapshot = (event: PresenceEvent) => event.type === 'snapshot';

describeEachDatabase(
  'event stream and its session',
  (ctx: TestContext) => {
    const streams: EventStream[] = [];
    const open = async (token: string) => {
      const stream = await openEventStream(ctx.app, token);
      streams.push(stream);
      return stream;
    };
    afterEach(() => {
      for (const stream of streams.splice(0)) stream.close();
    });

    it('ends at once on sign-out, and only the stream of that session', async () => {
      const token = await ctx.login('editor');
      const other = await ctx.login('editor');
      const stream = await open(token);
      const kept = await open(other);
      await Promise.all([stream.next(isSnapshot), kept.next(isSnapshot)]);
      const out = await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } });
      expect(out.statusCode).toBe(200);
      await stream.ended;
      const touched = await touchOthersArticle(ctx.app, 'editor');
      await kept.next(changeOf(touched.id, touched.version));
      expect(stream.events.some(changeOf(touched.id, touched.version))).toBe(false);
    });

    it('ends at once when the user is disabled', async () => {
      const token = await ctx.login('submitter');
      const stream = await open(token);
      await stream.next(isSnapshot);
      await ctx.app.db.updateTable('users').set({ enabled: false }).where('username', '=', 'submitter').execute();
      try {
        await stream.ended;
      } finally {
        await ctx.app.db.updateTable('users').set({ enabled: true }).where('username', '=', 'submitter').execute();
      }
    });

    it("ends at once on a demotion, before any event about another user's article gets through", async () => {
      const token = await ctx.login('approver');
      const stream = await open(token);
      await stream.next(isSnapshot);
      const seen = await touchOthersArticle(ctx.app, 'approver');
      await stream.next(changeOf(seen.id, seen.version)); // view_all_articles: it is seen now
      await setRoles(ctx.app, 'approver', ['submitter']);
      try {
        // Committed right after the demotion: must not reach the demoted user.
        const hidden = await touchOthersArticle(ctx.app, 'approver');
        await stream.ended;
        expect(stream.events.filter(changeOf(hidden.id, hidden.version))).toEqual([]);
        // A new stream is what the user may see now.
        const again = await open(token);
        await again.next(isSnapshot);
        await touchOthersArticle(ctx.app, 'approver');
        // Events come in commit order: once an admin's stream has the later change, the demoted
        // user's would have had the earlier one.
        const marker = await ctx.login('admin');
        const watcher = await open(marker);
        await watcher.next(isSnapshot);
        const last = await touchOthersArticle(ctx.app, 'approver');
        await watcher.next(changeOf(last.id, last.version));
        expect(again.events.filter((event) => event.type === 'article')).toEqual([]);
      } finally {
        await setRoles(ctx.app, 'approver', ['approver']);
      }
    });

    it('caps the streams of one session and of one user with 429 too_many_event_streams', async () => {
      const session = await ctx.login('submitter');
      const first = await open(session);
      const second = await open(session);
      await Promise.all([first.next(isSnapshot), second.next(isSnapshot)]);
      const refused = await open(session);
      expect(refused.status).toBe(429);
      await refused.ended;
      const text = await fetch(`${await baseUrl(ctx.app)}/api/portal/events`, { headers: { authentication: session } });
      expect({ status: text.status, body: await text.json() }).toEqual({
        status: 429,
        body: { code: 429, data: { error: 'too_many_event_streams', params: { limit: 2 } }, message: expect.stringContaining('at most 2') },
      });
      // Another session of the same user: one more, then the user's cap.
      const third = await open(await ctx.login('submitter'));
      await third.next(isSnapshot);
      const overUser = await open(await ctx.login('submitter'));
      expect(overUser.status).toBe(429);
      // A closed stream frees its place.
      first.close();
      await first.ended;
      const reopened = await waitForStatus(ctx.app, session, 200);
      expect(reopened).toBe(200);
    });
  },
  { config: { presenceHeartbeatMs: NO_HEARTBEAT_MS, eventStreamsPerSession: 2, eventStreamsPerUser: 3 } },
);

/** Opens streams until one gets `status` (the server hears a closed stream a moment after the client). */
async function waitForStatus(app: FastifyInstance, token: string, status: number): Promise<number> {
  let last = 0;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const controller = new AbortController();
    const response = await fetch(`${await baseUrl(app)}/api/portal/events`, {
      headers: { authentication: token },
      signal: controller.signal,
    });
    last = response.status;
    controller.abort();
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return last;
}

describeEachDatabase(
  'event stream and its session expiry',
  (ctx: TestContext) => {
    it('ends when its session expires, without a heartbeat', async () => {
      const stream = await openEventStream(ctx.app, await ctx.login('editor'));
      try {
        await stream.next(isSnapshot);
        await stream.ended;
      } finally {
        stream.close();
      }
    });
  },
  // 1.8 s sessions, never renewed meanwhile.
  { config: { presenceHeartbeatMs: NO_HEARTBEAT_MS, sessionTtlHours: 0.0005 } },
);

describeEachDatabase(
  'connection cap',
  (ctx: TestContext) => {
    it('answers a connection over the cap 503 server_busy and closes it; the others keep working', async () => {
      const token = await ctx.login('admin');
      const streams = [await openEventStream(ctx.app, token), await openEventStream(ctx.app, token)];
      try {
        await Promise.all(streams.map((stream) => stream.next(isSnapshot)));
        const over = await fetch(`${await baseUrl(ctx.app)}/api/v2/user`, { headers: { authentication: token } });
        expect({ status: over.status, connection: over.headers.get('connection'), body: await over.json() }).toEqual({
          status: 503,
          connection: 'close',
          body: { code: 503, data: { error: 'server_busy' }, message: expect.any(String) },
        });
        // In-process requests are no connections: the API itself still answers.
        expect(body(await ctx.get('/api/v2/user', token)).code).toBe(200);
      } finally {
        for (const stream of streams) stream.close();
      }
    });
  },
  { config: { presenceHeartbeatMs: NO_HEARTBEAT_MS, maxConnections: 2 } },
);
