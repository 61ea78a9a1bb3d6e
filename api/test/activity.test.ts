// The activity log (issue 15 part 2): every state-changing call records who, when, what and the
// before → after of the fields that changed, in the transaction of the change; sign-ins, sign-outs
// and refused sign-ins without secrets; GET /api/v2/activity (right view_activity) with its filters
// and paging; an article's own activity for whoever may see the article.
import { sql } from 'kysely';
import type { ActivityEntry } from 'contracts/schemas/activity';
import { recordActivity } from '../src/services/activity';
import { SYSTEM_ACTOR } from '../src/services/system-actor';
import { saveForm, upload } from './article-edit-fixtures';
import { userId } from './articles-fixtures';
import { body, DEMO, describeEachDatabase, type DemoUsername } from './helpers';

describeEachDatabase('activity log', (ctx) => {
  const tokens = {} as Record<DemoUsername, string>;
  const ids = {} as Record<DemoUsername, number>;
  /** An image every form carries (the editor requires one). */
  let images: Array<{ id: number; description: string }> = [];

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'approver', 'submitter'] as const) {
      tokens[user] = await ctx.login(user);
      ids[user] = await userId(ctx, user);
    }
    images = [{ id: (await upload(ctx, tokens.editor, 'Pier')).id, description: 'Pier' }];
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: DemoUsername, payload?: Record<string, unknown>) =>
    ctx.inject({ method, url, headers: { authentication: tokens[user] }, ...(payload ? { payload } : {}) });
  /** The log as the admin reads it (the query string as given). */
  async function activity(query: string, user: DemoUsername = 'admin') {
    const response = await ctx.get(`/api/v2/activity?${query}`, tokens[user]);
    expect(response.statusCode).toBe(200);
    return body<ActivityEntry[]>(response) as { data: ActivityEntry[]; total: number };
  }
  const entriesOf = async (entity: string, id: number) => (await activity(`entity=${entity}&entity_id=${id}&limit=100`)).data;
  const rowCount = async () => Number((await sql<{ n: string }>`select count(*) n from activity_log`.execute(ctx.app.db)).rows[0]!.n);

  /** The editor form of an article titled `title`, every field the editor requires filled in. */
  const articleForm = (title: string) => ({
    title,
    introtext: '<p>Intro</p>',
    text: '<p>Body</p>',
    main_category_id: 100,
    images,
    topics: [100],
    access: 2,
    featured: 0,
    newsletter: 0,
  });

  async function newArticle(user: DemoUsername, title: string): Promise<{ id: number; version: number }> {
    const response = await saveForm(ctx, tokens[user], { id: 0, ...articleForm(title) });
    if (response.statusCode !== 200) throw new Error(response.body);
    return body<{ id: number; version: number }>(response).data;
  }

  describe('articles', () => {
    it('an editor save records create, then update with the fields that changed (before → after)', async () => {
      const created = await newArticle('editor', 'Harbour opens');
      const saved = await saveForm(ctx, tokens.editor, {
        id: created.id,
        version: created.version,
        ...articleForm('Harbour opens at dawn'),
      });
      expect(saved.statusCode).toBe(200);

      const [update, create] = await entriesOf('article', created.id);
      expect(create).toMatchObject({
        actor: { id: ids.editor, name: 'Erin Editor' },
        entity: 'article',
        entity_id: created.id,
        action: 'create',
      });
      expect(create!.changes.title).toEqual({ from: null, to: 'Harbour opens' });
      // A new article's empty fields are no change; the fields keep the order they were recorded in.
      expect(Object.keys(create!.changes)).toEqual([
        'title',
        'catid',
        'main_category_id',
        'state',
        'access',
        'featured',
        'newsletter',
        'date',
        'introtext',
        'text',
        'main_image',
        'images',
        'topics',
        'references_at_source',
        'use_source_link',
        'videos_at_source',
      ]);
      // Categories and images come with their names today (the changes keep their ids).
      const category = await ctx.app.db.selectFrom('categories').select('title').where('id', '=', 100).executeTakeFirstOrThrow();
      expect(create!.changes.catid).toEqual({ from: null, to: 100 });
      expect(create!.names).toMatchObject({ 'category:100': category.title, [`image:${images[0]!.id}`]: 'Pier' });
      expect(update).toMatchObject({ actor: { id: ids.editor }, action: 'update', details: null, names: {} });
      // Only what moved: the title (the other fields were sent unchanged).
      expect(update!.changes).toEqual({ title: { from: 'Harbour opens', to: 'Harbour opens at dawn' } });
      expect(new Date(update!.at).getTime()).toBeGreaterThanOrEqual(new Date(create!.at).getTime());
    });

    it('restoring a revision is recorded as that (restore_revision, the version brought back), not as a change', async () => {
      const created = await newArticle('editor', 'Pier closes');
      const edited = await saveForm(ctx, tokens.editor, { id: created.id, version: created.version, ...articleForm('Pier closes early') });
      expect(edited.statusCode).toBe(200);
      const list = await ctx.get(`/api/portal/article/${created.id}/revisions`, tokens.editor);
      const first = body<Array<{ id: number; version: number }>>(list).data.find((revision) => revision.version === 1)!;
      const restored = await call('POST', `/api/portal/article/${created.id}/revisions/${first.id}/restore`, 'editor', {
        version: body<{ version: number }>(edited).data.version,
      });
      expect(restored.statusCode).toBe(200);

      const [entry] = await entriesOf('article', created.id);
      expect(entry).toMatchObject({ actor: { id: ids.editor }, action: 'restore_revision', details: { restored_version: 1 } });
      expect(entry!.changes).toEqual({ title: { from: 'Pier closes early', to: 'Pier closes' } });
      expect((await activity(`entity=article&entity_id=${created.id}&action=restore_revision`)).total).toBe(1);
    });

    it('long texts are kept short in the log, and a change past the cut still counts', async () => {
      const created = await newArticle('editor', 'Long text');
      const long = `<p>${'a'.repeat(1000)}</p>`;
      const longer = `<p>${'a'.repeat(1000)}b</p>`;
      const form = { title: 'Long text', introtext: '<p>Intro</p>', main_category_id: 100, images, topics: [100], access: 2 };
      const first = await saveForm(ctx, tokens.editor, { ...form, id: created.id, version: created.version, text: long });
      const second = await saveForm(ctx, tokens.editor, { ...form, id: created.id, version: created.version + 1, text: longer });
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const [last] = await entriesOf('article', created.id);
      const change = last!.changes.text as { from: string; to: string };
      expect(change.from.length).toBeLessThanOrEqual(301);
      expect(change.from.endsWith('…')).toBe(true);
      expect(change.to.endsWith('…')).toBe(true);
    });

    it('list changes record the field: approved by the approver, featured by the editor; a no-op records nothing', async () => {
      const { id } = await newArticle('submitter', 'To approve');
      expect((await call('POST', `/api/portal/article/${id}/submit`, 'submitter')).statusCode).toBe(200);
      expect((await call('POST', '/api/portal/article/update', 'approver', { id, field: 'state', value: 1 })).statusCode).toBe(200);
      expect((await call('POST', '/api/portal/article/update', 'editor', { id, field: 'featured', value: 1 })).statusCode).toBe(200);
      const before = await rowCount();
      // Featured already: changes nothing, records nothing.
      expect((await call('POST', '/api/portal/article/update', 'editor', { id, field: 'featured', value: 1 })).statusCode).toBe(200);
      expect(await rowCount()).toBe(before);

      const entries = await entriesOf('article', id);
      expect(entries.map((entry) => [entry.action, entry.actor?.id, entry.changes])).toEqual([
        ['update', ids.editor, { featured: { from: 0, to: 1 } }],
        ['update', ids.approver, { state: { from: 4, to: 1 } }],
        ['submit', ids.submitter, { state: { from: 5, to: 4 } }],
        ['create', ids.submitter, expect.objectContaining({ title: { from: null, to: 'To approve' } })],
      ]);
    });

    it('trash, restore (to the state it had) and delete for good are recorded; the purge keeps the last values', async () => {
      const { id } = await newArticle('admin', 'Short-lived');
      for (const url of [
        '/api/portal/article/delete',
        '/api/portal/article/restore',
        '/api/portal/article/delete',
        '/api/portal/article/delete',
      ]) {
        expect((await call('POST', url, 'admin', { id })).statusCode).toBe(200);
      }
      const entries = await entriesOf('article', id);
      expect(entries.map((entry) => [entry.action, entry.changes.state])).toEqual([
        ['purge', { from: -2, to: null }],
        ['delete', { from: 5, to: -2 }],
        ['restore', { from: -2, to: 5 }],
        ['delete', { from: 5, to: -2 }],
        ['create', { from: null, to: 5 }],
      ]);
    });

    it('bulk actions are recorded per article through the same changes; a refused row records nothing', async () => {
      const first = await newArticle('editor', 'Bulk one');
      const second = await newArticle('editor', 'Bulk two');
      const featured = await call('POST', '/api/portal/articles/bulk', 'editor', { ids: [first.id, second.id], action: 'feature' });
      expect(body(featured).data).toMatchObject({ done: 2 });
      for (const { id } of [first, second]) {
        const [latest] = await entriesOf('article', id);
        expect(latest).toMatchObject({ action: 'update', actor: { id: ids.editor }, changes: { featured: { from: 0, to: 1 } } });
      }
      const before = await rowCount();
      const refused = await call('POST', '/api/portal/articles/bulk', 'submitter', { ids: [first.id], action: 'unfeature' });
      expect(body(refused).data).toMatchObject({ refused: 1 });
      expect(await rowCount()).toBe(before);
    });

    it('a refused change records nothing (rights, stale version)', async () => {
      const created = await newArticle('submitter', 'Refusals');
      const before = await rowCount();
      expect(
        (await call('POST', '/api/portal/article/update', 'submitter', { id: created.id, field: 'featured', value: 1 })).statusCode,
      ).toBe(403);
      const stale = await saveForm(ctx, tokens.submitter, {
        id: created.id,
        version: created.version + 5,
        title: 'Stale',
        main_category_id: 100,
        images,
        topics: [100],
        access: 2,
      });
      expect(stale.statusCode).toBe(409);
      expect(await rowCount()).toBe(before);
    });

    it("the editor's panel: an article's own activity for whoever may see it, else 403 / 404", async () => {
      const { id } = await newArticle('submitter', 'Own activity');
      const own = await ctx.get(`/api/portal/article/${id}/activity`, tokens.submitter);
      expect(own.statusCode).toBe(200);
      expect(body(own)).toMatchObject({ total: 1, data: [{ action: 'create', entity_id: id }] });
      const other = await newArticle('editor', 'Not yours');
      expect((await ctx.get(`/api/portal/article/${other.id}/activity`, tokens.submitter)).statusCode).toBe(403);
      expect((await ctx.get(`/api/portal/article/${other.id}/activity`, tokens.approver)).statusCode).toBe(200);
      expect(body(await ctx.get('/api/portal/article/2000000000/activity', tokens.editor))).toMatchObject({
        code: 404,
        data: { error: 'article_not_found' },
      });
      expect((await ctx.get(`/api/portal/article/${id}/activity`)).statusCode).toBe(401);
    });
  });

  describe('categories and importers', () => {
    it('category create, update, move, disable, enable and delete, each with before → after', async () => {
      const created = body(await call('POST', '/api/v2/portal/category', 'editor', { title: 'Activity desk', parent_id: 100 }));
      const id = created.data.id as number;
      const renamed = await call('POST', '/api/v2/portal/category', 'editor', {
        id,
        version: created.data.version,
        title: 'Activity room',
      });
      expect(renamed.statusCode).toBe(200);
      expect((await call('POST', `/api/v2/portal/category/${id}/move`, 'editor', { position: 1 })).statusCode).toBe(200);
      expect((await call('POST', `/api/v2/portal/category/${id}/disable`, 'editor')).statusCode).toBe(200);
      expect((await call('POST', `/api/v2/portal/category/${id}/enable`, 'editor')).statusCode).toBe(200);
      expect((await call('DELETE', `/api/v2/portal/category/${id}`, 'editor')).statusCode).toBe(200);

      const entries = await entriesOf('category', id);
      expect(entries.map((entry) => entry.action)).toEqual(['delete', 'enable', 'disable', 'move', 'update', 'create']);
      const byAction = Object.fromEntries(entries.map((entry) => [entry.action, entry]));
      expect(byAction.create!.changes).toMatchObject({ title: { from: null, to: 'Activity desk' }, parent_id: { from: null, to: 100 } });
      expect(byAction.update!.changes).toEqual({ title: { from: 'Activity desk', to: 'Activity room' } });
      expect(byAction.move!.changes.ordering).toMatchObject({ to: 1 });
      expect(byAction.disable!.changes).toEqual({ enabled: { from: 1, to: 0 } });
      expect(byAction.delete!.changes.title).toEqual({ from: 'Activity room', to: null });
      expect(entries.every((entry) => entry.actor?.id === ids.editor)).toBe(true);
    });

    it('a change whose entry cannot be written is not made: the change and its entry share one transaction', async () => {
      const created = body(await call('POST', '/api/v2/portal/category', 'editor', { title: 'Atomic', parent_id: 100 }));
      const id = created.data.id as number;
      const before = await rowCount();
      await sql`alter table activity_log add constraint activity_test_refuse check (entity <> 'category') not valid`.execute(ctx.app.db);
      try {
        const renamed = await call('POST', '/api/v2/portal/category', 'editor', { id, version: created.data.version, title: 'Never' });
        expect(renamed.statusCode).toBe(500);
        expect((await call('DELETE', `/api/v2/portal/category/${id}`, 'editor')).statusCode).toBe(500);
      } finally {
        await sql`alter table activity_log drop constraint activity_test_refuse`.execute(ctx.app.db);
      }
      const stored = await ctx.app.db.selectFrom('categories').select(['title', 'version']).where('id', '=', id).executeTakeFirst();
      expect(stored).toEqual({ title: 'Atomic', version: created.data.version });
      expect(await rowCount()).toBe(before);
    });

    it('importer create, update, disable, enable and delete', async () => {
      const creator = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', tokens.editor)).data[0]!.id;
      const form = {
        title: 'Wire feed',
        feed_url: 'https://example.com/rss.xml',
        plugin: 'rss',
        schedule: '2',
        enabled: '1',
        defaults: JSON.stringify({ contentType: 'article', user: String(creator), mainCategory: '100', topics: [100], published: '4' }),
      };
      const created = body(await call('POST', '/api/v2/portal/importer', 'editor', form));
      const id = created.data.id as number;
      const updated = await call('POST', '/api/v2/portal/importer', 'editor', {
        ...form,
        id,
        version: created.data.version,
        schedule: '4',
      });
      expect(updated.statusCode).toBe(200);
      expect((await call('POST', `/api/v2/portal/importer/${id}/disable`, 'editor')).statusCode).toBe(200);
      expect((await call('POST', `/api/v2/portal/importer/${id}/enable`, 'editor')).statusCode).toBe(200);
      expect((await call('DELETE', `/api/v2/portal/importer/${id}`, 'editor')).statusCode).toBe(200);
      const entries = await entriesOf('importer', id);
      expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
        ['delete', expect.objectContaining({ title: { from: 'Wire feed', to: null } })],
        ['enable', { enabled: { from: 0, to: 1 } }],
        ['disable', { enabled: { from: 1, to: 0 } }],
        ['update', { schedule: { from: 2, to: 4 } }],
        ['create', expect.objectContaining({ title: { from: null, to: 'Wire feed' }, 'defaults.mainCategory': { from: null, to: '100' } })],
      ]);
    });
  });

  describe('authors, tags, images and runs by hand', () => {
    it('an author created and updated, a new tag (an existing one records nothing), an upload', async () => {
      const author = body(await call('POST', '/api/author/newAuthor', 'submitter', { name: 'Kim Writer' })).data as { id: number };
      const full = body(await call('GET', `/api/author/${author.id}`, 'submitter')).data as { version: number };
      const updated = await call('POST', `/api/author/${author.id}`, 'submitter', { version: full.version, position: 'Reporter' });
      expect(updated.statusCode).toBe(200);
      expect((await entriesOf('author', author.id)).map((entry) => [entry.action, entry.actor?.id, entry.changes])).toEqual([
        ['update', ids.submitter, { position: { from: '', to: 'Reporter' } }],
        ['create', ids.submitter, { name: { from: null, to: 'Kim Writer' } }],
      ]);

      const tag = (body(await call('POST', '/api/tag', 'editor', { value: 'Harbour life' })).data as Array<{ id: number }>)[0]!;
      expect((await call('POST', '/api/tag', 'editor', { value: 'harbour LIFE' })).statusCode).toBe(200);
      expect((await entriesOf('tag', tag.id)).map((entry) => [entry.action, entry.changes])).toEqual([
        ['create', { title: { from: null, to: 'Harbour life' } }],
      ]);

      const image = await upload(ctx, tokens.approver, 'Sunrise');
      const [uploaded] = await entriesOf('image', image.id);
      expect(uploaded).toMatchObject({
        action: 'create',
        actor: { id: ids.approver },
        changes: { description: { from: null, to: 'Sunrise' } },
      });
    });

    it('an import started by hand records a run with its outcome; a simulation records nothing', async () => {
      const creator = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', tokens.editor)).data[0]!.id;
      const created = body(
        await call('POST', '/api/v2/portal/importer', 'editor', {
          title: 'Unreachable feed',
          feed_url: 'http://127.0.0.1:9/feed.xml',
          plugin: 'rss',
          schedule: '2',
          enabled: '1',
          defaults: JSON.stringify({ contentType: 'article', user: String(creator), mainCategory: '100', topics: [100], published: '4' }),
        }),
      );
      const id = created.data.id as number;
      expect((await call('GET', `/cron/import/single/${id}?simulate=1`, 'editor')).statusCode).toBe(200);
      expect((await entriesOf('importer', id)).map((entry) => entry.action)).toEqual(['create']);
      expect((await call('GET', `/cron/import/single/${id}`, 'editor')).statusCode).toBe(200);
      const [run] = await entriesOf('importer', id);
      expect(run).toMatchObject({ action: 'run', actor: { id: ids.editor }, details: { status: 'error', created: 0 } });
    });
  });

  describe('sessions', () => {
    it('sign-in, sign-out and refused sign-ins are recorded without passwords or tokens', async () => {
      const signIn = await ctx.inject({
        method: 'POST',
        url: '/api/v2/session',
        payload: { username: 'approver', password: DEMO.approver },
      });
      const token = body<{ auth: string }>(signIn).data.auth;
      expect((await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } })).statusCode).toBe(200);
      const wrong = await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username: 'approver', password: 'guess-1234' } });
      const unknown = await ctx.inject({
        method: 'POST',
        url: '/api/v2/session',
        payload: { username: 'nobody-here', password: 'guess-5678' },
      });
      expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);

      const users = (await activity('entity=user&limit=4')).data;
      expect(users.map((entry) => [entry.action, entry.actor?.id ?? null, entry.entity_id])).toEqual([
        ['sign_in_refused', null, null],
        ['sign_in_refused', null, ids.approver],
        ['sign_out', ids.approver, ids.approver],
        ['sign_in', ids.approver, ids.approver],
      ]);
      // A name that is no user's is not kept: it is often a password typed in the wrong field.
      expect(users[0]!.details).toEqual({ reason: 'invalid_credentials', ip: expect.any(String) });
      expect(users[1]!.details).toMatchObject({ username: 'approver', reason: 'invalid_credentials' });

      // No secret anywhere in the log: not a password tried, not a token, not a token's hash.
      const { rows } = await sql<{
        text: string;
      }>`select coalesce(string_agg(activity_log::text, ' '), '') as text from activity_log`.execute(ctx.app.db);
      const everything = rows[0]!.text;
      for (const secret of [DEMO.approver, DEMO.admin, DEMO.editor, 'guess-1234', 'guess-5678', token, ...Object.values(tokens)]) {
        expect(everything).not.toContain(secret);
      }
      // Nor in the sign-in throttle's table.
      const throttle = await sql<{
        text: string;
      }>`select coalesce(string_agg(login_failures::text, ' '), '') as text from login_failures`.execute(ctx.app.db);
      expect(throttle.rows[0]!.text).not.toContain('nobody-here');
      const hashes = await ctx.app.db.selectFrom('sessions').select('token_hash').execute();
      for (const { token_hash } of hashes) expect(everything).not.toContain(token_hash);
    });

    it('refused sign-ins are kept for refusedSignInRetentionDays (30), then go', async () => {
      const day = 86_400_000;
      for (const daysAgo of [31, 29]) {
        await recordActivity(ctx.app.db, {
          actorId: null,
          entity: 'user',
          entityId: null,
          action: 'sign_in_refused',
          changes: {},
          details: { reason: 'invalid_credentials', ip: `10.0.0.${daysAgo}` },
          at: new Date(Date.now() - daysAgo * day),
        });
      }
      const ips = async () =>
        (await ctx.app.db.selectFrom('activity_log').select('details').where('action', '=', 'sign_in_refused').execute()).map(
          (row) => (row.details as { ip?: string } | null)?.ip,
        );
      expect(await ips()).toEqual(expect.arrayContaining(['10.0.0.31', '10.0.0.29']));
      const refused = await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username: 'nobody', password: 'guess-9999' } });
      expect(refused.statusCode).toBe(401);
      const left = await ips();
      expect(left).toContain('10.0.0.29');
      expect(left).not.toContain('10.0.0.31');
    });

    it('the system actor (a scheduled job) is recorded as nobody: actor null', async () => {
      await ctx.app.db.transaction().execute((trx) =>
        recordActivity(trx, {
          actorId: SYSTEM_ACTOR.id,
          entity: 'article',
          entityId: 1,
          action: 'update',
          changes: { state: { from: 0, to: 1 } },
        }),
      );
      const [latest] = (await activity('entity=article&entity_id=1&limit=1')).data;
      expect(latest).toMatchObject({ actor: null, action: 'update', changes: { state: { from: 0, to: 1 } } });
    });
  });

  describe('GET /api/v2/activity', () => {
    it('needs the right view_activity (403 for every other demo user) and a session (401)', async () => {
      for (const user of ['editor', 'approver', 'submitter'] as const) {
        const response = await ctx.get('/api/v2/activity', tokens[user]);
        expect(response.statusCode).toBe(403);
        expect(body(response)).toMatchObject({ code: 403, data: { error: 'no_right', params: { right: 'view_activity' } } });
      }
      expect((await ctx.get('/api/v2/activity')).statusCode).toBe(401);
      const permissions = body<string[]>(await ctx.get('/api/v2/user/permissions', tokens.admin)).data;
      expect(permissions).toContain('view_activity');
    });

    it('newest first, paged with limit / limitStart, total of all matches', async () => {
      const all = await activity('limit=100');
      expect(all.total).toBe(await rowCount());
      const times = all.data.map((entry) => [new Date(entry.at).getTime(), entry.id] as const);
      for (let i = 1; i < times.length; i++) {
        const [t0, id0] = times[i - 1]!;
        const [t1, id1] = times[i]!;
        expect(t0 > t1 || (t0 === t1 && id0 > id1)).toBe(true);
      }
      const first = await activity('limit=3');
      const second = await activity('limit=3&limitStart=3');
      expect(first.data.map((entry) => entry.id)).toEqual(all.data.slice(0, 3).map((entry) => entry.id));
      expect(second.data.map((entry) => entry.id)).toEqual(all.data.slice(3, 6).map((entry) => entry.id));
      expect(second.total).toBe(all.total);
      expect((await activity(`limitStart=${all.total}`)).data).toEqual([]);
    });

    it('filters by user, entity, entity id, action and time, combined', async () => {
      const { id } = await newArticle('approver', 'Filtered');
      expect((await call('POST', '/api/portal/article/update', 'approver', { id, field: 'state', value: 1 })).statusCode).toBe(200);

      const byUser = await activity(`user=${ids.approver}&limit=100`);
      expect(byUser.data.length).toBeGreaterThan(0);
      expect(byUser.data.every((entry) => entry.actor?.id === ids.approver)).toBe(true);
      const updates = await activity(`user=${ids.approver}&entity=article&action=update&limit=100`);
      expect(updates.data.every((entry) => entry.entity === 'article' && entry.action === 'update')).toBe(true);
      expect(updates.data.some((entry) => entry.entity_id === id)).toBe(true);
      const one = await activity(`entity=article&entity_id=${id}`);
      expect(one.total).toBe(2);

      const [latest] = one.data;
      const at = new Date(latest!.at);
      const inside = await activity(
        `entity=article&entity_id=${id}&from=${encodeURIComponent(at.toISOString())}&to=${encodeURIComponent(new Date(at.getTime() + 1).toISOString())}`,
      );
      expect(inside.data.map((entry) => entry.id)).toContain(latest!.id);
      const after = await activity(
        `entity=article&entity_id=${id}&from=${encodeURIComponent(new Date(at.getTime() + 1000).toISOString())}`,
      );
      expect(after.total).toBe(0);
      // `to` is exclusive.
      const before = await activity(`entity=article&entity_id=${id}&to=${encodeURIComponent(at.toISOString())}`);
      expect(before.data.map((entry) => entry.id)).not.toContain(latest!.id);
      expect(await activity('user=2000000000')).toMatchObject({ data: [], total: 0 });
    });

    it.each([
      ['entity=planet', 'field_enum', 'entity'],
      ['action=explode', 'field_enum', 'action'],
      ['user=abc', 'field_integer', 'user'],
      ['user=0', 'field_minimum', 'user'],
      ['from=yesterday', 'field_format', 'from'],
      ['to=2026-13-45T99:00:00Z', 'field_format', 'to'],
      ['from=0000-01-01T00:00:00Z', 'field_date_time', 'from'],
      ['limit=0', 'field_minimum', 'limit'],
      ['limit=101', 'field_maximum', 'limit'],
      ['limitStart=-1', 'field_minimum', 'limitStart'],
      ['from=2026-11-24T10:00:00Z&to=2026-11-24T09:00:00Z', 'activity_range_invalid', 'from'],
      ['entity_id=5', 'activity_entity_id_without_entity', 'entity_id'],
    ])('%s → 400 %s', async (query, code, field) => {
      const response = await ctx.get(`/api/v2/activity?${query}`, tokens.admin);
      expect(response.statusCode).toBe(400);
      expect(body(response)).toMatchObject({ code: 400, data: { error: code, field } });
    });
  });
});
