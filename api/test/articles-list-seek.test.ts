// Deep pages by seek (repositories/articles-list-seek.ts) against the offset query they replace:
// random filters, orders, page sizes and offsets, visited in random sequences (so cached boundaries,
// skips from them and skips from the far end all run), must give exactly the rows and order of
// OFFSET; a write between two visits (the generation moves) must not serve a stale boundary.
import fc from 'fast-check';
import { sql } from 'kysely';
import { articlesRepository, type ArticleFilter, type ArticleListQuery } from '../src/repositories/articles';
import { userId } from './articles-fixtures';
import { describeEachDatabase } from './helpers';

const ARTICLES = 700;
// Few distinct titles (ties broken by id), mixed case, accents and spaces: the row comparison must
// follow the collation of the title index.
const TITLES = ['alpha', 'Alpha', 'beta', 'Éclair', 'eclair', 'zeta news', 'Zeta', 'mid  two', '0 first'];

describeEachDatabase('article list deep pages by seek', (ctx) => {
  let submitter: number;
  let categories: number[];

  beforeAll(async () => {
    submitter = await userId(ctx, 'submitter');
    const { rows } = await sql<{ id: number }>`select id from categories order by id limit 3`.execute(ctx.app.db);
    categories = rows.map((row) => row.id);
    await sql`
      insert into articles (title, introtext, date, catid, state, featured, created_by, url)
      select (array[${sql.join(TITLES.map((t) => sql`${t}::text`))}])[1 + (g * 7) % ${TITLES.length}::int],
        'Seek notes', now() - (g || ' minutes')::interval,
        (array[${sql.join(categories.map((id) => sql`${id}::int`))}])[1 + g % ${categories.length}::int],
        case when g % 4 = 0 then 0 else 1 end, case when g % 5 = 0 then 1 else 0 end,
        case when g % 3 = 0 then ${submitter}::int else null end,
        'https://www.newsdesk.example/seek-' || g
      from generate_series(1, ${ARTICLES}::int) g
    `.execute(ctx.app.db);
    await sql`analyze articles`.execute(ctx.app.db);
  });

  const filterArb = fc.record(
    {
      state: fc.constantFrom<ArticleFilter['state']>(0, 1, 'notTrash'),
      featured: fc.constantFrom<0 | 1>(0, 1),
      createdBy: fc.constant('submitter' as const),
      categoryIds: fc.constant('some' as const),
    },
    { requiredKeys: [] },
  );
  const visitArb = fc.record({
    offset: fc.oneof(fc.integer({ min: 0, max: ARTICLES + 60 }), fc.integer({ min: 0, max: 40 })),
    limit: fc.integer({ min: 1, max: 30 }),
    fromOffset: fc.integer({ min: 1, max: 30 }),
  });
  const toFilter = (raw: {
    state?: ArticleFilter['state'];
    featured?: 0 | 1;
    createdBy?: 'submitter';
    categoryIds?: 'some';
  }): ArticleFilter => ({
    ...(raw.state !== undefined ? { state: raw.state } : {}),
    ...(raw.featured !== undefined ? { featured: raw.featured } : {}),
    ...(raw.createdBy ? { createdBy: submitter } : {}),
    ...(raw.categoryIds ? { categoryIds: categories.slice(0, 2) } : {}),
  });

  it('gives the rows and order of OFFSET for any filter, order, page and sequence of visits', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterArb,
        fc.constantFrom('id' as const, 'title' as const),
        fc.constantFrom('ASC' as const, 'DESC' as const),
        fc.array(visitArb, { minLength: 1, maxLength: 6 }),
        async (rawFilter, sort, sortDir, visits) => {
          const filter = toFilter(rawFilter);
          for (const { offset, limit, fromOffset } of visits) {
            const query: ArticleListQuery = { filter, sort, sortDir, offset, limit };
            const seek = await articlesRepository.list(ctx.app.db, query, { seekFromOffset: fromOffset });
            const reference = await articlesRepository.list(ctx.app.db, query, { seekFromOffset: false });
            expect(seek.items.map((item) => item.id)).toEqual(reference.items.map((item) => item.id));
            expect(seek.items).toEqual(reference.items);
            expect(seek.total).toBe(reference.total);
          }
        },
      ),
      { numRuns: 40, seed: 20261127 },
    );
  });

  it('never serves a boundary read before a write that moved the list', async () => {
    const query: ArticleListQuery = { filter: {}, sort: 'id', sortDir: 'ASC', offset: 400, limit: 10 };
    const ids = async () => (await articlesRepository.list(ctx.app.db, query, { seekFromOffset: 1 })).items.map((item) => item.id);
    const before = await ids();
    expect(await ids()).toEqual(before); // from the cached boundary
    const { rows } = await sql<{ id: number }>`select id from articles where url like '%/seek-%' order by id limit 1`.execute(ctx.app.db);
    expect(before[0]).toBeGreaterThan(rows[0]!.id);
    // Deleting an article before the page shifts it by one row: the cached boundary must not be used.
    await sql`delete from articles where id = ${rows[0]!.id}::int`.execute(ctx.app.db);
    const after = await ids();
    const reference = (await articlesRepository.list(ctx.app.db, query, { seekFromOffset: false })).items.map((item) => item.id);
    expect(after).toEqual(reference);
    expect(after[0]).toBe(before[1]);
  });
});
