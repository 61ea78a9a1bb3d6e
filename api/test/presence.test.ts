// Live presence (issue 15 part 4): GET /api/portal/events streams edit locks and article changes as
// Server-Sent Events, fed by NOTIFY article_presence (migration 0024). Runs on PGlite (in-process
// notifications) and, with TEST_DATABASE_URL, on PostgreSQL, where an event made through one API
// process reaches a client of another.
import type { FastifyInstance } from 'fastify';
import type { ArticleChangedEvent, LockEvent, PresenceEvent, PresenceSnapshot } from 'contracts/schemas/events';
import { postJson } from './article-edit-fixtures';
import { body, describeEachDatabase, describeTwoProcessesOnPostgres, signInTo, type TestContext } from './helpers';
import { openEventStream, type EventStream } from './presence-stream';

const isSnapshot = (event: PresenceEvent): event is PresenceSnapshot => event.type === 'snapshot';
const lockOf =
  (articleId: number, holder: number | null) =>
  (event: PresenceEvent): event is LockEvent =>
    event.type === 'lock' && event.article_id === articleId && (event.held_by?.id ?? null) === holder;
const changeOf =
  (articleId: number) =>
  (event: PresenceEvent): event is ArticleChangedEvent =>
    event.type === 'article' && event.article_id === articleId;

