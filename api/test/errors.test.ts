import { buildApp } from '../src/app';
import { provisionDatabase } from './database-env';
import { body, captureLogs, describeEachDatabase } from './helpers';

describeEachDatabase('error envelope', (ctx) => {
  it('answers an unknown /api path with a 404 envelope', async () => {
    const response = await ctx.get('/api/does-not-exist?auth=secret');
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({
      code: 404,
      data: { error: 'route_not_found', params: { method: 'GET', path: '/api/does-not-exist' } },
      message: 'Not found: GET /api/does-not-exist',
    });
  });

  it('answers 404 for an unknown method on a known path, and for unknown /cron paths', async () => {
    expect(body(await ctx.inject({ method: 'PATCH', url: '/api/v2/user' })).code).toBe(404);
    expect((await ctx.get('/cron/nothing')).statusCode).toBe(404);
  });

  it('answers 401 in the envelope for a /cron run without a session or secret (never the SPA page)', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/cron/import/1', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(401);
    expect(body(response).code).toBe(401);
  });

  it('does not serve the SPA fallback for /api paths, even for an HTML navigation', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(body(response).code).toBe(404);
  });

  it('answers bad query input with 400 naming the parameter', async () => {
    const token = await ctx.login('editor');
    const cases: Array<[string, string]> = [
      ['/api/portal/articles?limit=7', 'limit must be one of 5, 10, 20, 50, 100'],
      ['/api/portal/articles?limitStart=-1', 'limitStart must be 0 or more'],
      ['/api/portal/articles?limitStart=abc', 'limitStart must be a whole number'],
      ['/api/portal/articles?sort=date', 'sort must be one of id, title, submitter'],
      ['/api/portal/articles?sortDir=sideways', 'sortDir must be one of ASC, DESC'],
      ['/api/categories/tree?includeDisabled=yes', 'includeDisabled must be one of 0, 1'],
    ];
    for (const [url, message] of cases) {
      const response = await ctx.get(url, token);
      expect(response.statusCode).toBe(400);
      expect(body(response)).toEqual({
        code: 400,
        data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
        message,
      });
    }
  });

  it.each([
    [
      'answers an unsupported body type with a 415 envelope',
      'application/xml',
      '<login/>',
      { code: 415, data: { error: 'unsupported_media_type' }, message: expect.stringContaining('Unsupported Media Type') },
    ],
    [
      'answers a body that is not an object with 400',
      'text/plain',
      'username=editor',
      { code: 400, data: { error: 'field_object', field: 'body', params: { field: 'body' } }, message: 'body must be an object' },
    ],
  ])('%s', async (_name, contentType, payload, envelope) => {
    const response = await ctx.inject({ method: 'POST', url: '/api/v2/session', headers: { 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(envelope.code);
    expect(body(response)).toEqual(envelope);
  });
});

describe('unexpected errors', () => {
  it('are logged and answered with a bare 500 "Internal server error", never a stack', async () => {
    const database = await provisionDatabase('pglite');
    const logs = captureLogs();
    const app = await buildApp({ config: database.config, logger: { level: 'info', stream: logs.stream } });
    app.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, data: { error: 'internal_error' }, message: 'Internal server error' });
      expect(response.body).not.toContain('secret internals');
      expect(logs.text()).toContain('secret internals');
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
