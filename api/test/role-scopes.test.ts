// Roles scoped to category subtrees (contracts/rules/rights.ts): every article path, inside and outside
// the scope, on each database kind (one app per kind). The demo tree: 100 News (101 World, 106 Politics …),
// 200 Sport (201 Football …). "desk" reads everything (an unscoped Reader role) and does the rest only
// under Sport; "sportreader" reads only under Sport.
import { hashPassword } from '../src/lib/passwords';
import { postJson, saveForm, upload } from './article-edit-fixtures';
import { body, describeEachDatabase, type TestContext } from './helpers';

const SPORT = 200;
const NEWS = 100;
const DESK_RIGHTS = ['create_article', 'edit_all_articles', 'approve_article', 'set_access', 'feature_article', 'import'];

type Place = 'inside' | 'outside';
type Response = Awaited<ReturnType<TestContext['inject']>>;

async function addUser(ctx: TestContext, username: string, roleIds: number[]): Promise<string> {
  const user = await ctx.app.db
    .insertInto('users')
    .values({ username, name: `Test ${username}`, email: null, password_hash: await hashPassword(`${username}-pw`) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.app.db
    .insertInto('user_roles')
    .values(roleIds.map((roleId) => ({ user_id: user.id, role_id: roleId })))
    .execute();
  const response = await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username, password: `${username}-pw` } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return body<{ auth: string }>(response).data.auth;
}

describeEachDatabase('roles scoped to category subtrees', (ctx) => {
  let admin: string;
  let desk: string;
  let sportReader: string;
  let deskRole: { id: number; version: number };
  const article: Record<Place, number> = { inside: 0, outside: 0 };
  const forms: Record<Place, Record<string, unknown>> = { inside: {}, outside: {} };
  let imageId = 0;

  async function saveRole(payload: Record<string, unknown>) {
    return postJson(ctx, admin, '/api/v2/roles', payload);
  }

  function form(main: number, title: string): Record<string, unknown> {
    const sub = main === SPORT ? 201 : 101;
    return {
      id: 0,
      version: 0,
      title,
      access: 2,
      featured: 0,
      newsletter: 0,
      text: '<p>Body</p>',
      introtext: '<p>Intro</p>',
      notes: '',
      images: [{ id: imageId, description: '' }],
      topics: [main, sub],
      main_category_id: main,
    };
  }

  /** Puts the article into `state` (and the flags) by SQL, as the case needs; its current version. */
  async function prepare(id: number, values: { state?: number; featured?: number } = {}): Promise<number> {
    const row = await ctx.app.db
      .updateTable('articles')
      .set({ state: values.state ?? 0, featured: values.featured ?? 0, publish_up: null, publish_up_pending: false })
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    await ctx.app.db.deleteFrom('article_locks').where('article_id', '=', id).execute();
    return row.version;
  }

  beforeAll(async () => {
    admin = await ctx.login('admin');
    const reader = body(await saveRole({ title: 'Reader', rights: ['view_all_articles'] })).data;
    const created = await saveRole({ title: 'Sport desk', rights: DESK_RIGHTS, scope: [SPORT] });
    expect(created.statusCode).toBe(200);
    deskRole = body(created).data;
    const sportRead = body(await saveRole({ title: 'Sport reader', rights: ['view_all_articles'], scope: [SPORT] })).data;
    desk = await addUser(ctx, 'desk', [reader.id, deskRole.id]);
    sportReader = await addUser(ctx, 'sportreader', [sportRead.id]);
    imageId = (await upload(ctx, admin, 'A photo')).id;
    for (const [place, main] of [
      ['inside', SPORT],
      ['outside', NEWS],
    ] as const) {
      forms[place] = form(main, `Scope ${place} zebrafinch`);
      const saved = await saveForm(ctx, admin, forms[place]);
      expect(saved.statusCode).toBe(200);
      article[place] = body(saved).data.id;
      forms[place] = { ...forms[place], id: article[place] };
    }
  });

  it('the Roles API keeps the scope, lists it, and refuses unknown categories', async () => {
    expect(deskRole).toMatchObject({ title: 'Sport desk', scope: [SPORT], rights: expect.arrayContaining(DESK_RIGHTS) });
    const roles = body(await ctx.get('/api/v2/roles', admin)).data as Array<{ id: number; scope: number[] | null }>;
    expect(roles.find((role) => role.id === deskRole.id)?.scope).toEqual([SPORT]);
    expect(roles.filter((role) => role.scope === null).length).toBeGreaterThanOrEqual(4);
    const unknown = await saveRole({
      id: deskRole.id,
      version: deskRole.version,
      title: 'Sport desk',
      rights: DESK_RIGHTS,
      scope: [999999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).data).toMatchObject({ error: 'role_scope_unknown_categories', field: 'scope' });
    const activity = await ctx.app.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'role')
      .where('entity_id', '=', deskRole.id)
      .execute();
    expect(JSON.stringify(activity[0]?.changes)).toContain('scope');

    // A scoped role whose last category is deleted grants its article rights nowhere (never everywhere).
    const desk = await ctx.app.db
      .insertInto('categories')
      .values({ title: 'Pop-up desk', alias: 'pop-up-desk', colour: null, parent_id: SPORT })
      .returning('id')
      .executeTakeFirstOrThrow();
    const popUp = body(await saveRole({ title: 'Pop-up', rights: ['approve_article'], scope: [desk.id] })).data;
    expect(popUp.scope).toEqual([desk.id]);
    await ctx.app.db.deleteFrom('categories').where('id', '=', desk.id).execute();
    const after = body(await ctx.get('/api/v2/roles', admin)).data as Array<{ id: number; scope: number[] | null }>;
    expect(after.find((role) => role.id === popUp.id)?.scope).toEqual([]);
  });

  /** One article path: what the desk user sends for the article at `place` (its state prepared first). */
  interface PathCase {
    path: string;
    prepare?: { state?: number; featured?: number };
    send(place: Place, version: number): Promise<Response>;
  }

  const bodyOf = (id: number) => ({ id });
  const cases: PathCase[] = [
    {
      path: 'editor save',
      send: (place, version) => saveForm(ctx, desk, { ...forms[place], version, title: `Saved ${place} zebrafinch` }),
    },
    {
      path: 'row toggle: featured',
      send: (place) => postJson(ctx, desk, '/api/portal/article/update', { id: article[place], field: 'featured', value: 1 }),
    },
    {
      path: 'row toggle: access',
      send: (place) => postJson(ctx, desk, '/api/portal/article/update', { id: article[place], field: 'access', value: 1 }),
    },
    {
      path: 'row toggle: approve',
      prepare: { state: 4 },
      send: (place) => postJson(ctx, desk, '/api/portal/article/update', { id: article[place], field: 'state', value: 1 }),
    },
    { path: 'move to the trash', send: (place) => postJson(ctx, desk, '/api/portal/article/delete', bodyOf(article[place])) },
    {
      path: 'restore from the trash',
      prepare: { state: -2 },
      send: (place) => postJson(ctx, desk, '/api/portal/article/restore', bodyOf(article[place])),
    },
    { path: 'submit', prepare: { state: 5 }, send: (place) => postJson(ctx, desk, `/api/portal/article/${article[place]}/submit`) },
    {
      path: 'scheduled publishing',
      prepare: { state: 4 },
      send: (place, version) =>
        postJson(ctx, desk, `/api/portal/article/${article[place]}/schedule`, {
          version,
          publish_up: new Date(Date.now() + 86_400_000).toISOString(),
        }),
    },
    {
      path: 'revision restore',
      send: async (place, version) => {
        const revision = await ctx.app.db
          .selectFrom('article_revisions')
          .select('id')
          .where('article_id', '=', article[place])
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return postJson(ctx, desk, `/api/portal/article/${article[place]}/revisions/${revision.id}/restore`, { version });
      },
    },
    { path: 'revision list', send: (place) => ctx.get(`/api/portal/article/${article[place]}/revisions`, desk) },
    { path: 'edit lock: renew', send: (place) => postJson(ctx, desk, `/api/portal/lock/${article[place]}/renew`) },
    { path: 'edit lock: take over', send: (place) => postJson(ctx, desk, `/api/portal/lock/${article[place]}/take`) },
  ];

  describe.each(cases)('$path', ({ prepare: values, send }) => {
    it.each(['inside', 'outside'] as const)('%s the scope', async (place) => {
      const version = await prepare(article[place], values);
      const response = await send(place, version);
      if (place === 'inside') {
        expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
      } else {
        expect(response.statusCode).toBe(403);
        expect(body(response).data.error).toBe('article_outside_scope');
        // Nothing changed outside.
        const after = await ctx.app.db.selectFrom('articles').select('version').where('id', '=', article[place]).executeTakeFirstOrThrow();
        expect(after.version).toBe(version);
      }
    });
  });

  it('editor open: read-only outside the scope (outside_scope says why), editable inside; a scoped reader is refused outside', async () => {
    await prepare(article.inside);
    await prepare(article.outside);
    const inside = body(await ctx.get(`/api/portal/article?id=${article.inside}`, desk)).data;
    expect(inside).toMatchObject({ outside_scope: false, lock: { mine: true } });
    const outside = body(await ctx.get(`/api/portal/article?id=${article.outside}`, desk)).data;
    expect(outside).toMatchObject({ outside_scope: true, lock: { mine: false } });
    expect(body(await ctx.get(`/api/portal/article?id=${article.inside}`, sportReader)).data).toMatchObject({ outside_scope: false });
    const refused = await ctx.get(`/api/portal/article?id=${article.outside}`, sportReader);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).data.error).toBe('article_outside_scope');
  });

  it('editor: a new article only in the scope; an article cannot be moved out of it', async () => {
    const created = await saveForm(ctx, desk, { ...form(SPORT, 'New inside zebrafinch') });
    expect(created.statusCode).toBe(200);
    const refused = await saveForm(ctx, desk, { ...form(NEWS, 'New outside zebrafinch') });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).data).toMatchObject({ error: 'article_category_outside_scope', field: 'main_category_id' });
    const version = await prepare(article.inside);
    const moved = await saveForm(ctx, desk, { ...forms.inside, version, topics: [NEWS, 101], main_category_id: NEWS });
    expect(moved.statusCode).toBe(403);
    expect(body(moved).data).toMatchObject({ error: 'article_category_outside_scope', field: 'main_category_id' });
    const movedCategory = await saveForm(ctx, desk, { ...forms.inside, version, catid: 101 });
    expect(body(movedCategory).data).toMatchObject({ error: 'article_category_outside_scope', field: 'catid' });
    const stored = await ctx.app.db
      .selectFrom('articles')
      .select('main_category_id')
      .where('id', '=', article.inside)
      .executeTakeFirstOrThrow();
    expect(stored.main_category_id).toBe(SPORT);
  });

  it('bulk: per article, done inside and refused outside', async () => {
    await prepare(article.inside, { state: 4 });
    await prepare(article.outside, { state: 4 });
    const response = await postJson(ctx, desk, '/api/portal/articles/bulk', { ids: [article.inside, article.outside], action: 'approve' });
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toMatchObject({
      done: 1,
      refused: 1,
      results: [
        { id: article.inside, outcome: 'done' },
        { id: article.outside, outcome: 'refused', status: 403, error: 'article_outside_scope' },
      ],
    });
  });

  it('list: rows carry the rights held on them; a scoped reader lists only under the scope', async () => {
    await prepare(article.inside);
    await prepare(article.outside);
    const rows = body(await ctx.get('/api/portal/articles?limit=100&sort=id&sortDir=DESC', desk)).data as Array<{
      id: number;
      rights?: string[];
    }>;
    const inside = rows.find((row) => row.id === article.inside);
    const outside = rows.find((row) => row.id === article.outside);
    expect(inside?.rights).toEqual(expect.arrayContaining(['approve_article', 'edit_all_articles', 'view_all_articles']));
    expect(outside?.rights).toEqual(['import', 'view_all_articles']);
    // An unscoped user's rows carry no rights (their rights hold everywhere).
    const adminRows = body(await ctx.get('/api/portal/articles?limit=5', admin)).data as Array<{ rights?: string[] }>;
    expect(adminRows.every((row) => row.rights === undefined)).toBe(true);

    const listed = body(await ctx.get('/api/portal/articles?limit=100&sort=id&sortDir=DESC', sportReader));
    const ids = (listed.data as Array<{ id: number; catid: number }>).map((row) => row.id);
    expect(ids).toContain(article.inside);
    expect(ids).not.toContain(article.outside);
    const sportIds = new Set(
      (await ctx.app.db.selectFrom('categories').select('id').where('parent_id', 'in', [SPORT, 201, 204, 206]).execute()).map(
        (row) => row.id,
      ),
    );
    sportIds.add(SPORT);
    for (const row of listed.data as Array<{ catid: number }>) expect(sportIds.has(row.catid)).toBe(true);
    expect(body(await ctx.get(`/api/portal/articles?category=${NEWS}`, sportReader)).data).toEqual([]);
  });

  it('searches: a scoped reader finds unpublished articles only under the scope', async () => {
    await prepare(article.inside);
    await prepare(article.outside);
    const found = body(await ctx.get('/api/portal/articles/search-title?term=zebrafinch&limit=50', sportReader)).data as Array<{
      id: number;
    }>;
    expect(found.map((row) => row.id)).toContain(article.inside);
    expect(found.map((row) => row.id)).not.toContain(article.outside);
    const everything = body(await ctx.get('/api/portal/articles/search-title?term=zebrafinch&limit=50', desk)).data as Array<{
      id: number;
    }>;
    expect(everything.map((row) => row.id)).toEqual(expect.arrayContaining([article.inside, article.outside]));
  });

  it('importer defaults: the main category must be where the saver may create articles', async () => {
    const importer = (mainCategory: number) => ({
      title: `Feed ${mainCategory}`,
      feed_url: 'https://example.com/rss.xml',
      plugin: 'rss',
      defaults: JSON.stringify({ contentType: 'article', user: '2', mainCategory: String(mainCategory), topics: [mainCategory] }),
    });
    expect((await postJson(ctx, desk, '/api/v2/portal/importer', importer(SPORT))).statusCode).toBe(200);
    const refused = await postJson(ctx, desk, '/api/v2/portal/importer', importer(NEWS));
    expect(refused.statusCode).toBe(403);
    expect(body(refused).data).toMatchObject({ error: 'importer_category_outside_scope', field: 'defaults.mainCategory' });
  });

  it('a scope change holds at the next request (and the role back)', async () => {
    await prepare(article.inside);
    await prepare(article.outside);
    const current = body(await ctx.get('/api/v2/roles', admin)).data.find((role: { id: number }) => role.id === deskRole.id);
    const moved = await saveRole({ id: deskRole.id, version: current.version, title: 'Sport desk', rights: DESK_RIGHTS, scope: [NEWS] });
    expect(moved.statusCode).toBe(200);
    const feature = (place: Place) =>
      postJson(ctx, desk, '/api/portal/article/update', { id: article[place], field: 'featured', value: 1 });
    expect((await feature('outside')).statusCode).toBe(200);
    expect(body(await feature('inside')).data.error).toBe('article_outside_scope');
    const everywhere = await saveRole({
      id: deskRole.id,
      version: body(moved).data.version,
      title: 'Sport desk',
      rights: DESK_RIGHTS,
      scope: null,
    });
    expect(body(everywhere).data.scope).toBeNull();
    expect((await feature('inside')).statusCode).toBe(200);
    // A scope of no category (all of its categories deleted) grants the article rights nowhere, never everywhere.
    const nowhere = await saveRole({
      id: deskRole.id,
      version: body(everywhere).data.version,
      title: 'Sport desk',
      rights: DESK_RIGHTS,
      scope: [],
    });
    expect(body(nowhere).data.scope).toEqual([]);
    expect(
      body(await postJson(ctx, desk, '/api/portal/article/update', { id: article.inside, field: 'featured', value: 0 })).data.error,
    ).toBe('article_outside_scope');
  });
});