async function userIdOf(ctx: { app: FastifyInstance }, username: string): Promise<number> {
  const row = await ctx.app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/** An article of `owner` (or of anyone else when `notOwner`) that is not in the trash. */
async function articleOf(ctx: { app: FastifyInstance }, owner: number, notOwner = false): Promise<number> {
  const row = await ctx.app.db
    .selectFrom('articles')
    .select('id')
    .where('created_by', notOwner ? '<>' : '=', owner)
    .where('state', '<>', -2)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase(
  'live presence stream',
  (ctx: TestContext) => {
    const tokens: Record<string, string> = {};
    const ids: Record<string, number> = {};
    const streams: EventStream[] = [];
    const open = async (token: string | null) => {
      const stream = await openEventStream(ctx.app, token);
      streams.push(stream);
      return stream;
    };

    beforeAll(async () => {
      for (const user of ['admin', 'editor', 'submitter'] as const) {
        tokens[user] = await ctx.login(user);
        ids[user] = await userIdOf(ctx, user);
      }
    });
    afterEach(() => {
      for (const stream of streams.splice(0)) stream.close();
    });

    it('refuses without a session or with an unknown one (401, nothing streamed)', async () => {
      const none = await ctx.get('/api/portal/events');
      expect(none.statusCode).toBe(401);
      expect(body(none).data).toMatchObject({ error: 'unauthorized' });
      const unknown = await ctx.get('/api/portal/events', 'not-a-session-token');
      expect(unknown.statusCode).toBe(401);
      expect(body(unknown).data).toMatchObject({ error: 'session_expired' });
      // Over a real connection too (what the browser does): an error envelope, not a stream.
      const stream = await open(null);
      expect(stream.status).toBe(401);
    });

    it('starts with a snapshot of the live locks, then sends takes, take-overs and releases', async () => {
      const article = await articleOf(ctx, ids.submitter!);
      const editor = await open(tokens.editor!);
      expect(editor.status).toBe(200);
      expect(editor.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(editor.headers.get('x-frame-options')).toBe('DENY');
      expect(editor.headers.get('cache-control')).toBe('no-cache, no-transform');
      const first = await editor.next(isSnapshot);
      expect(first.locks.find((lock) => lock.article_id === article)).toBeUndefined();
      expect(first.heartbeat_ms).toBeGreaterThan(0);

      // The submitter opens their article (takes the lock), the admin takes it over, then frees it.
      expect((await ctx.get(`/api/portal/article?id=${article}`, tokens.submitter)).statusCode).toBe(200);
      const taken = await editor.next(lockOf(article, ids.submitter!));
      expect(taken.held_by).toEqual({ id: ids.submitter, name: expect.any(String) });
      expect(Date.parse(taken.expires as string)).toBeGreaterThan(Date.now());

      expect((await postJson(ctx, tokens.admin!, `/api/portal/lock/${article}/take`)).statusCode).toBe(200);
      await editor.next(lockOf(article, ids.admin!));

      // A stream opened now gets the admin's lock in its snapshot.
      const later = await open(tokens.editor!);
      const snapshot = await later.next(isSnapshot);
      expect(snapshot.locks).toContainEqual(
        expect.objectContaining({ article_id: article, held_by: expect.objectContaining({ id: ids.admin }) }),
      );

      expect((await postJson(ctx, tokens.admin!, `/api/portal/lock/${article}/release`)).statusCode).toBe(200);
      const freed = await editor.next(lockOf(article, null));
      expect(freed).toEqual({ type: 'lock', article_id: article, held_by: null, since: null, expires: null });
      await later.next(lockOf(article, null));
    });

    it('sends article changes with the new version (a list toggle here)', async () => {
      const article = await articleOf(ctx, ids.submitter!);
      const before = await ctx.app.db
        .selectFrom('articles')
        .select(['version', 'featured'])
        .where('id', '=', article)
        .executeTakeFirstOrThrow();
      const editor = await open(tokens.editor!);
      await editor.next(isSnapshot);
      const update = await postJson(ctx, tokens.admin!, '/api/portal/article/update', {
        id: article,
        field: 'featured',
        value: before.featured === 1 ? 0 : 1,
      });
      expect(update.statusCode).toBe(200);
      const changed = await editor.next(changeOf(article));
      expect(changed).toMatchObject({ version: before.version + 1, deleted: false });
    });

    it("sends a user only the articles they may see: a submitter hears their own, not another's", async () => {
      const own = await articleOf(ctx, ids.submitter!);
      const others = await articleOf(ctx, ids.submitter!, true);
      const submitter = await open(tokens.submitter!);
      const everyone = await open(tokens.editor!);
      await Promise.all([submitter.next(isSnapshot), everyone.next(isSnapshot)]);

      // Another's article first, then the submitter's own: events come in commit order, so when the
      // own one has arrived the other would have arrived before it.
      for (const id of [others, own]) {
        expect((await ctx.get(`/api/portal/article?id=${id}`, tokens.admin)).statusCode).toBe(200);
        expect((await postJson(ctx, tokens.admin!, `/api/portal/lock/${id}/release`)).statusCode).toBe(200);
      }
      await submitter.next(lockOf(own, null));
      await everyone.next(lockOf(own, null));
      expect(submitter.events.filter((event) => 'article_id' in event && event.article_id === others)).toEqual([]);
      expect(everyone.events.filter((event) => 'article_id' in event && event.article_id === others).length).toBeGreaterThan(0);

      // The snapshot follows the same rule.
      expect((await ctx.get(`/api/portal/article?id=${others}`, tokens.admin)).statusCode).toBe(200);
      const late = await open(tokens.submitter!);
      const snapshot = await late.next(isSnapshot);
      expect(snapshot.locks.map((lock) => lock.article_id)).not.toContain(others);
      expect((await postJson(ctx, tokens.admin!, `/api/portal/lock/${others}/release`)).statusCode).toBe(200);
    });

    it('sends heartbeats and ends the stream when its session ends', async () => {
      const token = await ctx.login('editor');
      const stream = await open(token);
      await stream.next(isSnapshot);
      await stream.next((event) => event.type === 'heartbeat');
      const out = await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } });
      expect(out.statusCode).toBe(200);
      await stream.ended;
    });
  },
  { config: { presenceHeartbeatMs: 150 } },
);

describeTwoProcessesOnPostgres('live presence across API processes', {}, (processes) => {
  it('a lock taken and an article changed through process A reach a client of process B', async () => {
    const { a, b } = processes;
    const editorId = await userIdOf({ app: a }, 'editor');
    const article = await articleOf({ app: a }, editorId, true);
    const watcher = await openEventStream(b, await signInTo(b, 'approver'));
    try {
      await watcher.next(isSnapshot);
      const editor = await signInTo(a, 'editor');
      const opened = await a.inject({ method: 'GET', url: `/api/portal/article?id=${article}`, headers: { authentication: editor } });
      expect(opened.statusCode).toBe(200);
      const lock = await watcher.next(lockOf(article, editorId));
      expect(lock.held_by?.name).toBeTruthy();

      // Any write reaches it, also one made in SQL by hand.
      const after = await a.db
        .updateTable('articles')
        .set((eb) => ({ title: 'Changed by hand in SQL', version: eb('version', '+', 1) }))
        .where('id', '=', article)
        .returning('version')
        .executeTakeFirstOrThrow();
      const changed = await watcher.next(changeOf(article));
      expect(changed.version).toBe(after.version);
    } finally {
      watcher.close();
    }
  });
});
