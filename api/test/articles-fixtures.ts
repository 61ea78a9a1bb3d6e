// Shared by the articles*.test.ts files: the articles as the database holds them (the oracle the API
// answers are checked against) and small request helpers.
import { sql } from 'kysely';
import type { ArticleListItem } from '../src/repositories/articles';
import { body, type DemoUsername, type TestContext } from './helpers';

/** The list item as the API answers it (spec section 3). */
export type ListItem = ArticleListItem;

/** The fields of a list item, sorted: no more, no fewer (spec section 3). */
export const LIST_ITEM_FIELDS = [
  'access',
  'articleType',
  'author',
  'catid',
  'createdBy',
  'date',
  'featured',
  'id',
  'main_category',
  'newsletter',
  'publish_down',
  'publish_up',
  'publish_up_pending',
  'state',
  'thumb',
  'title',
  'url',
  // The desks' planning (migration 0038).
  'desk_id',
  'stage_id',
  'assignees',
  'deadline',
  'planned_slot',
  'target_words',
  'overdue',
].sort();

export interface Row {
  id: number;
  title: string;
  catid: number | null;
  state: number;
  featured: number;
  access: number;
  newsletter: number;
  created_by: number | null;
  author: string | null;
  version: number;
  modified: Date;
  authors: number[];
}

/** Every article with its submitter's name and its author ids. */
export async function allRows(ctx: TestContext): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select a.id, a.title, a.catid, a.state, a.featured, a.access, a.newsletter, a.created_by, u.name as author, a.version, a.modified,
      coalesce((select array_agg(aa.author_id order by aa.author_id) from article_authors aa where aa.article_id = a.id), '{}') as authors
    from articles a left join users u on u.id = a.created_by
    order by a.id
  `.execute(ctx.app.db);
  return rows.map((row) => ({ ...row, authors: row.authors.map(Number) }));
}

/** The ids in the order a plain (unoptimised) ORDER BY gives. */
export async function orderedIds(
  ctx: TestContext,
  sort: 'id' | 'title' | 'submitter',
  dir: 'ASC' | 'DESC',
  where = sql`true`,
): Promise<number[]> {
  const d = sql.raw(dir === 'ASC' ? 'asc' : 'desc');
  const order =
    sort === 'id' ? sql`a.id ${d}` : sort === 'title' ? sql`a.title ${d}, a.id ${d}` : sql`coalesce(u.name, '') ${d}, a.id ${d}`;
  const { rows } = await sql<{ id: number }>`
    select a.id from articles a left join users u on u.id = a.created_by where ${where} order by ${order}
  `.execute(ctx.app.db);
  return rows.map((row) => row.id);
}

export async function ftsIds(ctx: TestContext, term: string): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    select id from articles where search_vector @@ websearch_to_tsquery('english', ${term})
  `.execute(ctx.app.db);
  return new Set(rows.map((row) => row.id));
}

export async function subtree(ctx: TestContext, id: number): Promise<Set<number>> {
  const categories = await ctx.app.db.selectFrom('categories').select(['id', 'parent_id']).execute();
  const ids = new Set(categories.some((category) => category.id === id) ? [id] : []);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of categories) {
      if (category.parent_id !== null && ids.has(category.parent_id) && !ids.has(category.id)) {
        ids.add(category.id);
        grew = true;
      }
    }
  }
  return ids;
}

