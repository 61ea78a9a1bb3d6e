// The bulk article seed (npm run seed -w api -- --articles N) on a small N, and the list's deep pages
// (offsets of 1000 and more are read from the other end) against a plain ORDER BY.
import { sql } from 'kysely';
import { DEMO_ARTICLE_COUNT, DEMO_ARTICLES } from '../src/db/demo-data';
import { DEMO_SEED_VERSION, seedDemo } from '../src/db/seed';
import { bulkArticleCount, seedBulkArticles } from '../src/db/seed-articles';
import { countsMismatch, list, orderedIds, tokens } from './articles-fixtures';
import { describeEachDatabase } from './helpers';

const COUNT = 2500;

describeEachDatabase('bulk article seed', (ctx) => {
  const as = tokens(ctx);
  let indexesBefore: string[];

  async function indexes(): Promise<string[]> {
    const { rows } = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename in ('articles', 'article_authors', 'article_topics') order by indexname
    `.execute(ctx.app.db);
    return rows.map((row) => `${row.name}: ${row.definition}`);
  }

  beforeAll(async () => {
    indexesBefore = await indexes();
    const lines: string[] = [];
    await seedBulkArticles(ctx.app.db, COUNT, { chunk: 1000, log: (line) => lines.push(line) });
    expect(lines.at(-1)).toMatch(new RegExp(`^Seeded ${COUNT} articles in `));
  }, 120_000);

  it('replaces the articles with generated ones, and remembers how many', async () => {
    const { rows } = await sql<{ n: string | number; ids: string | number; users: string | number; cats: string | number }>`
      select count(*) n, max(id) ids, count(distinct created_by) users, count(distinct catid) cats from articles
    `.execute(ctx.app.db);
    expect(rows[0]).toMatchObject({ n: expect.anything() });
    expect(Number(rows[0]?.n)).toBe(COUNT);
    expect(Number(rows[0]?.ids)).toBe(COUNT);
    expect(Number(rows[0]?.users)).toBe(50);
    expect(Number(rows[0]?.cats)).toBeGreaterThan(40);
    expect(await bulkArticleCount(ctx.app.db)).toBe(COUNT);
    const states = await sql<{ state: number }>`select distinct state from articles order by state`.execute(ctx.app.db);
    expect(states.rows.map((row) => row.state)).toEqual([-2, 0, 1, 2, 4, 5]);
  });

  it('links authors (one or two) and topics (the category and its main category)', async () => {
    const { rows } = await sql<{ no_authors: string | number; most: string | number; topicless: string | number }>`
      select
        (select count(*) from articles a where not exists (select 1 from article_authors aa where aa.article_id = a.id)) no_authors,
        (select max(c) from (select count(*) c from article_authors group by article_id) x) most,
        (select count(*) from articles a where not exists (
          select 1 from article_topics t where t.article_id = a.id and t.category_id = a.catid)) topicless
    `.execute(ctx.app.db);
    expect(rows[0]).toEqual({ no_authors: expect.anything(), most: expect.anything(), topicless: expect.anything() });
    expect(Number(rows[0]?.no_authors)).toBe(0);
    expect(Number(rows[0]?.most)).toBe(2);
    expect(Number(rows[0]?.topicless)).toBe(0);
  });

  it('builds every index again and keeps the counts exact', async () => {
    expect(await indexes()).toEqual(indexesBefore);
    expect(await countsMismatch(ctx)).toEqual([]);
  });

  it('serves the generated articles through the list and the searches', async () => {
    const token = await as('editor');
    // The default list leaves out the trash (-2).
    const listed = await orderedIds(ctx, 'id', 'DESC', sql`a.state <> -2`);
    expect(listed.length).toBeLessThan(COUNT);
    expect((await list(ctx, token, '')).total).toBe(listed.length);
    const search = await ctx.get('/api/portal/articles/search?term=council&limit=5', token);
    expect(search.json().total).toBeGreaterThan(0);
    const titles = await ctx.get('/api/portal/articles/search-title?term=ford&limit=5', token);
    expect(titles.json().total).toBeGreaterThan(0);
  });

  it.each([
    ['id', 'DESC'],
    ['id', 'ASC'],
    ['title', 'ASC'],
    ['title', 'DESC'],
    ['submitter', 'ASC'],
    ['submitter', 'DESC'],
  ] as const)('deep pages (offset ≥ 1000, read from the other end) match a plain ORDER BY: %s %s', async (sort, dir) => {
    const token = await as('editor');
    // The default list: every state but the trash (-2).
    const all = await orderedIds(ctx, sort, dir, sql`a.state <> -2`);
    const end = all.length;
    for (const [limit, offset] of [
      [20, 1000],
      [20, 1240],
      [20, 1260],
      [50, end - 50],
      [100, end - 100],
      [20, end - 5],
      [5, end - 1],
      [20, end],
    ] as const) {
      const page = await list(ctx, token, `sort=${sort}&sortDir=${dir}&limit=${limit}&limitStart=${offset}`);
      expect({ offset, ids: page.data.map((item) => item.id), total: page.total }).toEqual({
        offset,
        ids: all.slice(offset, offset + limit),
        total: end,
      });
    }
    const published = await orderedIds(ctx, sort, dir, sql`a.state = 1`);
    const offset = published.length - 7;
    const page = await list(ctx, token, `status=1&sort=${sort}&sortDir=${dir}&limit=20&limitStart=${offset}`);
    expect(page.data.map((item) => item.id)).toEqual(published.slice(offset));
  });
});

describeEachDatabase('demo seed upgrade (version 1 → 2)', (ctx) => {
  it('adds the new demo articles and links, and leaves articles created meanwhile alone', async () => {
    const db = ctx.app.db;
    // A version 1 demo database: 60 articles without links, plus one article someone wrote (id 61).
    await db.deleteFrom('articles').where('id', '>', DEMO_ARTICLES.length).execute();
    for (const table of ['article_authors', 'article_topics', 'article_tags'] as const) await db.deleteFrom(table).execute();
    await db
      .insertInto('articles')
      .values({ id: 61, title: 'My own story', date: new Date(), state: 5, created_by: null, url: 'https://www.newsdesk.example/mine' })
      .execute();
    await db.updateTable('app_meta').set({ value: '1' }).where('key', '=', 'demo_seed_version').execute();

    expect(await seedDemo(db)).toEqual({ seeded: true, version: DEMO_SEED_VERSION });
    const count = await db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEMO_ARTICLE_COUNT);
    expect((await db.selectFrom('articles').select('title').where('id', '=', 61).executeTakeFirstOrThrow()).title).toBe('My own story');
    const linked = await sql<{ id: number }>`select distinct article_id as id from article_authors order by 1`.execute(db);
    expect(linked.rows.map((row) => row.id)).toEqual(
      Array.from({ length: DEMO_ARTICLE_COUNT }, (_, index) => index + 1).filter((id) => id !== 61),
    );
    expect(await seedDemo(db)).toEqual({ seeded: false, version: DEMO_SEED_VERSION });
    expect(await countsMismatch(ctx)).toEqual([]);
  });
});
