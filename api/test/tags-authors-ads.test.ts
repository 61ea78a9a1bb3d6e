// POST /api/tag, the author calls (list, autocomplete, one, create, update) and GET /api/v2/portal/ads/{id}.
import { loginAs, makeUser, png, postJson, uploadRequest } from './article-edit-fixtures';
import { body, describeEachDatabase } from './helpers';

type Data = Record<string, any>;

describeEachDatabase('tags, authors and ads', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = await ctx.login('submitter');
  });

  const form = (url: string, payload: Record<string, string>) =>
    ctx.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(payload).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authentication: token },
    });

  describe('POST /api/tag', () => {
    it('creates a new tag and finds it again in any letter case (one row)', async () => {
      const created = body<Data[]>(await form('/api/tag', { value: '  Night   Markets ' })).data;
      expect(created).toEqual([{ id: expect.any(Number), title: 'Night Markets' }]);
      const again = body<Data[]>(await form('/api/tag', { value: 'night markets' })).data;
      expect(again).toEqual(created);
      const rows = await ctx.app.db.selectFrom('tags').select('id').where('title', 'ilike', 'night markets').execute();
      expect(rows).toHaveLength(1);
    });

    it('splits on commas, drops blanks and repeats, keeps existing demo tags', async () => {
      const demo = await ctx.app.db.selectFrom('tags').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
      const result = body<Data[]>(await form('/api/tag', { value: `Ferries, , ${demo.title.toUpperCase()}, ferries` })).data;
      expect(result).toEqual([{ id: expect.any(Number), title: 'Ferries' }, demo]);
    });

    it('ignores an empty value ([]); refuses a too long tag', async () => {
      for (const value of ['', '   ', ' , ']) expect(body(await form('/api/tag', { value })).data).toEqual([]);
      expect(body(await postJson(ctx, token, '/api/tag', {})).data).toEqual([]);
      const long = await form('/api/tag', { value: 'x'.repeat(101) });
      expect(long.statusCode).toBe(400);
      expect(body(long).message).toBe('A tag must be at most 100 characters long');
    });

    it('two parallel creations of one new tag give one tag', async () => {
      const [a, b] = await Promise.all([form('/api/tag', { value: 'Parallel Tag' }), form('/api/tag', { value: 'parallel tag' })]);
      expect(body<Data[]>(a).data[0]!.id).toBe(body<Data[]>(b).data[0]!.id);
    });
  });

  describe('authors', () => {
    it('lists every author with position, bio and image', async () => {
      const response = await ctx.get('/api/v2/authors', token);
      const list = body<Data[]>(response).data;
      const count = await ctx.app.db
        .selectFrom('authors')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(list).toHaveLength(Number(count.n));
      expect(Object.keys(list[0]!).sort()).toEqual(['bio', 'id', 'image', 'name', 'position', 'version']);
    });

    it('autocompletes from 3 characters (any letter case, part of the name), at most 10, as { id, name }', async () => {
      const author = await ctx.app.db.selectFrom('authors').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
      const part = author.name.slice(1, 4).toUpperCase();
      const hits = body<Data[]>(await ctx.get(`/api/v2/authors?term=${encodeURIComponent(part)}`, token)).data;
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.length).toBeLessThanOrEqual(10);
      expect(hits).toContainEqual({ id: author.id, name: author.name });
      for (const hit of hits) expect(hit.name.toLowerCase()).toContain(part.toLowerCase());
      expect(body(await ctx.get('/api/v2/authors?term=ab', token)).data).toEqual([]);
      expect(body(await ctx.get('/api/v2/authors?term=%25%25%25', token)).data).toEqual([]);
    });

    it('creates (form name), reads, and updates an author (JSON and form); the image must be a web address', async () => {
      const created = await form('/api/author/newAuthor', { name: ' Alex  Writer ' });
      expect(created.statusCode).toBe(200);
      const { id } = body<Data>(created).data;
      expect(body(created).data).toEqual({ id, name: 'Alex Writer' });
      const updated = await postJson(ctx, token, `/api/author/${id}`, {
        version: 1,
        name: 'Alex B. Writer',
        position: 'Culture editor',
        bio: 'Writes about food.',
        image: 'https://img.example/alex.jpg',
      });
      expect(updated.statusCode).toBe(200);
      expect(body(updated)).toEqual({
        code: 200,
        data: {
          id,
          name: 'Alex B. Writer',
          position: 'Culture editor',
          bio: 'Writes about food.',
          image: 'https://img.example/alex.jpg',
          version: 2,
        },
        message: 'Author updated',
      });
      const partial = await form(`/api/author/${id}`, { version: '2', image: '/api/image/12' });
      expect(partial.statusCode).toBe(200);
      expect(body(await ctx.get(`/api/author/${id}`, token)).data).toEqual({
        id,
        name: 'Alex B. Writer',
        position: 'Culture editor',
        bio: 'Writes about food.',
        image: '/api/image/12',
        version: 3,
      });
      const bad = await postJson(ctx, token, `/api/author/${id}`, { version: 3, image: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(400);
      expect(body(bad).message).toBe('image must be a web address (http:// or https://)');
    });

    it('refuses an empty name, unknown and non-numeric ids', async () => {
      expect(body(await form('/api/author/newAuthor', { name: '  ' })).message).toBe('name is required');
      const empty = await postJson(ctx, token, '/api/author/1', { version: 1, name: '' });
      expect(empty.statusCode).toBe(400);
      expect((await ctx.get('/api/author/99999999', token)).statusCode).toBe(404);
      expect((await postJson(ctx, token, '/api/author/99999999', { version: 1, name: 'x' })).statusCode).toBe(404);
      const nonNumeric = await ctx.get('/api/author/abc', token);
      expect(nonNumeric.statusCode).toBe(400);
      expect(body(nonNumeric).message).toMatch(/^id must be a whole number/);
    });
  });

  describe('ads', () => {
    it('the demo seed has ads 1..3', async () => {
      const response = await ctx.get('/api/v2/portal/ads/1', token);
      expect(body(response).data).toMatchObject({ id: 1, subject: 'Harbour Ferries: ride all week' });
    });

    it('reads an ad by numeric id; unknown → 404 envelope; non-numeric → 400', async () => {
      const ad = await ctx.app.db
        .insertInto('ads')
        .values({ subject: 'Ferry pass', body: 'Ride all week', image: null, image_url: 'https://ads.example/ferry.png' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = await ctx.get(`/api/v2/portal/ads/${ad.id}`, token);
      expect(body(response)).toEqual({
        code: 200,
        data: { id: ad.id, subject: 'Ferry pass', body: 'Ride all week', image: null, image_url: 'https://ads.example/ferry.png' },
        message: 'OK',
      });
      expect(body(await ctx.get('/api/v2/portal/ads/99999999', token))).toEqual({
        code: 404,
        data: { error: 'ad_not_found', params: { id: 99999999 } },
        message: 'Ad 99999999 not found',
      });
      expect((await ctx.get('/api/v2/portal/ads/abc', token)).statusCode).toBe(400);
    });
  });

  it('creating and changing tags, authors, images and videos needs create_article (403); reading does not', async () => {
    await makeUser(ctx, 'lookup_reader', ['view_all_articles']);
    const reader = await loginAs(ctx, 'lookup_reader');
    for (const [url, payload] of [
      ['/api/tag', { value: 'x' }],
      ['/api/author/newAuthor', { name: 'x' }],
      ['/api/author/1', { name: 'x' }],
      ['/api/image/video', { videoId: 'dQw4w9WgXcQ' }],
    ] as const) {
      const response = await postJson(ctx, reader, url, payload);
      expect(body(response)).toEqual({
        code: 403,
        data: { error: 'no_right', params: { right: 'create_article' } },
        message: 'You do not have the right to create articles',
      });
    }
    const upload = await uploadRequest(ctx, reader, [{ name: 'file', filename: 'a.png', data: await png(10, 10) }]);
    expect(upload.statusCode).toBe(403);
    expect((await ctx.get('/api/v2/authors?term=mar', reader)).statusCode).toBe(200);
    expect((await ctx.get('/api/author/1', reader)).statusCode).toBe(200);
    expect((await ctx.get('/api/v2/portal/ads/1', reader)).statusCode).toBe(200);
  });

  it('every call needs a session', async () => {
    for (const [method, url] of [
      ['POST', '/api/tag'],
      ['GET', '/api/v2/authors'],
      ['GET', '/api/author/1'],
      ['POST', '/api/author/newAuthor'],
      ['GET', '/api/v2/portal/ads/1'],
    ] as const) {
      expect((await ctx.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