export async function userId(ctx: TestContext, username: DemoUsername): Promise<number> {
  const row = await ctx.app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/** Signs in each demo user once per suite. */
export function tokens(ctx: TestContext): (username: DemoUsername) => Promise<string> {
  const cache = new Map<DemoUsername, Promise<string>>();
  return (username) => {
    let token = cache.get(username);
    if (!token) {
      token = ctx.login(username);
      cache.set(username, token);
    }
    return token;
  };
}

export async function list(ctx: TestContext, token: string, query: string) {
  const response = await ctx.get(`/api/portal/articles${query ? `?${query}` : ''}`, token);
  if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
  return body<ListItem[]>(response) as { code: number; data: ListItem[]; message: string; total: number };
}

/** Every item of a filtered list, walking the pages (limit 100). */
export async function listAll(ctx: TestContext, token: string, query: string): Promise<{ items: ListItem[]; total: number }> {
  const items: ListItem[] = [];
  let total: number;
  for (let offset = 0; ; offset += 100) {
    const page = await list(ctx, token, `${query}${query ? '&' : ''}limit=100&limitStart=${offset}`);
    total = page.total;
    items.push(...page.data);
    if (page.data.length < 100) break;
  }
  return { items, total };
}

export function post(ctx: TestContext, token: string, url: string, payload: Record<string, unknown> | string) {
  return ctx.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authentication: token,
      ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
}

/** article_counts against a real count per group: the trigger-kept totals must stay exact. */
export async function countsMismatch(ctx: TestContext): Promise<unknown[]> {
  const { rows } = await sql`
    select coalesce(x.created_by, y.created_by) created_by, coalesce(x.catid, y.catid) catid,
      coalesce(x.state, y.state) state, coalesce(x.featured, y.featured) featured, x.n kept, y.n actual
    from (select created_by, catid, state, featured, n from article_counts where n <> 0) x
    full join (
      select coalesce(created_by, 0) created_by, coalesce(catid, 0) catid, state, featured, count(*) n
      from articles group by 1, 2, 3, 4
    ) y on (x.created_by, x.catid, x.state, x.featured) = (y.created_by, y.catid, y.state, y.featured)
    where x.n is distinct from y.n
  `.execute(ctx.app.db);
  const totals = await sql`
    select coalesce(x.catid, y.catid) catid, coalesce(x.state, y.state) state, coalesce(x.featured, y.featured) featured,
      x.n kept, y.n actual
    from (select catid, state, featured, n from article_totals where n <> 0) x
    full join (select coalesce(catid, 0) catid, state, featured, count(*) n from articles group by 1, 2, 3) y
      on (x.catid, x.state, x.featured) = (y.catid, y.state, y.featured)
    where x.n is distinct from y.n
  `.execute(ctx.app.db);
  return [...rows, ...totals.rows.map((row) => ({ table: 'article_totals', ...(row as object) }))];
}

/** Adds a user none of the demo users is ("someone else" in the rights tests); returns its id. */
export async function insertColleague(ctx: TestContext, username: string, name: string): Promise<number> {
  const row = await ctx.app.db
    .insertInto('users')
    .values({ username, name, email: null, password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TestArticle {
  state: number;
  createdBy: number | null;
  access?: number;
  featured?: number;
  newsletter?: number;
}

/** Adds an article in category 102, last modified a minute ago (so a change moves `modified`); returns its id. */
export async function insertTestArticle(ctx: TestContext, values: TestArticle, label = 'Test article'): Promise<number> {
  const row = await ctx.app.db
    .insertInto('articles')
    .values({
      title: `${label} ${Math.random().toString(36).slice(2, 8)}`,
      date: new Date(),
      catid: 102,
      state: values.state,
      access: values.access ?? 2,
      featured: values.featured ?? 0,
      newsletter: values.newsletter ?? 0,
      created_by: values.createdBy,
      url: 'https://www.newsdesk.example/test',
      modified: new Date(Date.now() - 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The values the list's row actions change, with version and modified. */
export function readArticleFlags(ctx: TestContext, id: number) {
  return ctx.app.db
    .selectFrom('articles')
    .select(['id', 'state', 'access', 'featured', 'newsletter', 'version', 'modified'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The planner's estimate of the rows in articles (what a walk scales its total to). */
export async function estimatedArticleRows(ctx: TestContext): Promise<number> {
  const { rows } = await sql<{ n: number }>`select reltuples::int as n from pg_class where oid = 'articles'::regclass`.execute(ctx.app.db);
  return (rows[0] as { n: number }).n;
}
