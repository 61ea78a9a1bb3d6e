import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import type { HttpError } from '../src/lib/http-error';
import { newArticleForm, saveForm } from './article-edit-fixtures';
import { body, describeEachDatabase } from './helpers';

/** Issue 11, defect 18: bad input is a clear 4xx envelope with a catalogue code, never a 500. */
describeEachDatabase('bad input', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx.login('admin');
  });

  const json = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    ctx.inject({ method, url, headers: { authentication: admin }, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it.each([
    ['GET', '/api/v2/portal/category/2147483648'],
    ['GET', '/api/v2/portal/category/Infinity'],
    ['GET', '/api/v2/portal/importer/99999999999'],
    ['POST', '/api/v2/portal/category/2147483648/enable'],
    ['POST', '/api/portal/lock/Infinity/renew'],
    ['GET', '/api/v2/portal/importer/2147483648/runs'],
    ['DELETE', '/api/v2/portal/category/1e12'],
  ] as const)('%s %s: 400 with the field', async (method, url) => {
    const response = await json(method, url);
    expect(response.statusCode).toBe(400);
    expect(body(response).data).toMatchObject({ error: expect.stringMatching(/^field_/), field: 'id' });
  });

  it('refuses ids over the int4 range in bodies and queries', async () => {
    const update = await json('POST', '/api/portal/article/update', { id: 2147483648, field: 'featured', value: 1 });
    expect(update.statusCode).toBe(400);
    expect(body(update).data.field).toBe('id');
    const list = await ctx.get('/api/portal/articles?category=2147483648', admin);
    expect(list.statusCode).toBe(400);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['lone high surrogate', 'a\uD800b'],
    ['lone low surrogate', '\uDC00'],
  ])('a %s in any string is 400 field_control_character naming the field', async (_name, bad) => {
    const category = await json('POST', '/api/v2/portal/category', { title: bad, parent_id: 8 });
    expect(category.statusCode).toBe(400);
    expect(body(category).data).toEqual({ error: 'field_control_character', field: 'title', params: { field: 'title' } });

    const importer = await json('POST', '/api/v2/portal/importer', { title: 'ok', defaults: { suburb: bad, tags: ['x', bad] } });
    expect(importer.statusCode).toBe(400);
    expect(body(importer).data.field).toBe('defaults.suburb');

    const signIn = await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username: bad, password: 'x' } });
    expect(signIn.statusCode).toBe(400);
    expect(body(signIn).data).toMatchObject({ error: 'field_control_character', field: 'username' });

    const article = await ctx.inject({
      method: 'POST',
      url: '/api/portal/article',
      headers: { authentication: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `title=x&event=${encodeURIComponent(JSON.stringify({ venue: 'v', address: 'a' })).replace('v', '%00')}`,
    });
    expect(article.statusCode).toBe(400);
    expect(body(article).data.error).toBe('field_control_character');
  });

  it.each([
    ['NUL', '\\u0000'],
    ['lone high surrogate', '\\ud800'],
    ['lone low surrogate', '\\udc00'],
  ])('a %s spelt as a JSON escape inside a form field holding JSON is 400 naming the decoded field', async (_name, escape) => {
    // An article form the editor accepts but for the one field (the JSON text goes in as it is).
    const valid = await newArticleForm(ctx, admin, 'Escapes', 'escapes');
    const form = (name: string, json: string) => saveForm(ctx, admin, { ...valid, [name]: json });
    for (const [name, json, field] of [
      ['event', `{"venue":"a${escape}b"}`, 'event.venue'],
      ['location', `{"name":"a${escape}b"}`, 'location.name'],
      ['tags', `{"id":1,"title":"a${escape}b"}`, 'tags[0].title'],
      ['event', `{"a${escape}":"b"}`, `event.a${JSON.parse(`"${escape}"`)}`],
    ] as const) {
      const response = await form(name, json);
      expect({ name, status: response.statusCode, data: body(response).data }).toEqual({
        name,
        status: 400,
        data: { error: 'field_control_character', field, params: { field } },
      });
    }
    const importer = await json('POST', '/api/v2/portal/importer', {
      title: 'ok',
      feed_url: 'https://example.com/rss.xml',
      plugin: 'rss',
      schedule: '2',
      enabled: '1',
      defaults: `{"contentType":"article","user":1,"mainCategory":100,"suburb":"a${escape}b"}`,
    });
    expect({ status: importer.statusCode, data: body(importer).data }).toMatchObject({
      status: 400,
      data: { error: 'field_control_character', field: 'defaults.suburb' },
    });
  });

  it('no value with a NUL or a lone surrogate reaches the database, whatever path it took: 400 value_control_character', async () => {
    const db = ctx.app.db;
    const refusal = (attempt: () => Promise<unknown>) =>
      attempt().then(
        () => null,
        (thrown: unknown) => ({ statusCode: (thrown as HttpError).statusCode, code: (thrown as HttpError).code }),
      );
    const expected = { statusCode: 400, code: 'value_control_character' };
    for (const bad of ['a\u0000b', 'x\uD800', '\uDC00']) {
      const attempts = [
        () => db.insertInto('tags').values({ title: bad }).execute(),
        () => db.updateTable('tags').set({ title: bad }).where('id', '=', 1).execute(),
        () => db.selectFrom('tags').select('id').where('title', 'in', ['x', bad]).execute(),
        () => sql`select ${bad}::text`.execute(db),
        // jsonb: an object holding one, or JSON text whose escape decodes to one.
        () =>
          db
            .updateTable('importers')
            .set({ defaults: { nested: ['ok', bad] } as never })
            .where('id', '=', 1)
            .execute(),
        () =>
          db
            .updateTable('importers')
            .set({ defaults: JSON.stringify({ suburb: bad }) as never })
            .where('id', '=', 1)
            .execute(),
      ];
      for (const [index, attempt] of attempts.entries()) {
        expect({ bad: JSON.stringify(bad), index, refused: await refusal(attempt) }).toEqual({
          bad: JSON.stringify(bad),
          index,
          refused: expected,
        });
      }
    }
    // A pair of surrogates is a character like any other.
    await expect(db.selectFrom('tags').select('id').where('title', '=', 'emoji \uD83D\uDE00').execute()).resolves.toEqual([]);
  });

  it('a bad path encoding is 400 bad_path_encoding in the envelope', async () => {
    const response = await ctx.get('/api/v2/portal/category/%E0%A4%A', admin);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ code: 400, data: { error: 'bad_path_encoding' }, message: 'The address is not validly encoded' });
  });

  it('malformed multipart to POST /api/image is a 400 envelope', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/image',
      headers: { authentication: admin, 'content-type': 'multipart/form-data; boundary=zz' },
      payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot closed',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(body(response).code).toBe(response.statusCode);
  });

  it('a 1 MB address is 431 header_too_large in the envelope (over a real socket)', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, path: `/api/v2/portal/articles?x=${'a'.repeat(1_000_000)}`, method: 'GET' },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.text)).toEqual({
      code: 431,
      data: { error: 'header_too_large' },
      message: 'The request headers or address are too long',
    });
  });
});
