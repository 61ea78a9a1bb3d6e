// The list's ways to read a page with free text or an author name (repositories/articles-list.ts,
// listByWalk): walking the sort order, an id window, and collecting every hit (exact). The tables
// here are small, so the walk is forced (strategy 'walk', or a lowered threshold) and made short
// (walk.scanRows) to reach the window and the fallback. Every way must give the same rows in the same
// order; an estimated total is flagged and never below the rows seen; a page past the end is empty
// with the exact total.
import { sql } from 'kysely';
import { articlesRepository, type ArticleFilter, type ArticleListQuery, type ArticleListTuning } from '../src/repositories/articles';
import { estimatedArticleRows, userId } from './articles-fixtures';
import { body, describeEachDatabase } from './helpers';

const COMMON = 1_200;

describeEachDatabase('article list strategies', (ctx) => {
  let submitter: number;
  let wombatAuthors: number[];

  beforeAll(async () => {
    submitter = await userId(ctx, 'submitter');
    // A common word ("wombat") in many articles, spread over states, owners, featured, categories and titles.
    await sql`
      insert into articles (title, introtext, date, catid, state, featured, created_by, url)
      select case when g % 3 = 0 then 'Zebra wombat report ' || g when g % 3 = 1 then 'Alpine wombat ' || g else 'Mid wombat news ' || g end,
        case when g % 7 = 0 then 'Burrow notes' else 'Wildlife notes' end,
        now() - (g || ' minutes')::interval,
        case when g % 2 = 0 then 404 else null end,
        case when g % 4 = 0 then 5 when g % 9 = 0 then 7 else 1 end,
        case when g % 6 = 0 then 1 else 0 end,
        case when g % 5 = 0 then ${submitter}::int else null end,
        'https://www.newsdesk.example/wombat-' || g
      from generate_series(1, ${COMMON}::int) g
    `.execute(ctx.app.db);
    // Three authors named "… Burrowes" on many of them (some articles with two), for the name filter.
    const { rows } = await sql<{ id: number }>`
      insert into authors (name) values ('Ada Burrowes'), ('Ben Burrowes'), ('Cy Burrowes') returning id
    `.execute(ctx.app.db);
    wombatAuthors = rows.map((row) => row.id);
    await sql`
      insert into article_authors (article_id, author_id)
      select a.id, (array[${sql.join(wombatAuthors.map((id) => sql`${id}::int`))}])[1 + a.id % 3]
      from articles a where a.url like 'https://www.newsdesk.example/wombat-%' and a.id % 2 = 0
      union
      select a.id, ${wombatAuthors[0]!}::int from articles a where a.url like 'https://www.newsdesk.example/wombat-%' and a.id % 10 = 1
    `.execute(ctx.app.db);
    await sql`analyze`.execute(ctx.app.db);
  });

  const list = ({ strategy, walk, ...query }: ArticleListQuery & ArticleListTuning) =>
    articlesRepository.list(ctx.app.db, query, { strategy, walk });

  const filters: Array<[string, () => ArticleFilter]> = [
    ['search', () => ({ search: 'wombat' })],
    ['search phrase', () => ({ search: '"wombat report"' })],
    ['author name (several authors)', () => ({ authorIds: wombatAuthors })],
    ['search + authors', () => ({ search: 'burrow', authorIds: wombatAuthors })],
    ['search + state', () => ({ search: 'wombat', state: 1 })],
    ['search + state other', () => ({ search: 'wombat', state: 'other' })],
    ['search + featured', () => ({ search: 'wombat', featured: 1 })],
    ['search + submitter', () => ({ search: 'wombat', createdBy: submitter })],
    ['search + category', () => ({ search: 'wombat', categoryIds: [404] })],
    ['authors + featured + state', () => ({ authorIds: wombatAuthors, featured: 0, state: 5 })],
    ['all six', () => ({ search: 'wombat', authorIds: wombatAuthors, featured: 0, state: 1, createdBy: submitter, categoryIds: [404] })],
    ['no hit', () => ({ search: 'zanzibarxyz' })],
  ];
  const orders = [
    ['id', 'DESC'],
    ['id', 'ASC'],
    ['title', 'ASC'],
    ['title', 'DESC'],
    ['submitter', 'ASC'],
  ] as const;
  // scanRows: undefined = the walk's own length (the whole small table: the walk fills the page);
  // 40 = a short walk that often misses, so the id window and the fallback run too.
  const walks = [{ fromTableRows: 0 }, { scanRows: 40, collectUpToHits: 0 }, { scanRows: 40 }];

  describe.each(filters)('%s', (_name, filterOf) => {
    it.each(orders)('sorted by %s %s: every way gives the rows and order of the exact one', async (sort, sortDir) => {
      const filter = filterOf();
      for (const [limit, offset] of [
        [5, 0],
        [20, 0],
        [20, 40],
        [100, 200],
      ] as const) {
        const base = { filter, limit, offset, sort, sortDir };
        const exact = await list({ ...base, strategy: 'exact' });
        expect(exact.totalIsEstimate).toBe(false);
        for (const walk of walks) {
          const walked = await list({ ...base, strategy: 'walk', walk });
          expect(walked.items.map((item) => item.id)).toEqual(exact.items.map((item) => item.id));
          expect(walked.items).toEqual(exact.items);
          if (walked.totalIsEstimate) {
            expect(walked.items).toHaveLength(limit);
            expect(walked.total).toBeGreaterThanOrEqual(offset + limit);
          } else {
            expect(walked.total).toBe(exact.total);
          }
        }
      }
    });
  });

  it('exact: the total is the number of hits', async () => {
    const exact = await list({ filter: { search: 'wombat' }, limit: 5, offset: 0, sort: 'id', sortDir: 'DESC', strategy: 'exact' });
    expect(exact.total).toBe(COMMON);
    const { rows } = await sql<{ n: number }>`
      select count(distinct article_id)::int as n from article_authors where author_id in (${sql.join(wombatAuthors.map((id) => sql`${id}::int`))})
    `.execute(ctx.app.db);
    const authors = await list({
      filter: { authorIds: wombatAuthors },
      limit: 5,
      offset: 0,
      sort: 'id',
      sortDir: 'DESC',
      strategy: 'exact',
    });
    expect(authors.total).toBe(rows[0]?.n);
  });

  it('walk over many hits: the total is flagged as an estimate, near the hits and never below the rows seen', async () => {
    const walked = await list({ filter: { search: 'wombat' }, limit: 20, offset: 0, sort: 'id', sortDir: 'DESC', strategy: 'walk' });
    expect(walked.totalIsEstimate).toBe(true);
    expect(walked.total).toBeGreaterThanOrEqual(20);
    expect(walked.total).toBeLessThanOrEqual(await estimatedArticleRows(ctx));
    expect(walked.total).toBeGreaterThan(COMMON / 2);
  });

  it('a small estimate is replaced by a capped count: exact, not flagged', async () => {
    // "wombat report" is in every third wombat (400): the estimate is under the cap, so it is counted.
    const query = { filter: { search: '"wombat report"' }, limit: 5, offset: 0, sort: 'id', sortDir: 'DESC' } as const;
    const walked = await list({ ...query, strategy: 'walk' });
    const exact = await list({ ...query, strategy: 'exact' });
    expect(walked.totalIsEstimate).toBe(false);
    expect(walked.total).toBe(exact.total);
  });

  it('a page past the real end is empty with the exact total, whichever way', async () => {
    for (const walk of [undefined, ...walks]) {
      for (const filter of [{ search: 'wombat' }, { authorIds: wombatAuthors }, { search: 'wombat', featured: 1 as const }]) {
        const exact = await list({ filter, limit: 5, offset: 0, sort: 'id', sortDir: 'DESC', strategy: 'exact' });
        const past = await list({ filter, limit: 20, offset: exact.total + 20, sort: 'id', sortDir: 'DESC', strategy: 'walk', walk });
        expect(past).toEqual({ items: [], total: exact.total, totalIsEstimate: false });
      }
    }
  });

  it('auto: below the table threshold every list is collected (exact); at it, walked', async () => {
    const query = { filter: { search: 'wombat' }, limit: 20, offset: 0, sort: 'id', sortDir: 'DESC' } as const;
    const small = await list(query);
    expect(small).toMatchObject({ total: COMMON, totalIsEstimate: false });
    const large = await list({ ...query, walk: { fromTableRows: 1_000 } });
    expect(large.totalIsEstimate).toBe(true);
    expect(large.items).toEqual(small.items);
  });

  it('the API says whether the total is an estimate (total_is_estimate), for the list and the searches', async () => {
    const token = await ctx.login('editor');
    for (const url of [
      '/api/portal/articles?search=wombat&limit=10',
      '/api/portal/articles?author=burrowes&limit=10',
      '/api/portal/articles?limit=10',
      '/api/portal/articles/search?term=wombat&limit=10',
      '/api/portal/articles/search-title?term=wombat&limit=10',
      '/api/portal/articles/search?term=',
    ]) {
      const response = await ctx.get(url, token);
      expect(response.statusCode).toBe(200);
      const answer = body(response) as ReturnType<typeof body> & { total_is_estimate?: unknown };
      // A small table: exact totals.
      expect(answer.total_is_estimate).toBe(false);
    }
  });
});
