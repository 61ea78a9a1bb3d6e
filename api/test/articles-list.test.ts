// GET /api/portal/articles: every filter alone and combined, every sort and direction, paging edges,
// rights, bad input. Answers are checked against the articles as the database holds them.
import { sql } from 'kysely';
import { DEMO_ARTICLE_COUNT } from '../src/db/demo-data';
import { allRows, ftsIds, LIST_ITEM_FIELDS, list, listAll, orderedIds, subtree, tokens, userId, type Row } from './articles-fixtures';
import { body, describeEachDatabase } from './helpers';

const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);
/** What the list shows without a status filter: every state but the trash (-2). */
const NOT_TRASH = sql`a.state <> -2`;
const desc = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => b - a);

describeEachDatabase('GET /api/portal/articles', (ctx) => {
  const as = tokens(ctx);
  /** Every article; `rows`: those the list shows without a status filter (every state but -2, Trash). */
  let everyRow: Row[];
  let rows: Row[];
  /** An article in state 2 (imported, "Other"), added for the status filter -1. */
  let otherId: number;

  beforeAll(async () => {
    const { id } = await ctx.app.db
      .insertInto('articles')
      .values({
        title: 'Archived wire story about the harbour festival',
        date: new Date(),
        catid: 809,
        state: 2,
        created_by: null,
        url: 'https://www.newsdesk.example/local/coast/archived',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    otherId = id;
    everyRow = await allRows(ctx);
    rows = everyRow.filter((row) => row.state !== -2);
  });

  /** Full-text hits among the articles the list shows without a status filter. */
  async function shownFts(term: string): Promise<Set<number>> {
    const shown = new Set(rows.map((row) => row.id));
    return new Set([...(await ftsIds(ctx, term))].filter((id) => shown.has(id)));
  }

  describe('the seed', () => {
    it('has the demo articles across states, categories, submitters and authors', async () => {
      expect(everyRow).toHaveLength(DEMO_ARTICLE_COUNT + 1);
      const demo = everyRow.filter((row) => row.id !== otherId);
      expect(new Set(demo.map((row) => row.state))).toEqual(new Set([0, 1, 4, 5, -2]));
      expect(new Set(demo.map((row) => row.author))).toEqual(new Set(['Alex Admin', 'Erin Editor', 'Avery Approver', 'Sam Submitter']));
      expect(new Set(demo.map((row) => row.catid)).size).toBeGreaterThan(30);
      expect(demo.every((row) => row.authors.length >= 1 && row.authors.length <= 2)).toBe(true);
      expect(demo.filter((row) => row.featured === 1).length).toBeGreaterThan(5);
      expect(demo.filter((row) => row.newsletter === 1).length).toBeGreaterThan(5);
      expect(new Set(demo.map((row) => row.access))).toEqual(new Set([1, 2, 3]));
    });
  });

  describe('list items', () => {
    it('carry every "Article list item" field', async () => {
      const page = await list(ctx, await as('editor'), 'limit=100');
      expect(page.total).toBe(rows.length);
      const categories = new Map((await ctx.app.db.selectFrom('categories').select(['id', 'title']).execute()).map((c) => [c.id, c.title]));
      const mains = new Map(
        (await ctx.app.db.selectFrom('articles').select(['id', 'main_category_id', 'article_type']).execute()).map((a) => [a.id, a]),
      );
      for (const item of page.data) {
        expect(Object.keys(item).sort()).toEqual(LIST_ITEM_FIELDS);
        const row = rows.find((candidate) => candidate.id === item.id) as Row;
        expect(item).toMatchObject({
          title: row.title,
          catid: row.catid,
          state: row.state,
          featured: row.featured,
          access: row.access,
          newsletter: row.newsletter,
          createdBy: row.created_by,
          author: row.author ?? 'unknown',
          thumb: null,
        });
        const main = mains.get(item.id);
        expect(item.articleType).toBe(main?.article_type);
        expect(item.main_category).toBe(main?.main_category_id ? categories.get(main.main_category_id) : null);
        expect(Number.isNaN(Date.parse(item.date))).toBe(false);
        // Issue 15: the publish times, UTC ISO or null.
        for (const time of [item.publish_up, item.publish_down]) expect(time === null || /Z$/.test(time)).toBe(true);
      }
      expect(page.data.find((item) => item.id === otherId)).toMatchObject({ author: 'unknown', createdBy: null, main_category: null });
    });
  });

  describe('each filter alone', () => {
    it.each([100, 200, 201, 202, 804, 805, 8])('category %i: the category and its descendants', async (category) => {
      const within = await subtree(ctx, category);
      const expected = rows.filter((row) => row.catid !== null && within.has(row.catid));
      const result = await listAll(ctx, await as('editor'), `category=${category}`);
      expect(result.total).toBe(expected.length);
      expect(ids(result.items)).toEqual(desc(expected));
      expect(expected.length).toBeGreaterThan(0);
    });

    it('category: an unknown category matches nothing; 0 and empty mean all', async () => {
      const token = await as('editor');
      expect(await list(ctx, token, 'category=99999')).toMatchObject({ data: [], total: 0 });
      expect((await list(ctx, token, 'category=0')).total).toBe(rows.length);
      expect((await list(ctx, token, 'category=')).total).toBe(rows.length);
    });

    it.each(['admin', 'editor', 'approver', 'submitter'] as const)('user: the articles %s submitted', async (username) => {
      const id = await userId(ctx, username);
      const expected = rows.filter((row) => row.created_by === id);
      const result = await listAll(ctx, await as('approver'), `user=${id}`);
      expect(result.total).toBe(expected.length);
      expect(ids(result.items)).toEqual(desc(expected));
    });

    it.each([-2, 0, 1, 4, 5])('status %i', async (state) => {
      const expected = everyRow.filter((row) => row.state === state);
      const result = await listAll(ctx, await as('editor'), `status=${state}`);
      expect(result.total).toBe(expected.length);
      expect(ids(result.items)).toEqual(desc(expected));
      expect(expected.length).toBeGreaterThan(0);
    });

    it('no status: every state but the trash (-2), for every user; the status filter shows the trash', async () => {
      expect(everyRow.some((row) => row.state === -2)).toBe(true);
      const all = await listAll(ctx, await as('editor'), '');
      expect(all.total).toBe(rows.length);
      expect(all.items.some((item) => item.state === -2)).toBe(false);
      const submitter = await userId(ctx, 'submitter');
      const own = await listAll(ctx, await as('submitter'), '');
      expect(ids(own.items)).toEqual(desc(rows.filter((row) => row.created_by === submitter)));
      const trash = await listAll(ctx, await as('editor'), 'status=-2');
      expect(trash.items.length).toBeGreaterThan(0);
      expect(trash.items.every((item) => item.state === -2)).toBe(true);
    });

    it('status -1: Other, any state not in 0, 1, 4, 5, -2', async () => {
      const result = await listAll(ctx, await as('editor'), 'status=-1');
      expect(result).toEqual({ total: 1, items: [expect.objectContaining({ id: otherId, state: 2 })] });
    });

    it.each([
      ['council', /council/i],
      ['councils', /council/i],
      ['"energy storage"', /energy storage/i],
      ['Harbour', /harbour/i],
    ])('search %s: full text over title and intro', async (term, pattern) => {
      const expected = await shownFts(term);
      const result = await listAll(ctx, await as('editor'), `search=${encodeURIComponent(term)}`);
      expect(result.total).toBe(expected.size);
      expect(ids(result.items)).toEqual([...expected].sort((a, b) => b - a));
      expect(expected.size).toBeGreaterThan(0);
      expect(result.items.every((item) => pattern.test(item.title))).toBe(true);
    });

    it('search: words of the intro count too, and -word excludes', async () => {
      const token = await as('editor');
      // "negotiation" is only ever in intros ("The move follows months of negotiation behind closed doors.").
      const negotiation = await listAll(ctx, token, 'search=negotiations');
      expect(negotiation.total).toBe((await shownFts('negotiation')).size);
      expect(negotiation.total).toBeGreaterThan(0);
      expect(negotiation.items.some((item) => !/negotiat/i.test(item.title))).toBe(true);
      const all = await listAll(ctx, token, 'search=council');
      const without = await listAll(ctx, token, `search=${encodeURIComponent('council -budget')}`);
      expect(without.total).toBeLessThan(all.total);
      expect(without.items.some((item) => /budget/i.test(item.title))).toBe(false);
      expect(await list(ctx, token, 'search=xylophonequartet')).toMatchObject({ data: [], total: 0 });
      // Only stop words: nothing to search for, nothing found.
      expect(await list(ctx, token, 'search=the')).toMatchObject({ data: [], total: 0 });
    });

    it('author: by id, and by part of the name in any letter case', async () => {
      const token = await as('editor');
      const expected = rows.filter((row) => row.authors.includes(1));
      expect(expected.length).toBeGreaterThan(0);
      for (const author of ['1', 'Maya Lindqvist', 'lindQVIST', 'maya']) {
        const result = await listAll(ctx, token, `author=${encodeURIComponent(author)}`);
        expect(result.total).toBe(expected.length);
        expect(ids(result.items)).toEqual(desc(expected));
      }
      // "an" is in several names: any of them.
      const several = (await ctx.app.db.selectFrom('authors').select('id').where('name', 'ilike', '%an%').execute()).map((a) => a.id);
      expect(several.length).toBeGreaterThan(1);
      const any = await listAll(ctx, token, 'author=an');
      expect(any.total).toBe(rows.filter((row) => row.authors.some((id) => several.includes(id))).length);
      expect(await list(ctx, token, 'author=Nobody%20Atall')).toMatchObject({ data: [], total: 0 });
      expect(await list(ctx, token, 'author=99999')).toMatchObject({ data: [], total: 0 });
    });

    it.each([0, 1])('featured %i', async (featured) => {
      const expected = rows.filter((row) => row.featured === featured);
      const result = await listAll(ctx, await as('editor'), `featured=${featured}`);
      expect(result.total).toBe(expected.length);
      expect(ids(result.items)).toEqual(desc(expected));
    });
  });

  describe('filters combined', () => {
    it('category + user + status + featured', async () => {
      const submitter = await userId(ctx, 'submitter');
      const within = await subtree(ctx, 100);
      for (const state of [1, 5]) {
        for (const featured of [0, 1]) {
          const expected = rows.filter(
            (row) =>
              row.catid !== null &&
              within.has(row.catid) &&
              row.created_by === submitter &&
              row.state === state &&
              row.featured === featured,
          );
          const result = await listAll(ctx, await as('admin'), `category=100&user=${submitter}&status=${state}&featured=${featured}`);
          expect(result.total).toBe(expected.length);
          expect(ids(result.items)).toEqual(desc(expected));
        }
      }
    });

    it('all six filters at once, and each pair with search and author', async () => {
      const token = await as('admin');
      const editor = await userId(ctx, 'editor');
      const council = await shownFts('council');
      const local = await subtree(ctx, 804);
      const cases: Array<[string, (row: Row) => boolean]> = [
        ['search=council&category=804', (row) => council.has(row.id) && local.has(row.catid ?? -1)],
        ['search=council&status=1', (row) => council.has(row.id) && row.state === 1],
        ['search=council&author=maya', (row) => council.has(row.id) && row.authors.includes(1)],
        [`author=2&user=${editor}`, (row) => row.authors.includes(2) && row.created_by === editor],
        ['author=3&featured=0&status=1', (row) => row.authors.includes(3) && row.featured === 0 && row.state === 1],
        [
          `category=804&user=${editor}&status=1&search=council&author=nora&featured=0`,
          (row) =>
            local.has(row.catid ?? -1) &&
            row.created_by === editor &&
            row.state === 1 &&
            council.has(row.id) &&
            row.authors.includes(10) &&
            row.featured === 0,
        ],
        [`category=200&user=${editor}&status=-1&search=the&author=1&featured=1`, () => false],
      ];
      for (const [query, match] of cases) {
        const expected = rows.filter(match);
        const result = await listAll(ctx, token, query);
        expect({ query, total: result.total, ids: ids(result.items) }).toEqual({ query, total: expected.length, ids: desc(expected) });
      }
    });
  });

  describe('sorting', () => {
    it.each([
      ['id', 'ASC'],
      ['id', 'DESC'],
      ['title', 'ASC'],
      ['title', 'DESC'],
      ['submitter', 'ASC'],
      ['submitter', 'DESC'],
    ] as const)('sort=%s sortDir=%s over every page', async (sort, dir) => {
      const result = await listAll(ctx, await as('editor'), `sort=${sort}&sortDir=${dir}`);
      expect(result.total).toBe(rows.length);
      expect(ids(result.items)).toEqual(await orderedIds(ctx, sort, dir, NOT_TRASH));
    });

    it.each(['id', 'title', 'submitter'] as const)('sort=%s with filters and odd page sizes', async (sort) => {
      const token = await as('admin');
      const approver = await userId(ctx, 'approver');
      for (const dir of ['ASC', 'DESC'] as const) {
        const published = await orderedIds(ctx, sort, dir, sql`a.state = 1`);
        for (const limit of [5, 20, 50]) {
          const seen: number[] = [];
          for (let offset = 0; offset < published.length + limit; offset += limit) {
            const page = await list(ctx, token, `status=1&sort=${sort}&sortDir=${dir}&limit=${limit}&limitStart=${offset}`);
            expect(page.total).toBe(published.length);
            seen.push(...ids(page.data));
          }
          expect(seen).toEqual(published);
        }
        const mine = await listAll(ctx, token, `user=${approver}&sort=${sort}&sortDir=${dir}`);
        expect(ids(mine.items)).toEqual(await orderedIds(ctx, sort, dir, sql`a.state <> -2 and a.created_by = ${approver}`));
      }
    });

    it.each(['id', 'title', 'submitter'] as const)(
      'sort=%s over free text and author-name hits (read whole, then sorted)',
      async (sort) => {
        const token = await as('admin');
        for (const dir of ['ASC', 'DESC'] as const) {
          const council = await listAll(ctx, token, `search=council&sort=${sort}&sortDir=${dir}`);
          expect(ids(council.items)).toEqual(
            await orderedIds(ctx, sort, dir, sql`a.state <> -2 and a.search_vector @@ websearch_to_tsquery('english', 'council')`),
          );
          const an = await listAll(ctx, token, `author=an&status=1&sort=${sort}&sortDir=${dir}`);
          expect(ids(an.items)).toEqual(
            await orderedIds(
              ctx,
              sort,
              dir,
              sql`a.state = 1 and exists (select 1 from article_authors aa join authors w on w.id = aa.author_id where aa.article_id = a.id and w.name ilike '%an%')`,
            ),
          );
          expect(an.total).toBe(an.items.length);
        }
      },
    );

    it('defaults to id DESC', async () => {
      const token = await as('editor');
      expect(ids((await list(ctx, token, '')).data)).toEqual((await orderedIds(ctx, 'id', 'DESC', NOT_TRASH)).slice(0, 5));
      expect((await list(ctx, token, '')).data).toHaveLength(5);
    });
  });

  describe('paging', () => {
    it('last page, exactly at the end, and beyond', async () => {
      const token = await as('editor');
      const total = rows.length;
      const all = await orderedIds(ctx, 'id', 'DESC', NOT_TRASH);
      for (const limit of [5, 10, 20, 50, 100]) {
        const lastStart = Math.floor((total - 1) / limit) * limit;
        const last = await list(ctx, token, `limit=${limit}&limitStart=${lastStart}`);
        expect(last.total).toBe(total);
        expect(ids(last.data)).toEqual(all.slice(lastStart));
        expect(last.data.length).toBe(total - lastStart);
      }
      for (const start of [total, total + 1, 100000]) {
        expect(await list(ctx, token, `limitStart=${start}`)).toMatchObject({ data: [], total });
      }
      expect(ids((await list(ctx, token, `limit=5&limitStart=${total - 3}`)).data)).toEqual(all.slice(total - 3));
    });

    it('with free text too: the last page, and beyond it the total alone', async () => {
      const token = await as('editor');
      const hits = [...(await shownFts('council'))].sort((a, b) => b - a);
      const lastStart = Math.floor((hits.length - 1) / 5) * 5;
      expect(await list(ctx, token, `search=council&limitStart=${lastStart}`)).toMatchObject({ total: hits.length });
      expect(ids((await list(ctx, token, `search=council&limitStart=${lastStart}`)).data)).toEqual(hits.slice(lastStart));
      expect(await list(ctx, token, `search=council&limitStart=${hits.length}`)).toMatchObject({ data: [], total: hits.length });
    });

    it('an empty result still has a total of 0', async () => {
      expect(await list(ctx, await as('editor'), 'status=-1&featured=1')).toMatchObject({ code: 200, data: [], total: 0 });
    });
  });

  describe('rights', () => {
    it('a user without view_all_articles sees only their own articles, sorted and paged', async () => {
      const token = await as('submitter');
      const me = await userId(ctx, 'submitter');
      const own = rows.filter((row) => row.created_by === me);
      for (const [sort, dir] of [
        ['id', 'DESC'],
        ['title', 'ASC'],
        ['submitter', 'DESC'],
      ] as const) {
        const result = await listAll(ctx, token, `sort=${sort}&sortDir=${dir}`);
        expect(result.total).toBe(own.length);
        expect(ids(result.items)).toEqual(await orderedIds(ctx, sort, dir, sql`a.state <> -2 and a.created_by = ${me}`));
      }
    });

    it.each(['category=100', 'user=1', 'status=1', 'status=-1', 'search=council', 'author=1', 'author=maya', 'featured=0'])(
      'refuses the filter %s without view_all_articles (403)',
      async (query) => {
        const response = await ctx.get(`/api/portal/articles?${query}`, await as('submitter'));
        expect(response.statusCode).toBe(403);
        expect(body(response)).toEqual({
          code: 403,
          data: { error: 'filter_needs_right' },
          message: 'You need the right to view all articles to filter the article list',
        });
      },
    );

    it('lets empty filters (and category/user 0) through for everyone', async () => {
      const token = await as('submitter');
      const me = await userId(ctx, 'submitter');
      const own = rows.filter((row) => row.created_by === me).length;
      expect((await list(ctx, token, 'category=&user=&status=&search=&author=&featured=')).total).toBe(own);
      expect((await list(ctx, token, 'category=0&user=0&search=%20')).total).toBe(own);
    });

    it('everyone may list their own trash (status -2), and every list answer counts the trash the user may list', async () => {
      const me = await userId(ctx, 'submitter');
      const mine = everyRow.filter((row) => row.created_by === me && row.state === -2);
      expect(mine.length).toBeGreaterThan(0);
      const trash = await listAll(ctx, await as('submitter'), 'status=-2');
      expect(ids(trash.items)).toEqual(desc(mine));
      expect(trash.total).toBe(mine.length);
      // The count comes with every list, whatever its filter: the submitter's own, everyone's with view_all_articles.
      expect(await list(ctx, await as('submitter'), '')).toMatchObject({
        total: rows.filter((row) => row.created_by === me).length,
        trash_total: mine.length,
      });
      expect(await list(ctx, await as('editor'), 'status=1')).toMatchObject({
        trash_total: everyRow.filter((row) => row.state === -2).length,
      });
    });

    it('lets approvers (view_all_articles) filter everything', async () => {
      expect((await list(ctx, await as('approver'), 'status=1')).total).toBe(rows.filter((row) => row.state === 1).length);
    });
  });

  describe('bad input (400 with a clear message)', () => {
    it.each([
      ['limit=7', 'limit must be one of 5, 10, 20, 50, 100'],
      ['limit=-5', 'limit must be one of 5, 10, 20, 50, 100'],
      ['limit=0', 'limit must be one of 5, 10, 20, 50, 100'],
      ['limit=abc', 'limit must be a whole number'],
      ['limitStart=-1', 'limitStart must be 0 or more'],
      ['limitStart=1.5', 'limitStart must be a whole number'],
      ['sort=date', 'sort must be one of id, title, submitter'],
      ['sortDir=up', 'sortDir must be one of ASC, DESC'],
      ['status=3', 'status must be one of -3, -2, -1, 0, 1, 4, 5'],
      ['status=published', 'status must be one of -3, -2, -1, 0, 1, 4, 5'],
      ['featured=2', 'featured must be 0 or 1'],
      ['featured=yes', 'featured must be 0 or 1'],
      ['category=news', 'category must be a category id (a whole number)'],
      ['category=-4', 'category must be a category id (a whole number)'],
      ['user=abc', 'user must be a user id (a whole number)'],
      [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters long'],
      [`author=${'x'.repeat(101)}`, 'author must be at most 100 characters long'],
    ])('%s', async (query, message) => {
      const response = await ctx.get(`/api/portal/articles?${query}`, await as('editor'));
      expect(response.statusCode).toBe(400);
      expect(body(response)).toEqual({
        code: 400,
        data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
        message,
      });
    });
  });
});
