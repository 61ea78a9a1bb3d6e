import { DEMO_ARTICLE_COUNT } from '../src/db/demo-data';
import { LIST_ITEM_FIELDS } from './articles-fixtures';
import { body, describeEachDatabase } from './helpers';

interface Node {
  id: number;
  title: string;
  alias: string;
  colour: string | null;
  parent_id: number | null;
  enabled: number;
  level: number;
  leaf: boolean;
  selected: boolean;
  subcategories: Node[];
}

interface Item {
  id: number;
  title: string;
  catid: number;
  date: string;
  thumb: string | null;
  main_category: string | null;
  articleType: string;
  state: number;
  access: number;
  featured: number;
  newsletter: number;
  createdBy: number;
  author: string;
  url: string;
}

function flatten(nodes: Node[]): Node[] {
  return nodes.flatMap((node) => [node, ...flatten(node.subcategories)]);
}

describeEachDatabase('reads on the demo data: categories tree, article list, importers', (ctx) => {
  describe('GET /api/categories/tree', () => {
    it('returns the nested tree under root 8', async () => {
      const token = await ctx.login('submitter');
      const response = await ctx.get('/api/categories/tree', token);
      expect(response.statusCode).toBe(200);
      const tree = body<Node[]>(response).data;
      expect(tree).toHaveLength(1);
      const root = tree[0] as Node;
      expect(root).toMatchObject({ id: 8, title: 'Portal', parent_id: null, level: 1, leaf: false, selected: false });
      expect(root.subcategories.map((node) => node.title)).toEqual(['News', 'Sport', 'Business', 'Lifestyle', 'Local']);
      const local = root.subcategories.find((node) => node.id === 804) as Node;
      expect(local).toMatchObject({ parent_id: 8, level: 2 });
      expect(local.subcategories.every((node) => node.parent_id === 804 && node.level === 3)).toBe(true);

      const all = flatten(tree);
      expect(all.length).toBeGreaterThan(40);
      for (const node of all) {
        expect(Object.keys(node).sort()).toEqual(
          ['alias', 'colour', 'enabled', 'id', 'leaf', 'level', 'parent_id', 'selected', 'subcategories', 'title'].sort(),
        );
        expect(node.colour).toMatch(/^#[0-9a-f]{6}$/i);
        expect(node.leaf).toBe(node.subcategories.length === 0);
        expect(node.selected).toBe(false);
        for (const child of node.subcategories) {
          expect(child.parent_id).toBe(node.id);
          expect(child.level).toBe(node.level + 1);
        }
      }
      expect(Math.max(...all.map((node) => node.level))).toBe(4);
      const news = root.subcategories[0] as Node;
      expect(news).toMatchObject({ title: 'News', alias: 'news', colour: '#1677ff' });
    });

    it('hides disabled categories (with their subtree) unless asked', async () => {
      const token = await ctx.login('editor');
      await ctx.app.db.updateTable('categories').set({ enabled: 0 }).where('id', '=', 201).execute();
      try {
        const visible = flatten(body<Node[]>(await ctx.get('/api/categories/tree', token)).data).map((node) => node.id);
        expect(visible).not.toContain(201);
        expect(visible).not.toContain(202);
        const everything = flatten(body<Node[]>(await ctx.get('/api/categories/tree?includeDisabled=1', token)).data);
        expect(everything.find((node) => node.id === 201)?.enabled).toBe(0);
        expect(everything.map((node) => node.id)).toContain(202);
      } finally {
        await ctx.app.db.updateTable('categories').set({ enabled: 1 }).where('id', '=', 201).execute();
      }
    });
  });

  describe('GET /api/portal/articles', () => {
    /** The demo articles the default list shows: all but the trash (-2), ids ascending. */
    const listedIds = async (): Promise<number[]> => {
      const rows = await ctx.app.db.selectFrom('articles').select('id').where('state', '!=', -2).orderBy('id').execute();
      return rows.map((row) => row.id);
    };

    it('defaults to 5 per page, newest id first, with the total of all but the trash', async () => {
      const token = await ctx.login('editor');
      const response = await ctx.get('/api/portal/articles', token);
      expect(response.statusCode).toBe(200);
      const result = body<Item[]>(response);
      expect(result.code).toBe(200);
      const listed = await listedIds();
      expect(listed.length).toBeLessThan(DEMO_ARTICLE_COUNT);
      expect(result.total).toBe(listed.length);
      expect(result.data.map((item) => item.id)).toEqual(listed.slice(-5).reverse());
      const n = listed[listed.length - 1];
      const item = result.data[0] as Item;
      expect(Object.keys(item).sort()).toEqual(LIST_ITEM_FIELDS);
      expect(Number.isNaN(Date.parse(item.date))).toBe(false);
      expect(item.url).toMatch(new RegExp(`^https://www\\.newsdesk\\.example/.+/${n}-`));
    });

    it('seeds articles in every state', async () => {
      const token = await ctx.login('admin');
      const items: Item[] = [];
      for (let offset = 0; offset < DEMO_ARTICLE_COUNT; offset += 100) {
        items.push(...body<Item[]>(await ctx.get(`/api/portal/articles?limit=100&limitStart=${offset}`, token)).data);
        items.push(...body<Item[]>(await ctx.get(`/api/portal/articles?limit=100&limitStart=${offset}&status=-2`, token)).data);
      }
      expect(items).toHaveLength(DEMO_ARTICLE_COUNT);
      expect(new Set(items.map((item) => item.state))).toEqual(new Set([0, 1, 4, 5, -2]));
      expect(new Set(items.map((item) => item.author))).toEqual(new Set(['Alex Admin', 'Erin Editor', 'Avery Approver', 'Sam Submitter']));
    });

    it('pages with limit and limitStart', async () => {
      const token = await ctx.login('editor');
      const page = body<Item[]>(await ctx.get('/api/portal/articles?limit=10&limitStart=20&sortDir=ASC', token));
      const listed = await listedIds();
      expect(page.data.map((item) => item.id)).toEqual(listed.slice(20, 30));
      expect(page.total).toBe(listed.length);
      const beyond = body<Item[]>(await ctx.get('/api/portal/articles?limitStart=500', token));
      expect(beyond.data).toEqual([]);
      expect(beyond.total).toBe(listed.length);
    });

    it('sorts by title and by submitter, both ways', async () => {
      const token = await ctx.login('editor');
      const every = async (query: string) => {
        const items: Item[] = [];
        for (let offset = 0; offset < DEMO_ARTICLE_COUNT; offset += 100) {
          items.push(...body<Item[]>(await ctx.get(`/api/portal/articles?limit=100&limitStart=${offset}&${query}`, token)).data);
        }
        return items;
      };
      const byTitle = await every('sort=title&sortDir=ASC');
      const titles = byTitle.map((item) => item.title);
      expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const byTitleDesc = await every('sort=title&sortDir=DESC');
      expect(byTitleDesc.map((item) => item.title)).toEqual([...titles].reverse());

      const bySubmitter = body<Item[]>(await ctx.get('/api/portal/articles?limit=100&sort=submitter&sortDir=ASC', token)).data;
      const names = bySubmitter.map((item) => item.author);
      expect(names).toEqual([...names].sort());
      expect(bySubmitter[0]?.author).toBe('Alex Admin');
      const desc = body<Item[]>(await ctx.get('/api/portal/articles?limit=5&sort=submitter&sortDir=DESC', token)).data;
      expect(desc[0]?.author).toBe('Sam Submitter');
    });

    it('refuses limit 7 and a negative limitStart', async () => {
      const token = await ctx.login('editor');
      const seven = await ctx.get('/api/portal/articles?limit=7', token);
      expect(seven.statusCode).toBe(400);
      expect(body(seven)).toEqual({
        code: 400,
        data: { error: 'field_enum', field: 'limit', params: { field: 'limit', values: '5, 10, 20, 50, 100' } },
        message: 'limit must be one of 5, 10, 20, 50, 100',
      });
      const negative = await ctx.get('/api/portal/articles?limitStart=-5', token);
      expect(negative.statusCode).toBe(400);
      expect(body(negative)).toEqual({
        code: 400,
        data: { error: 'field_minimum', field: 'limitStart', params: { field: 'limitStart', limit: 0 } },
        message: 'limitStart must be 0 or more',
      });
    });

    it.each([5, 10, 20, 50, 100])('accepts limit %i', async (limit) => {
      const token = await ctx.login('approver');
      const result = body<Item[]>(await ctx.get(`/api/portal/articles?limit=${limit}`, token));
      expect(result.data).toHaveLength(Math.min(limit, DEMO_ARTICLE_COUNT));
    });

    it('shows a submitter (no view_all_articles) only their own articles', async () => {
      const token = await ctx.login('submitter');
      const me = body<{ id: number }>(await ctx.get('/api/v2/user', token)).data;
      const result = body<Item[]>(await ctx.get('/api/portal/articles?limit=100', token));
      expect(result.total).toBeGreaterThan(0);
      expect(result.total).toBeLessThan(DEMO_ARTICLE_COUNT);
      expect(result.data).toHaveLength(Math.min(100, result.total as number));
      expect(result.data.every((item) => item.createdBy === me.id && item.author === 'Sam Submitter')).toBe(true);
    });

    it('shows approvers (view_all_articles) everything', async () => {
      const token = await ctx.login('approver');
      expect(body(await ctx.get('/api/portal/articles', token)).total).toBe((await listedIds()).length);
    });
  });

  describe('GET /api/v2/portal/importer', () => {
    it('is empty in the seed', async () => {
      const token = await ctx.login('editor');
      const response = await ctx.get('/api/v2/portal/importer', token);
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({ code: 200, data: [], message: 'OK', total: 0 });
    });

    it('lists importers with their defaults as an object', async () => {
      await ctx.app.db
        .insertInto('importers')
        .values({
          title: 'Wire service',
          feed_url: 'https://feeds.example/wire.xml',
          plugin: 'rss',
          schedule: 2,
          enabled: 1,
          defaults: JSON.stringify({ published: '0', user: 2, tags: ['wire'] }),
        })
        .execute();
      try {
        const token = await ctx.login('admin');
        const result = body<any[]>(await ctx.get('/api/v2/portal/importer', token));
        expect(result.total).toBe(1);
        expect(result.data[0]).toMatchObject({
          id: expect.any(Number),
          title: 'Wire service',
          feed_url: 'https://feeds.example/wire.xml',
          plugin: 'rss',
          schedule: 2,
          enabled: 1,
          defaults: { published: '0', user: 2, tags: ['wire'] },
        });
        expect(Number.isNaN(Date.parse(result.data[0].created))).toBe(false);
      } finally {
        await ctx.app.db.deleteFrom('importers').execute();
      }
    });

    it('needs the right import', async () => {
      const token = await ctx.login('approver');
      const response = await ctx.get('/api/v2/portal/importer', token);
      expect(response.statusCode).toBe(403);
      expect(body(response)).toEqual({
        code: 403,
        data: { error: 'no_right', params: { right: 'import' } },
        message: 'You do not have the right to manage imports',
      });
    });
  });
});
