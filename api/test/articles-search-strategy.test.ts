// The search's two ways to read a page (repositories/articles-search.ts, SearchStrategy): collecting every
// hit (exact) and walking the sort order (common terms). Both must give the same rows in the same
// order; the walk's total is an estimate that never claims fewer rows than it has seen.
import { sql } from 'kysely';
import { articlesRepository, WALK_FROM_TABLE_ROWS, type ArticleSearchOptions } from '../src/repositories/articles';
import { estimatedArticleRows, userId } from './articles-fixtures';
import { body, describeEachDatabase } from './helpers';

const COMMON = 1_300;

describeEachDatabase('article search strategies', (ctx) => {
  let submitter: number;

  beforeAll(async () => {
    submitter = await userId(ctx, 'submitter');
    // A common word ("quokka") in most articles, spread over states, owners,
    // titles (every third title starts with another letter) and modification dates.
    await sql`
      insert into articles (title, introtext, date, modified, catid, state, created_by, url)
      select case when g % 3 = 0 then 'Zebra quokka report ' || g when g % 3 = 1 then 'Alpine quokka ' || g else 'Mid quokka news ' || g end,
        'Wildlife notes',
        now() - (g || ' minutes')::interval,
        now() - ((g * 7919) % 5000 || ' minutes')::interval,
        404,
        case when g % 4 = 0 then 5 else 1 end,
        case when g % 5 = 0 then ${submitter}::int else null end,
        'https://www.newsdesk.example/quokka-' || g
      from generate_series(1, ${COMMON}::int) g
    `.execute(ctx.app.db);
    // A rare word, in 3 articles only.
    await sql`
      insert into articles (title, introtext, date, catid, state, url)
      select 'Platypus sighting ' || g, 'River notes', now(), 404, 1, 'https://www.newsdesk.example/platypus-' || g
      from generate_series(1, 3) g
    `.execute(ctx.app.db);
    await sql`analyze articles`.execute(ctx.app.db);
  });

  const search = (term: string, query: ArticleSearchOptions) => articlesRepository.search(ctx.app.db, term, query);
  const searchTitle = (words: string[], query: ArticleSearchOptions) => articlesRepository.searchTitle(ctx.app.db, words, query);

  const cases = [
    { sort: 'modified', sortDir: 'DESC' },
    { sort: 'modified', sortDir: 'ASC' },
    { sort: 'title', sortDir: 'ASC' },
    { sort: 'title', sortDir: 'DESC' },
  ] as const;

  describe.each(cases)('sorted by $sort $sortDir', ({ sort, sortDir }) => {
    it.each([
      [5, 0],
      [20, 0],
      [20, 40],
      [100, 200],
    ])('limit %i offset %i: the walk gives the same rows as collecting every hit', async (limit, offset) => {
      for (const visibleTo of [undefined, 0]) {
        const base = { limit, offset, sort, sortDir, visibleTo: visibleTo === 0 ? submitter : undefined };
        for (const run of [(q: ArticleSearchOptions) => search('quokka', q), (q: ArticleSearchOptions) => searchTitle(['quokka'], q)]) {
          const exact = await run({ ...base, strategy: 'exact' });
          const walked = await run({ ...base, strategy: 'walk' });
          expect(walked.items.map((item) => item.id)).toEqual(exact.items.map((item) => item.id));
          expect(walked.items).toEqual(exact.items);
          expect(walked.items).toHaveLength(limit);
          expect(walked.total).toBeGreaterThanOrEqual(offset + limit);
        }
      }
    });
  });

  it('exact totals: the number of hits, with and without the visibility rule', async () => {
    const all = await search('quokka', { limit: 5, offset: 0, sort: 'modified', sortDir: 'DESC', strategy: 'exact' });
    expect(all.total).toBe(COMMON);
    const visible = await search('quokka', {
      limit: 5,
      offset: 0,
      sort: 'modified',
      sortDir: 'DESC',
      strategy: 'exact',
      visibleTo: submitter,
    });
    const expected = Array.from({ length: COMMON }, (_, i) => i + 1).filter((g) => g % 4 !== 0 || g % 5 === 0).length;
    expect(visible.total).toBe(expected);
  });

  it('auto: a table below WALK_FROM_TABLE_ROWS articles is always collected, with exact totals', async () => {
    const rowsInTable = Number((await sql<{ n: number }>`select count(*)::int as n from articles`.execute(ctx.app.db)).rows[0]?.n);
    expect(rowsInTable).toBeLessThan(WALK_FROM_TABLE_ROWS);
    const result = await search('quokka', { limit: 20, offset: 0, sort: 'modified', sortDir: 'DESC' });
    const exact = await search('quokka', { limit: 20, offset: 0, sort: 'modified', sortDir: 'DESC', strategy: 'exact' });
    expect(result).toEqual(exact);
    expect(result.total).toBe(COMMON);
  });

  it('walk: the total is the share of hits in the rows walked × the rows in the table, never below the rows seen', async () => {
    const walked = await search('quokka', { limit: 20, offset: 0, sort: 'modified', sortDir: 'DESC', strategy: 'walk' });
    expect(walked.total).toBeGreaterThanOrEqual(20);
    // Most rows are hits here (the newest modified are all quokkas): the estimate is near the table size.
    const n = await estimatedArticleRows(ctx);
    expect(walked.total).toBeLessThanOrEqual(n);
    expect(walked.total).toBeGreaterThan(n / 2);
  });

  it('auto: few hits are collected, with their exact total', async () => {
    const result = await search('platypus', { limit: 5, offset: 0, sort: 'title', sortDir: 'ASC' });
    expect(result.total).toBe(3);
    expect(result.items.map((item) => item.title)).toEqual(['Platypus sighting 1', 'Platypus sighting 2', 'Platypus sighting 3']);
  });

  it('a walk that cannot fill the page falls back to the exact answer', async () => {
    for (const strategy of ['walk', 'exact'] as const) {
      const result = await searchTitle(['platypus'], { limit: 5, offset: 0, sort: 'modified', sortDir: 'DESC', strategy });
      expect(result.total).toBe(3);
      expect(result.items).toHaveLength(3);
    }
    const past = await search('platypus', { limit: 5, offset: 5, sort: 'modified', sortDir: 'DESC', strategy: 'walk' });
    expect(past).toEqual({ total: 3, totalIsEstimate: false, items: [] });
  });

  it('the API answers a common term sorted by title, paged', async () => {
    const token = await ctx.login('editor');
    const response = await ctx.get('/api/portal/articles/search-title?term=quokka&limit=10&sort=title&sortDir=ASC', token);
    expect(response.statusCode).toBe(200);
    const { data, total } = body<Array<{ title: string }>>(response);
    expect(data).toHaveLength(10);
    expect(data.every((item) => item.title.startsWith('Alpine quokka'))).toBe(true);
    expect(total).toBe(COMMON);
  });
});
