// GET /api/portal/articles/search (full text), /search-title (trigram), /submitters/online.
import { sql } from 'kysely';
import { hashToken } from '../src/lib/tokens';
import { ftsIds, tokens, userId } from './articles-fixtures';
import { body, describeEachDatabase } from './helpers';

interface SearchItem {
  id: number;
  title: string;
  date: string;
  modified: string;
  url: string;
}

describeEachDatabase('article search', (ctx) => {
  const as = tokens(ctx);
  let percentId: number;

  beforeAll(async () => {
    percentId = (
      await ctx.app.db
        .insertInto('articles')
        .values({
          title: 'Save 50% on festival tickets_today',
          date: new Date(),
          catid: 404,
          state: 1,
          created_by: null,
          url: 'https://www.newsdesk.example/x',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  async function search(path: string, query: string, token?: string) {
    const response = await ctx.get(`/api/portal/articles/${path}?${query}`, token ?? (await as('editor')));
    return { status: response.statusCode, ...body<SearchItem[]>(response) };
  }

  /** Ids in a plain ORDER BY over the given ids. */
  async function ordered(ids: Iterable<number>, sort: 'title' | 'modified', dir: 'ASC' | 'DESC'): Promise<number[]> {
    const list = [...ids];
    if (list.length === 0) return [];
    const d = sql.raw(dir === 'ASC' ? 'asc' : 'desc');
    const order = sort === 'title' ? sql`title ${d}, id ${d}` : sql`modified ${d}, id ${d}`;
    const { rows } = await sql<{ id: number }>`select id from articles where id in (${sql.join(list)}) order by ${order}`.execute(
      ctx.app.db,
    );
    return rows.map((row) => row.id);
  }

  async function titleMatches(words: string[], where = sql`true`): Promise<Set<number>> {
    const rows = await sql<{ id: number; title: string }>`select id, title from articles where ${where}`.execute(ctx.app.db);
    return new Set(
      rows.rows.filter((row) => words.every((word) => row.title.toLowerCase().includes(word.toLowerCase()))).map((row) => row.id),
    );
  }

  describe.each(['search', 'search-title'])('%s: empty and bad input', (path) => {
    it.each(['', 'term=', 'term=%20%20'])('an empty term (%s) gives an empty result', async (query) => {
      expect(await search(path, query)).toEqual({ status: 200, code: 200, data: [], message: 'OK', total: 0, total_is_estimate: false });
    });

    it('refuses NUL characters with a clear 400 naming the field (never a 500)', async () => {
      expect(await search(path, 'term=%00')).toMatchObject({ status: 400, data: { error: 'field_control_character', field: 'term' } });
      expect((await search(path, 'term=coun%00cil')).status).toBe(400);
      const list = await ctx.get('/api/portal/articles?search=coun%00cil&author=a%00', await as('editor'));
      expect({ status: list.statusCode, error: list.json().data.error }).toEqual({ status: 400, error: 'field_control_character' });
    });

    it.each([
      ['term=council&limit=7', 'limit must be one of 5, 10, 20, 50, 100'],
      ['term=council&limit=-5', 'limit must be one of 5, 10, 20, 50, 100'],
      ['term=council&limitStart=-1', 'limitStart must be 0 or more'],
      ['term=council&sort=id', 'sort must be one of title, modified'],
      ['term=council&sortDir=down', 'sortDir must be one of ASC, DESC'],
      [`term=${'x'.repeat(201)}`, 'term must be at most 200 characters long'],
    ])('%s → 400', async (query, message) => {
      expect(await search(path, query)).toMatchObject({
        status: 400,
        code: 400,
        data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
        message,
      });
    });
  });

  describe('GET /api/portal/articles/search (full text)', () => {
    it('finds articles by words of the title or intro (English stemming), newest change first by default', async () => {
      const expected = await ftsIds(ctx, 'councils');
      expect(expected.size).toBeGreaterThan(5);
      const result = await search('search', 'term=councils&limit=100');
      expect(result.total).toBe(expected.size);
      expect(result.data.map((item) => item.id)).toEqual(await ordered(expected, 'modified', 'DESC'));
      for (const item of result.data) {
        expect(Object.keys(item).sort()).toEqual(['date', 'id', 'modified', 'title', 'url']);
        expect(Number.isNaN(Date.parse(item.modified))).toBe(false);
      }
      expect((await search('search', 'term=councils')).data).toHaveLength(5);
    });

    it.each([
      ['title', 'ASC'],
      ['title', 'DESC'],
      ['modified', 'ASC'],
      ['modified', 'DESC'],
    ] as const)('sorts by %s %s and pages', async (sort, dir) => {
      const expected = await ordered(await ftsIds(ctx, 'council OR harbour'), sort, dir);
      const seen: number[] = [];
      for (let offset = 0; offset < expected.length; offset += 10) {
        const page = await search(
          'search',
          `term=${encodeURIComponent('council OR harbour')}&sort=${sort}&sortDir=${dir}&limit=10&limitStart=${offset}`,
        );
        expect(page.total).toBe(expected.length);
        seen.push(...page.data.map((item) => item.id));
      }
      expect(seen).toEqual(expected);
      const council = (await ftsIds(ctx, 'council')).size;
      expect(await search('search', `term=council&limitStart=${council + 5}`)).toMatchObject({ data: [], total: council });
      expect(await search('search-title', `term=council&limitStart=500`)).toMatchObject({
        data: [],
        total: (await titleMatches(['council'])).size,
      });
    });

    it('understands quotes and -word; stop words alone find nothing', async () => {
      const phrase = await search('search', `term=${encodeURIComponent('"energy storage"')}&limit=100`);
      expect(phrase.total).toBeGreaterThan(0);
      expect(phrase.data.every((item) => /energy storage/i.test(item.title))).toBe(true);
      const without = await search('search', `term=${encodeURIComponent('council -library')}&limit=100`);
      expect(without.data.some((item) => /library/i.test(item.title))).toBe(false);
      expect(await search('search', 'term=the%20of')).toMatchObject({ status: 200, data: [], total: 0 });
    });

    it('shows users without view_all_articles published articles and their own only', async () => {
      const me = await userId(ctx, 'submitter');
      const all = await ftsIds(ctx, 'council OR harbour OR city');
      const visible = new Set(
        (await sql<{ id: number }>`select id from articles where state = 1 or created_by = ${me}`.execute(ctx.app.db)).rows.map(
          (row) => row.id,
        ),
      );
      const expected = [...all].filter((id) => visible.has(id));
      expect(expected.length).toBeLessThan(all.size);
      const result = await search('search', `term=${encodeURIComponent('council OR harbour OR city')}&limit=100`, await as('submitter'));
      expect(result.total).toBe(expected.length);
      expect(result.data.map((item) => item.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      const approver = await search('search', `term=${encodeURIComponent('council OR harbour OR city')}&limit=5`, await as('approver'));
      expect(approver.total).toBe(all.size);
    });
  });

  describe('GET /api/portal/articles/search-title', () => {
    it.each([['counc'], ['COUNCIL library'], ['the harbour'], ['of council'], ['a b c d counc']])(
      'titles containing every word of %s, in any letter case',
      async (term) => {
        const words = term.split(' ');
        const expected = await titleMatches(words);
        expect(expected.size).toBeGreaterThan(0);
        const result = await search('search-title', `term=${encodeURIComponent(term)}&limit=100&sort=title&sortDir=ASC`);
        expect(result.total).toBe(expected.size);
        expect(result.data.map((item) => item.id)).toEqual(await ordered(expected, 'title', 'ASC'));
      },
    );

    it('takes % and _ literally', async () => {
      expect((await search('search-title', 'term=50%25')).data.map((item) => item.id)).toEqual([percentId]);
      expect((await search('search-title', 'term=tickets_today')).data.map((item) => item.id)).toEqual([percentId]);
      expect(await search('search-title', 'term=tickets%25today')).toMatchObject({ data: [], total: 0 });
    });

    it('allows 5 words and refuses 6', async () => {
      expect((await search('search-title', `term=${encodeURIComponent('one two three four council')}`)).status).toBe(200);
      expect(await search('search-title', `term=${encodeURIComponent('one two three four five six')}`)).toEqual({
        status: 400,
        code: 400,
        data: { error: 'title_search_too_many_words', field: 'term', params: { max: 5 } },
        message: 'The title search is limited to 5 words',
      });
    });

    it('needs one word of 3 characters (the trigram index)', async () => {
      expect(await search('search-title', 'term=of%20a')).toMatchObject({
        status: 400,
        data: { error: 'title_search_word_too_short', field: 'term', params: { min: 3 } },
        message: 'The title search needs a word of at least 3 characters',
      });
    });

    it('sorts by modified, newest first by default, and pages', async () => {
      const expected = await ordered(await titleMatches(['the']), 'modified', 'DESC');
      const first = await search('search-title', 'term=the&limit=20');
      expect(first.total).toBe(expected.length);
      expect(first.data.map((item) => item.id)).toEqual(expected.slice(0, 20));
      const second = await search('search-title', 'term=the&limit=20&limitStart=20');
      expect(second.data.map((item) => item.id)).toEqual(expected.slice(20, 40));
    });

    it('shows users without view_all_articles published articles and their own only', async () => {
      const me = await userId(ctx, 'submitter');
      const expected = await titleMatches(['the'], sql`state = 1 or created_by = ${me}`);
      const result = await search('search-title', 'term=the&limit=5', await as('submitter'));
      expect(result.total).toBe(expected.size);
      expect(result.total).toBeLessThan((await titleMatches(['the'])).size);
    });
  });

  it('needs a session', async () => {
    for (const path of ['search', 'search-title']) {
      const response = await ctx.inject({ method: 'GET', url: `/api/portal/articles/${path}?term=council` });
      expect(response.statusCode).toBe(401);
      expect(body(response)).toEqual({ code: 401, data: { error: 'unauthorized' }, message: 'Please sign in' });
    }
  });

  it('documents the article calls in the OpenAPI document', async () => {
    const doc = (await ctx.get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/portal/articles',
        'GET /api/portal/articles/search',
        'GET /api/portal/articles/search-title',
        'POST /api/portal/article/update',
        'POST /api/portal/article/delete',
        'POST /api/portal/article/{id}/submit',
        'GET /api/portal/submitters/online',
      ]),
    );
    expect(doc.paths['/api/portal/articles']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['category', 'user', 'status', 'search', 'author', 'featured', 'limit', 'limitStart', 'sort', 'sortDir']),
    );
  });

  describe('index use', () => {
    // The demo data is small, so the planner prefers a table scan; with scans disabled it must be able
    // to answer from the indexes. (The 1,000,000-row plans are in npm run bench:api.)
    async function plan(query: ReturnType<typeof sql>): Promise<string> {
      return ctx.app.db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        try {
          await sql`analyze articles`.execute(conn);
          await sql`set local enable_seqscan = off`.execute(conn);
          // A full scan of the small (title, id) B-tree is cheaper than any trigram lookup on 300 rows.
          await sql`drop index articles_title_id_idx`.execute(conn);
          const { rows } = await sql<Record<string, string>>`explain ${query}`.execute(conn);
          return rows.map((row) => Object.values(row)[0]).join('\n');
        } finally {
          await sql`rollback`.execute(conn);
        }
      });
    }

    it('full text: the GIN index on search_vector', async () => {
      expect(await plan(sql`select id from articles a where a.search_vector @@ websearch_to_tsquery('english', 'council')`)).toMatch(
        /articles_search_vector_idx/,
      );
    });

    it('titles: the trigram index on title', async () => {
      expect(await plan(sql`select id from articles a where a.title ilike '%counc%' and a.title ilike '%libr%'`)).toMatch(
        /articles_title_trgm_idx/,
      );
    });
  });
});

describeEachDatabase('GET /api/portal/submitters/online', (ctx) => {
  async function online(token: string) {
    const response = await ctx.get('/api/portal/submitters/online', token);
    return { status: response.statusCode, ...body<Array<{ id: number; name: string; username: string; lastSeen: string }>>(response) };
  }

  it('lists the users with a session used in the last 15 minutes, by name', async () => {
    const editor = await ctx.login('editor');
    await ctx.login('submitter');
    const result = await online(editor);
    expect(result.status).toBe(200);
    expect(result.data.map((user) => user.username)).toEqual(['editor', 'submitter']);
    const entry = result.data.find((user) => user.username === 'submitter');
    expect(entry).toEqual({
      id: await userId(ctx, 'submitter'),
      name: 'Sam Submitter',
      username: 'submitter',
      lastSeen: expect.any(String),
    });
    expect(Date.now() - Date.parse(entry?.lastSeen as string)).toBeLessThan(60_000);
  });

  it('leaves out sessions idle for more than 15 minutes, expired or signed out, and users who cannot submit', async () => {
    const admin = await ctx.login('admin');
    const approver = await ctx.login('approver');
    const approverId = await userId(ctx, 'approver');
    expect((await online(admin)).data.map((user) => user.username)).toContain('approver');

    await ctx.app.db
      .updateTable('sessions')
      .set({ renewed_at: new Date(Date.now() - 16 * 60_000) })
      .where('user_id', '=', approverId)
      .execute();
    expect((await online(admin)).data.map((user) => user.username)).not.toContain('approver');

    await ctx.app.db
      .updateTable('sessions')
      .set({ renewed_at: new Date(Date.now() - 14 * 60_000) })
      .where('user_id', '=', approverId)
      .execute();
    expect((await online(admin)).data.map((user) => user.username)).toContain('approver');

    await ctx.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', approverId)
      .execute();
    expect((await online(admin)).data.map((user) => user.username)).not.toContain('approver');

    const again = await ctx.login('approver');
    expect((await online(admin)).data.map((user) => user.username)).toContain('approver');
    await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: again } });
    await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: approver } });
    expect((await online(admin)).data.map((user) => user.username)).not.toContain('approver');

    // A user without create_article (no role) with a live session is not a submitter.
    const { id } = await ctx.app.db
      .insertInto('users')
      .values({ username: 'reader', name: 'Rita Reader', email: null, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken('reader-token'),
        user_id: id,
        remember: false,
        expires_at: new Date(Date.now() + 3_600_000),
        ip: null,
        user_agent: null,
      })
      .execute();
    expect((await online(admin)).data.map((user) => user.username)).not.toContain('reader');
  });

  it('needs the right edit_all_articles', async () => {
    for (const username of ['approver', 'submitter'] as const) {
      const result = await online(await ctx.login(username));
      expect(result).toMatchObject({
        status: 403,
        code: 403,
        data: { error: 'no_right', params: { right: 'edit_all_articles' } },
        message: 'You do not have the right to edit all articles',
      });
    }
    expect((await ctx.inject({ method: 'GET', url: '/api/portal/submitters/online' })).statusCode).toBe(401);
  });
});
