// Revision history (issue 15, part 1): every save records a revision (editor save, list changes, a
// restore), GET …/revisions (paged, newest first), GET …/revisions/{rev} (whole), POST …/restore (a save
// through the editor's workflow: rights 403, lock 423, stale version 409), bad input, REVISIONS_KEEP.
// Runs on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { categories, loginAs, makeUser, postJson, saveForm, upload } from './article-edit-fixtures';
import { body, describeEachDatabase, type TestContext } from './helpers';
import { rssFeed, suiteFeedServer } from './import-feed-server';
import { articleRevisionsRepository } from '../src/repositories/article-revisions';

type Data = Record<string, any>;

async function revisions(ctx: TestContext, token: string, id: number, query = '') {
  const response = await ctx.get(`/api/portal/article/${id}/revisions${query}`, token);
  return { status: response.statusCode, ...body<Data[]>(response) };
}

async function revision(ctx: TestContext, token: string, id: number | string, rev: number | string) {
  const response = await ctx.get(`/api/portal/article/${id}/revisions/${rev}`, token);
  return { status: response.statusCode, ...body<Data>(response) };
}

async function restore(ctx: TestContext, token: string, id: number | string, rev: number | string, payload: Record<string, unknown>) {
  const response = await postJson(ctx, token, `/api/portal/article/${id}/revisions/${rev}/restore`, payload);
  return { status: response.statusCode, ...body<Data>(response) };
}

async function open(ctx: TestContext, token: string, id: number) {
  return body<Data>(await ctx.get(`/api/portal/article?id=${id}`, token)).data.article as Data;
}

/** A complete edit form for a new article of the signed-in user. */
async function newForm(ctx: TestContext, token: string, title: string): Promise<Record<string, unknown>> {
  const cats = await categories(ctx);
  const image = await upload(ctx, token, 'Crowd at the pier');
  return {
    id: 0,
    version: 0,
    title,
    access: 2,
    featured: 0,
    newsletter: 0,
    text: '<p>The harbour festival opens on Friday with music.</p>',
    introtext: '<p>Fireworks and music</p>',
    notes: '',
    images: [{ id: image.id, description: 'Crowd at the pier' }],
    topics: [cats.main, cats.other],
    main_category_id: cats.main,
  };
}

async function save(ctx: TestContext, token: string, form: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const response = await saveForm(ctx, token, form);
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  return body<{ id: number; version: number }>(response).data;
}

