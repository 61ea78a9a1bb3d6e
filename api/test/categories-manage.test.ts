// Category management: GET /api/v2/categories/types, GET/POST /api/v2/portal/category, enable, disable,
// DELETE; the tree's shape after changes, the level limit (three levels below the root 8), move and
// delete refusals, the manage_categories right, and bad input. Runs on PGlite and PostgreSQL.
import { sql } from 'kysely';
import { body, describeEachDatabase, type DemoUsername, expectError } from './helpers';

interface Node {
  id: number;
  title: string;
  alias: string;
  level: number;
  enabled: number;
  leaf: boolean;
  subcategories: Node[];
}

function findNode(nodes: Node[], id: number): Node | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.subcategories, id);
    if (found) return found;
  }
  return undefined;
}

describeEachDatabase('category management', (ctx) => {
  const tokens = {} as Record<DemoUsername, string>;

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'approver', 'submitter'] as const) tokens[user] = await ctx.login(user);
  });

  /** An update sends the version it was made from: here the current one (the stale save is tested in edit-versions.test.ts). */
  const currentVersion = async (id: unknown): Promise<number | undefined> =>
    typeof id === 'number' && id > 0
      ? ((await ctx.app.db.selectFrom('categories').select('version').where('id', '=', id).executeTakeFirst())?.version ?? 1)
      : undefined;
  const save = async (payload: Record<string, unknown>, user: DemoUsername = 'editor') => {
    const version = payload.version ?? (await currentVersion(payload.id));
    return ctx.inject({
      method: 'POST',
      url: '/api/v2/portal/category',
      headers: { authentication: tokens[user] },
      payload: version === undefined ? payload : { ...payload, version },
    });
  };
  const action = (method: 'POST' | 'DELETE', url: string, user: DemoUsername = 'editor') =>
    ctx.inject({ method, url, headers: { authentication: tokens[user] } });
  const tree = async (includeDisabled = false): Promise<Node[]> =>
    body<Node[]>(await ctx.get(`/api/categories/tree${includeDisabled ? '?includeDisabled=1' : ''}`, tokens.submitter)).data;
  const create = async (payload: Record<string, unknown>) => {
    const response = await save(payload);
    expect({ status: response.statusCode, message: body(response).message }).toEqual({ status: 200, message: 'Saved' });
    return body(response).data;
  };

  describe('reading (a session is enough)', () => {
    it('lists the kinds of category by level', async () => {
      const response = await ctx.get('/api/v2/categories/types', tokens.submitter);
      expect(response.statusCode).toBe(200);
      expect(body(response).data.map((type: { id: string; level: number }) => [type.id, type.level])).toEqual([
        ['section', 2],
        ['sub-section', 3],
        ['leaf', 4],
      ]);
      expect(body(response).data[0]).toEqual(expect.objectContaining({ title: 'Section', description: expect.any(String) }));
    });

    it('needs a session', async () => {
      expectError(await ctx.get('/api/v2/categories/types'), 401, /Please sign in/);
      expectError(await ctx.get('/api/v2/portal/category/100'), 401, /Please sign in/);
    });

    it('reads one category with its level, type, main flag and number of children', async () => {
      const news = await ctx.get('/api/v2/portal/category/100', tokens.submitter);
      expect(body(news)).toEqual({
        code: 200,
        message: 'OK',
        data: {
          id: 100,
          title: 'News',
          alias: 'news',
          colour: '#1677ff',
          parent_id: 8,
          enabled: 1,
          ordering: expect.any(Number),
          version: expect.any(Number),
          level: 2,
          type: 'section',
          main: true,
          subcategories: 4,
        },
      });
      expect(body(await ctx.get('/api/v2/portal/category/8', tokens.submitter)).data).toEqual(
        expect.objectContaining({ parent_id: null, level: 1, type: 'root', main: false }),
      );
      // Children of 804 are main categories too, one level deeper.
      expect(body(await ctx.get('/api/v2/portal/category/805', tokens.submitter)).data).toEqual(
        expect.objectContaining({ parent_id: 804, level: 3, type: 'sub-section', main: true, subcategories: 2 }),
      );
      expect(body(await ctx.get('/api/v2/portal/category/102', tokens.submitter)).data).toEqual(
        expect.objectContaining({ level: 4, type: 'leaf', main: false, subcategories: 0 }),
      );
    });
  });

  describe('create and update', () => {
    it('creates a category, deriving the alias from the title, and the tree shows it', async () => {
      const created = await create({ title: '  Ünïcode Café & Bar ', parent_id: 100, colour: '#AABBCC' });
      expect(created).toEqual(
        expect.objectContaining({
          title: 'Ünïcode Café & Bar',
          alias: 'unicode-cafe-bar',
          colour: '#aabbcc',
          parent_id: 100,
          enabled: 1,
          level: 3,
          type: 'sub-section',
          main: false,
        }),
      );
      const news = findNode(await tree(), 100) as Node;
      // Placed after the existing children.
      expect(news.subcategories.map((node) => node.id).at(-1)).toBe(created.id);
      expect(findNode(news.subcategories, created.id)).toEqual(
        expect.objectContaining({ level: 3, leaf: true, alias: 'unicode-cafe-bar' }),
      );

      const child = await create({ title: 'Deep leaf', parent_id: created.id });
      expect(child).toEqual(expect.objectContaining({ alias: 'deep-leaf', level: 4, type: 'leaf', colour: null }));
      const again = findNode(await tree(), created.id) as Node;
      expect(again.leaf).toBe(false);
      expect(again.subcategories.map((node) => [node.id, node.level])).toEqual([[child.id, 4]]);
    });

    it('creates from a form body, with an explicit alias normalised and ordering kept', async () => {
      const response = await ctx.inject({
        method: 'POST',
        url: '/api/v2/portal/category',
        headers: { authentication: tokens.admin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'title=Weather&alias=Weather%20Now!&colour=%2300ff00&parent_id=804&ordering=7',
      });
      expect(response.statusCode).toBe(200);
      expect(body(response).data).toEqual(
        expect.objectContaining({ alias: 'weather-now', colour: '#00ff00', parent_id: 804, ordering: 7, level: 3, main: true }),
      );
    });

    it('creates a new main section under the root', async () => {
      expect(await create({ title: 'Opinion', parent_id: 8 })).toEqual(expect.objectContaining({ level: 2, type: 'section', main: true }));
    });

    it('refuses a fourth level below the root', async () => {
      expectError(
        await save({ title: 'Too deep', parent_id: 102 }),
        400,
        /at most three levels below the root.*"Europe" \(102\).*fourth level/,
      );
      expectError(await save({ title: 'Too deep', parent_id: 806 }), 400, /at most three levels/);
    });

    it('refuses a duplicate alias under the same parent, allows it under another', async () => {
      expectError(
        await save({ title: 'Europe', parent_id: 101 }),
        409,
        /The alias "europe" is already used by "Europe" \(102\) under "World" \(101\)/,
      );
      expectError(await save({ title: 'Other', alias: 'EUROPE', parent_id: 101 }), 409, /alias "europe" is already used/);
      expect(await create({ title: 'Europe', parent_id: 201 })).toEqual(expect.objectContaining({ alias: 'europe', parent_id: 201 }));
    });

    it('updates: fields left out keep their value, an empty alias is derived again', async () => {
      const created = await create({ title: 'Gardening', parent_id: 400, colour: '#123456', ordering: 3 });
      const renamed = await create({ id: created.id, title: 'Home & Garden' });
      expect(renamed).toEqual(
        expect.objectContaining({
          id: created.id,
          title: 'Home & Garden',
          alias: 'gardening',
          colour: '#123456',
          parent_id: 400,
          ordering: 3,
        }),
      );
      const realiased = await create({ id: created.id, alias: '', colour: '' });
      expect(realiased).toEqual(expect.objectContaining({ alias: 'home-garden', colour: null }));
      // Saving a category with its own alias is no clash.
      expect(await create({ id: created.id, alias: 'home-garden', ordering: 1 })).toEqual(expect.objectContaining({ ordering: 1 }));
    });

    it('refuses an alias clash when renaming or moving', async () => {
      expectError(await save({ id: 103, alias: 'europe' }), 409, /already used by "Europe" \(102\)/);
      // 102 "europe" into Football, which has a "europe" already (created above).
      expectError(await save({ id: 102, parent_id: 201 }), 409, /alias "europe" is already used/);
    });
  });

  describe('moves', () => {
    it('moves a subtree, and the tree follows', async () => {
      // Politics (106, level 3 with children at 4) under Sport (200): still levels 3 and 4.
      const moved = await create({ id: 106, parent_id: 200 });
      expect(moved).toEqual(expect.objectContaining({ parent_id: 200, level: 3 }));
      const sport = findNode(await tree(), 200) as Node;
      expect(findNode(sport.subcategories, 106)?.subcategories.map((node) => [node.id, node.level])).toEqual([
        [107, 4],
        [108, 4],
      ]);
      expect(findNode((findNode(await tree(), 100) as Node).subcategories, 106)).toBeUndefined();
      // A leaf moves up to be a main section.
      expect(await create({ id: 107, parent_id: 8 })).toEqual(expect.objectContaining({ level: 2, main: true }));
    });

    it('refuses a move under itself or one of its descendants', async () => {
      expectError(await save({ id: 300, parent_id: 300 }), 400, /cannot be its own parent/);
      expectError(await save({ id: 300, parent_id: 301 }), 400, /cannot be moved under one of its own sub-categories/);
      expectError(await save({ id: 300, parent_id: 302 }), 400, /cannot be moved under one of its own sub-categories/);
    });

    it('refuses a move that would push the subtree past the level limit', async () => {
      // World (101) has leaves below it: under Football (level 3) they would be at level 5.
      expectError(await save({ id: 101, parent_id: 201 }), 400, /at most three levels.*its sub-categories would reach a fourth level/);
      // Business (300, level 2, height 2) under any section would reach level 5.
      expectError(await save({ id: 300, parent_id: 400 }), 400, /at most three levels/);
      expect(body(await ctx.get('/api/v2/portal/category/101', tokens.editor)).data.parent_id).toBe(100);
    });

    it('keeps the root and 804 in place', async () => {
      expectError(await save({ id: 8, parent_id: 100 }), 400, /is the root and cannot be moved/);
      expectError(await save({ id: 804, parent_id: 100 }), 400, /fixed parent of main categories/);
      // Their title and colour can change.
      expect(await create({ id: 804, title: 'Local news', colour: '#722ed1' })).toEqual(
        expect.objectContaining({ title: 'Local news', parent_id: 8 }),
      );
    });
  });

  describe('enable and disable', () => {
    it('disables a category (hidden from the tree with its subtree) and enables it again', async () => {
      const disabled = await action('POST', '/api/v2/portal/category/201/disable');
      expect(body(disabled)).toEqual(
        expect.objectContaining({ code: 200, message: 'Disabled', data: expect.objectContaining({ id: 201, enabled: 0 }) }),
      );
      expect(findNode(await tree(), 201)).toBeUndefined();
      expect(findNode(await tree(), 202)).toBeUndefined();
      expect(findNode(await tree(true), 201)).toEqual(expect.objectContaining({ enabled: 0 }));
      const enabled = await action('POST', '/api/v2/portal/category/201/enable');
      expect(body(enabled)).toEqual(
        expect.objectContaining({ code: 200, message: 'Enabled', data: expect.objectContaining({ enabled: 1 }) }),
      );
      expect(findNode(await tree(), 202)).toBeDefined();
    });

    it('refuses to disable the root', async () => {
      expectError(await action('POST', '/api/v2/portal/category/8/disable'), 400, /root category \(8\) cannot be disabled/);
    });
  });

  describe('delete', () => {
    it('refuses while sub-categories remain', async () => {
      expectError(await action('DELETE', '/api/v2/portal/category/301'), 409, /^The category "Markets" \(301\) has 2 sub-categories$/);
      expectError(await action('DELETE', '/api/v2/portal/category/206'), 409, /"Motorsport" \(206\) has 2 sub-categories/);
    });

    it('refuses while articles use it as their category', async () => {
      const used = await sql<{ catid: number; count: string | number }>`
        select catid, count(*) as count from articles where catid = 102 group by catid
      `.execute(ctx.app.db);
      const direct = Number(used.rows[0]?.count ?? 0);
      expect(direct).toBeGreaterThan(0);
      const response = await action('DELETE', '/api/v2/portal/category/102');
      expectError(response, 409, /"Europe" \(102\) is used by \d+ articles?/);
      expect(Number(/used by (\d+)/.exec(body(response).message)?.[1])).toBeGreaterThanOrEqual(direct);
    });

    it('refuses while an article has it as a topic, then deletes it', async () => {
      const created = await create({ title: 'Topic only', parent_id: 110 });
      const article = await ctx.app.db.selectFrom('articles').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
      await ctx.app.db.insertInto('article_topics').values({ article_id: article.id, category_id: created.id }).execute();
      expectError(await action('DELETE', `/api/v2/portal/category/${created.id}`), 409, /"Topic only" \(\d+\) is used by 1 article$/);
      await ctx.app.db.deleteFrom('article_topics').where('category_id', '=', created.id).execute();

      const deleted = await action('DELETE', `/api/v2/portal/category/${created.id}`);
      expect(body(deleted)).toEqual({ code: 200, data: null, message: 'Deleted' });
      expectError(
        await ctx.get(`/api/v2/portal/category/${created.id}`, tokens.editor),
        404,
        new RegExp(`Category ${created.id} not found`),
      );
      expect(findNode(await tree(true), created.id)).toBeUndefined();
      expectError(await action('DELETE', `/api/v2/portal/category/${created.id}`), 404, /not found/);
    });

    it('never deletes the roots 8 and 804', async () => {
      expectError(
        await action('DELETE', '/api/v2/portal/category/8', 'admin'),
        400,
        /"Portal" \(8\) is a fixed parent and cannot be deleted/,
      );
      expectError(await action('DELETE', '/api/v2/portal/category/804', 'admin'), 400, /\(804\) is a fixed parent and cannot be deleted/);
    });
  });

  describe('rights', () => {
    it.each(['submitter', 'approver'] as const)('refuses every change to the %s (403)', async (user) => {
      const message = /^You do not have the right to manage categories$/;
      expectError(await save({ title: 'Nope', parent_id: 100 }, user), 403, message);
      expectError(await save({ id: 109, title: 'Nope' }, user), 403, message);
      expectError(await action('POST', '/api/v2/portal/category/109/disable', user), 403, message);
      expectError(await action('POST', '/api/v2/portal/category/109/enable', user), 403, message);
      expectError(await action('DELETE', '/api/v2/portal/category/109', user), 403, message);
      expect(body(await ctx.get('/api/v2/portal/category/109', tokens[user])).data).toEqual(
        expect.objectContaining({ title: 'Science', enabled: 1 }),
      );
    });

    it('lets admin and editor manage', async () => {
      expect(await create({ id: 109, title: 'Science & Tech' })).toEqual(expect.objectContaining({ title: 'Science & Tech' }));
      const response = await save({ id: 109, title: 'Science' }, 'admin');
      expect(body(response).message).toBe('Saved');
    });

    it('refuses changes without a session', async () => {
      const response = await ctx.inject({ method: 'POST', url: '/api/v2/portal/category', payload: { title: 'x', parent_id: 8 } });
      expectError(response, 401, /Please sign in/);
    });
  });

  describe('bad input', () => {
    it.each([
      ['an empty title', { title: '   ', parent_id: 100 }, /title must not be empty/],
      ['no title on create', { parent_id: 100 }, /title is required/],
      ['no parent on create', { title: 'Orphan' }, /parent_id is required/],
      ['a bad colour', { title: 'Red', parent_id: 100, colour: 'red' }, /colour must be a colour like #1677ff/],
      ['a short colour', { title: 'Red', parent_id: 100, colour: '#f00' }, /colour must be a colour like/],
      ['a non-numeric parent', { title: 'X', parent_id: 'abc' }, /parent_id must be a whole number/],
      ['a non-numeric id', { id: 'abc', title: 'X' }, /id must be a whole number/],
      ['an unknown parent', { title: 'X', parent_id: 999999 }, /parent category 999999 does not exist/],
      ['a title without letters or digits', { title: '!!!', parent_id: 100 }, /cannot be derived from the title/],
      ['an alias without letters or digits', { title: 'Fine', alias: '---', parent_id: 100 }, /alias must contain letters or digits/],
    ])('refuses %s (400)', async (_name, payload, message) => {
      expectError(await save(payload), 400, message);
    });

    it('answers 404 for an unknown id', async () => {
      expectError(await save({ id: 999999, title: 'Ghost' }), 404, /Category 999999 not found/);
      expectError(await ctx.get('/api/v2/portal/category/999999', tokens.editor), 404, /Category 999999 not found/);
      expectError(await action('POST', '/api/v2/portal/category/999999/enable'), 404, /Category 999999 not found/);
      expectError(await action('POST', '/api/v2/portal/category/999999/disable'), 404, /Category 999999 not found/);
    });

    it('answers 400 for a non-numeric id in the path', async () => {
      expectError(await ctx.get('/api/v2/portal/category/abc', tokens.editor), 400, /id must be a whole number/);
      expectError(await action('POST', '/api/v2/portal/category/abc/enable'), 400, /id must be a whole number/);
      expectError(await action('DELETE', '/api/v2/portal/category/1.5'), 400, /id must be a whole number/);
      expectError(await action('DELETE', '/api/v2/portal/category/0'), 400, /id must be 1 or more/);
    });
  });
});