describeEachDatabase('article revisions', (ctx) => {
  const tokens: Record<string, string> = {};
  let form: Record<string, unknown>;
  let articleId: number;

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'approver', 'submitter'] as const) tokens[user] = await ctx.login(user);
    await makeUser(ctx, 'reader', ['view_all_articles']);
    tokens.reader = await loginAs(ctx, 'reader');
    form = await newForm(ctx, tokens.submitter!, 'Harbour festival opens');
    const created = await save(ctx, tokens.submitter!, form);
    articleId = created.id;
    form = { ...form, id: created.id, version: created.version };
    const second = await save(ctx, tokens.submitter!, {
      ...form,
      title: 'Harbour festival opens late',
      text: '<p>The harbour festival opens on Saturday with music.</p>',
    });
    form = { ...form, version: second.version };
  });

  it('records each editor save: who, when, the version, what changed; the list is newest first with a total', async () => {
    const list = await revisions(ctx, tokens.submitter!, articleId);
    expect(list.status).toBe(200);
    expect(list.total).toBe(2);
    const [newest, first] = list.data;
    expect(newest).toMatchObject({
      article_id: articleId,
      version: form.version,
      source: 'editor',
      user: { name: expect.any(String) },
      restored_from: null,
      restored_version: null,
      changed: ['title', 'text'],
      summary: 'Title, Text changed',
    });
    expect(first).toMatchObject({
      source: 'editor',
      changed: null,
      summary: 'First recorded version',
      version: (form.version as number) - 1,
    });
    expect(newest!.id).toBeGreaterThan(first!.id);
    expect(Date.parse(newest!.created)).not.toBeNaN();
    expect(newest).not.toHaveProperty('content');
  });

  it('gives one revision whole: the content of every field a user edits', async () => {
    const list = await revisions(ctx, tokens.submitter!, articleId);
    const one = await revision(ctx, tokens.submitter!, articleId, list.data[1]!.id);
    expect(one.status).toBe(200);
    expect(one.data.content).toMatchObject({
      title: 'Harbour festival opens',
      text: '<p>The harbour festival opens on Friday with music.</p>',
      introtext: '<p>Fireworks and music</p>',
      state: 5,
      access: 2,
      featured: 0,
      images: [{ id: (form.images as Data[])[0]!.id, description: 'Crowd at the pier' }],
      topics: [...(form.topics as number[])].sort((a, b) => a - b),
      main_category_id: form.main_category_id,
      tags: [],
      authors: [],
      event: null,
      location: null,
      publish_up: '',
    });
    expect(one.data.content.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('records the list changes (featured, submit) as revisions by whoever made them', async () => {
    const featured = await postJson(ctx, tokens.editor!, '/api/portal/article/update', { id: articleId, field: 'featured', value: 1 });
    expect(featured.statusCode).toBe(200);
    const submitted = await postJson(ctx, tokens.submitter!, `/api/portal/article/${articleId}/submit`);
    expect(submitted.statusCode).toBe(200);
    const list = await revisions(ctx, tokens.submitter!, articleId);
    expect(list.total).toBe(4);
    expect(list.data[0]).toMatchObject({ source: 'list', changed: ['state'], summary: 'Status changed', user: { name: 'Sam Submitter' } });
    expect(list.data[1]).toMatchObject({ source: 'list', changed: ['featured'], summary: 'Featured changed' });
    expect(list.data[1]!.user.name).not.toBe(list.data[0]!.user.name);
    form = { ...form, version: (await open(ctx, tokens.submitter!, articleId)).version };
    // An unchanged value writes nothing, so no revision.
    const same = await postJson(ctx, tokens.editor!, '/api/portal/article/update', { id: articleId, field: 'featured', value: 1 });
    expect(same.statusCode).toBe(200);
    expect((await revisions(ctx, tokens.submitter!, articleId)).total).toBe(4);
  });

  it('pages with limit and limitStart', async () => {
    const all = await revisions(ctx, tokens.editor!, articleId);
    const page = await revisions(ctx, tokens.editor!, articleId, '?limit=2&limitStart=1');
    expect(page.status).toBe(200);
    expect(page.total).toBe(all.total);
    expect(page.data.map((item) => item.id)).toEqual(all.data.slice(1, 3).map((item) => item.id));
    const past = await revisions(ctx, tokens.editor!, articleId, '?limitStart=50');
    expect(past).toMatchObject({ status: 200, data: [], total: all.total });
  });

  it('restores a revision as a new save: the content comes back, the version moves on, the restore is a revision', async () => {
    const list = await revisions(ctx, tokens.submitter!, articleId);
    const first = list.data[list.data.length - 1]!;
    const before = await open(ctx, tokens.submitter!, articleId);
    const restored = await restore(ctx, tokens.submitter!, articleId, first.id, { version: before.version });
    expect(restored.status).toBe(200);
    expect(restored.data).toEqual({ id: articleId, version: before.version + 1, revision: expect.any(Number) });
    expect(restored.message).toBe(`Revision ${first.id} restored`);

    const after = await open(ctx, tokens.submitter!, articleId);
    expect(after).toMatchObject({ title: 'Harbour festival opens', text: '<p>The harbour festival opens on Friday with music.</p>' });
    expect(after.version).toBe(before.version + 1);
    // The state and the flags the submitter may not change stay as they are (awaiting approval, featured by the editor).
    expect(after).toMatchObject({ state: 4, featured: 1 });

    const newest = (await revisions(ctx, tokens.submitter!, articleId)).data[0]!;
    expect(newest).toMatchObject({
      id: restored.data.revision,
      source: 'restore',
      restored_from: first.id,
      restored_version: first.version,
      version: after.version,
      changed: ['title', 'text'],
      summary: `Restored version ${first.version}: Title, Text changed`,
    });
    form = { ...form, version: after.version };
  });

  it('refuses a stale version (409) and a lock held by someone else (423), changing nothing', async () => {
    const list = await revisions(ctx, tokens.editor!, articleId);
    const target = list.data[list.data.length - 1]!.id;
    const current = await open(ctx, tokens.submitter!, articleId);
    const stale = await restore(ctx, tokens.submitter!, articleId, target, { version: current.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.data.error).toBe('article_changed');
    // The time goes as an instant: the screen shows it in the user's time zone, like every other time.
    expect((stale.data as { params?: { at?: string } }).params?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // The editor takes the lock over (the submitter holds it since the restore).
    const taken = await ctx.inject({
      method: 'POST',
      url: `/api/portal/lock/${articleId}/take`,
      headers: { authentication: tokens.editor! },
    });
    expect(taken.statusCode).toBe(200);
    const locked = await restore(ctx, tokens.submitter!, articleId, target, { version: current.version });
    expect(locked.status).toBe(423);
    expect(locked.data.error).toBe('article_locked');
    expect((await revisions(ctx, tokens.editor!, articleId)).total).toBe(list.total);
    await ctx.inject({ method: 'POST', url: `/api/portal/lock/${articleId}/release`, headers: { authentication: tokens.editor! } });
  });

  it('allows the owner and edit_all_articles, refuses everyone else (403) on all three calls', async () => {
    expect((await revisions(ctx, tokens.editor!, articleId)).status).toBe(200);
    const rev = (await revisions(ctx, tokens.admin!, articleId)).data[0]!.id;
    const version = (await open(ctx, tokens.admin!, articleId)).version;
    for (const user of ['approver', 'reader'] as const) {
      const list = await revisions(ctx, tokens[user]!, articleId);
      expect(list).toMatchObject({ status: 403, code: 403, data: { error: 'article_not_yours' } });
      expect((await revision(ctx, tokens[user]!, articleId, rev)).status).toBe(403);
      expect((await restore(ctx, tokens[user]!, articleId, rev, { version })).status).toBe(403);
    }
    const anonymous = await ctx.get(`/api/portal/article/${articleId}/revisions`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad ids and paging with coded 400s, unknown ones with 404', async () => {
    const token = tokens.editor!;
    const rev = (await revisions(ctx, token, articleId)).data[0]!.id;
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?limitStart=-1', '?limitStart=1.5']) {
      const bad = await revisions(ctx, token, articleId, query);
      expect(bad).toMatchObject({ status: 400, code: 400, data: { error: expect.stringMatching(/^field_/) } });
    }
    for (const id of ['abc', '0', '-3', '99999999999']) {
      const bad = await revisions(ctx, token, id as unknown as number);
      expect(bad.status).toBe(400);
      expect((bad.data as unknown as Data).error).toMatch(/^field_/);
      expect((await revision(ctx, token, articleId, id)).status).toBe(400);
    }
    expect(await revisions(ctx, token, 2_000_000_000)).toMatchObject({ status: 404, data: { error: 'article_not_found' } });
    expect(await revision(ctx, token, articleId, 2_000_000_000)).toMatchObject({ status: 404, data: { error: 'revision_not_found' } });
    // A revision of another article is not found under this one.
    const other = await save(ctx, tokens.editor!, { ...(await newForm(ctx, tokens.editor!, 'Another story')), id: 0, version: 0 });
    const otherRev = (await revisions(ctx, token, other.id)).data[0]!.id;
    expect((await revision(ctx, token, articleId, otherRev)).status).toBe(404);
    expect((await restore(ctx, token, articleId, otherRev, { version: 1 })).data.error).toBe('revision_not_found');
    const version = (await open(ctx, token, articleId)).version;
    expect(await restore(ctx, token, articleId, rev, {})).toMatchObject({ status: 400, data: { error: 'field_required' } });
    expect((await restore(ctx, token, articleId, rev, { version: 'x' })).status).toBe(400);
    expect((await restore(ctx, token, articleId, rev, { version: 0 })).status).toBe(400);
    expect((await restore(ctx, token, articleId, 'x', { version })).status).toBe(400);
    await ctx.inject({ method: 'POST', url: `/api/portal/lock/${articleId}/release`, headers: { authentication: token } });
  });

  it('refuses to restore a revision the form rules refuse (no image), with the form’s code, and writes nothing', async () => {
    const created = await save(ctx, tokens.editor!, { ...(await newForm(ctx, tokens.editor!, 'Imageless later')), id: 0, version: 0 });
    const [rev] = (await revisions(ctx, tokens.editor!, created.id)).data;
    await ctx.app.db.deleteFrom('article_revisions').where('id', '=', rev!.id).execute();
    // A revision whose content has no image (as an import without image writes it).
    await ctx.app.db
      .insertInto('article_revisions')
      .values({
        article_id: created.id,
        version: created.version,
        user_id: null,
        source: 'import',
        content: JSON.stringify({ ...(await revisionContent(ctx, tokens.editor!, created.id)), images: [], main_image: null }),
      })
      .execute();
    const imageless = (await revisions(ctx, tokens.editor!, created.id)).data[0]!;
    expect(imageless).toMatchObject({ source: 'import', user: null, summary: 'Imported' });
    const refused = await restore(ctx, tokens.editor!, created.id, imageless.id, { version: created.version });
    expect(refused).toMatchObject({ status: 400, data: { error: 'article_no_image', field: 'images' } });
    expect((await revisions(ctx, tokens.editor!, created.id)).total).toBe(1);
  });
});

/** The content of an article's newest revision, read through the API (then changed by hand in a test). */
async function revisionContent(ctx: TestContext, token: string, id: number): Promise<Data> {
  const row = await ctx.app.db
    .selectFrom('article_revisions')
    .select('id')
    .where('article_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (row) return (await revision(ctx, token, id, row.id)).data.content;
  return (await open(ctx, token, id)) as Data;
}

describeEachDatabase(
  'article revisions with REVISIONS_KEEP=2',
  (ctx) => {
    it('keeps the newest two revisions of an article', async () => {
      const token = await ctx.login('editor');
      let form = await newForm(ctx, token, 'Kept story 1');
      const created = await save(ctx, token, form);
      form = { ...form, id: created.id, version: created.version };
      for (const n of [2, 3, 4]) {
        const saved = await save(ctx, token, { ...form, title: `Kept story ${n}` });
        form = { ...form, version: saved.version };
      }
      const list = await revisions(ctx, token, created.id);
      expect(list.total).toBe(2);
      expect(list.data.map((item) => item.version)).toEqual([form.version, (form.version as number) - 1]);
      const oldest = await revision(ctx, token, created.id, list.data[1]!.id);
      expect(oldest.data.content.title).toBe('Kept story 3');
      // The kept revisions still say what changed against the one before them (pruned since).
      expect(list.data[1]).toMatchObject({ changed: ['title'] });
    });
  },
  { config: { revisionsKeep: 2 } },
);

const CRON_SECRET = 'cron-secret-for-revision-tests';

describeEachDatabase(
  'article revisions of imported articles',
  (ctx) => {
    const feeds = suiteFeedServer(ctx);

    it('records one revision per imported article (by no user), none on a simulation or for a duplicate', async () => {
      feeds.set(
        '/revisions.xml',
        rssFeed([
          { guid: 'r1', title: 'Imported one', link: 'https://loopback.example/r1', description: '<p>First imported text</p>' },
          { guid: 'r2', title: 'Imported two', link: 'https://loopback.example/r2' },
        ]),
      );
      // Defaults with topics, tags (one to create), an author and a custom image: every link an import writes.
      const cats = await categories(ctx);
      const author = body<Data>(await postJson(ctx, await ctx.login('editor'), '/api/author/newAuthor', { name: 'Feed Writer' })).data;
      const defaults = {
        published: '0',
        contentType: 'article',
        mainCategory: String(cats.main),
        topics: [cats.main, cats.other],
        tags: [{ title: 'Imported tag' }],
        authors: [{ id: author.id, name: author.name }],
        imageSource: '2',
        image: { file_thumbnail: 'https://cdn.example/t.jpg' },
      };
      const importer = await ctx.app.db
        .insertInto('importers')
        .values({
          title: 'Revisions feed',
          feed_url: feeds.url('/revisions.xml'),
          plugin: 'feed',
          schedule: 1,
          enabled: 0,
          defaults: JSON.stringify(defaults),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const run = (simulate: 0 | 1) =>
        ctx.inject({
          method: 'GET',
          url: `/cron/import/single/${importer.id}?simulate=${simulate}`,
          headers: { 'x-cron-secret': CRON_SECRET },
        });
      const count = async () =>
        Number(
          (
            await ctx.app.db
              .selectFrom('article_revisions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      const before = await count();
      expect((await run(1)).statusCode).toBe(200);
      expect(await count()).toBe(before);
      const imported = body<Data>(await run(0)).data;
      expect(imported.importers[0]).toMatchObject({ status: 'ok', created: 2 });
      const ids = (imported.items as Data[]).map((item) => item.id as number);
      const editor = await ctx.login('editor');
      for (const [index, id] of ids.entries()) {
        const list = await revisions(ctx, editor, id);
        expect(list).toMatchObject({ status: 200, total: 1 });
        expect(list.data[0]).toMatchObject({ source: 'import', user: null, changed: null, summary: 'Imported', version: 1 });
        const one = await revision(ctx, editor, id, list.data[0]!.id);
        expect(one.data.content).toMatchObject({
          title: index === 0 ? 'Imported one' : 'Imported two',
          state: 0,
          access: 2,
          topics: [cats.main, cats.other].sort((a, b) => a - b),
          tags: [{ id: expect.any(Number), title: 'Imported tag' }],
          authors: [{ id: author.id, name: 'Feed Writer' }],
          images: [{ id: expect.any(Number), description: expect.any(String) }],
          ads: [],
          videos: [],
        });
      }
      const first = (await revision(ctx, editor, ids[0]!, (await revisions(ctx, editor, ids[0]!)).data[0]!.id)).data.content;
      expect(`${first.introtext} ${first.text}`).toContain('First imported text');
      // The batch's revision (links read once per batch) holds what a revision of any save would (links read per article).
      const generic = await articleRevisionsRepository.record(ctx.app.db, ids, { userId: null, source: 'list' });
      for (const row of generic) {
        const written = await ctx.app.db
          .selectFrom('article_revisions')
          .select('content')
          .where('article_id', '=', row.article_id)
          .where('source', '=', 'import')
          .executeTakeFirstOrThrow();
        const again = await ctx.app.db.selectFrom('article_revisions').select('content').where('id', '=', row.id).executeTakeFirstOrThrow();
        expect(written.content).toEqual(again.content);
      }
      await ctx.app.db.deleteFrom('article_revisions').where('source', '=', 'list').where('article_id', 'in', ids).execute();
      // The second run finds duplicates only: nothing saved, nothing recorded.
      expect(body<Data>(await run(0)).data.importers[0]).toMatchObject({ created: 0, duplicates: 2 });
      expect(await count()).toBe(before + 2);
    });
  },
  { config: { cronSecret: CRON_SECRET, importAllowedNetworks: ['127.0.0.0/8'], importTimeoutSeconds: 5 } },
);
