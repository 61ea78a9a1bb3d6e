import { describeEachDatabase } from './helpers';

describeEachDatabase('OpenAPI', (ctx) => {
  it('publishes the document at /api/docs/json listing every route', async () => {
    const response = await ctx.get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'header', name: 'AUTHENTICATION' });
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/health/live',
        'GET /api/health/ready',
        'POST /api/v2/session',
        'GET /api/v2/session',
        'DELETE /api/v2/session',
        'GET /api/v2/user',
        'GET /api/v2/user/permissions',
        'GET /api/v2/portal/creators',
        'GET /api/categories/tree',
        'GET /api/portal/articles',
        'GET /api/v2/portal/importer',
        'GET /remotes.json',
      ]),
    );
    // Public calls say so; the rest inherit the session requirement.
    expect(doc.paths['/api/v2/session'].post.security).toEqual([]);
    expect(doc.paths['/api/v2/user'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ session: [] }]);
    // The login body documents both content types.
    expect(Object.keys(doc.paths['/api/v2/session'].post.requestBody.content)).toEqual(
      expect.arrayContaining(['application/json', 'application/x-www-form-urlencoded']),
    );
    expect(doc.paths['/api/portal/articles'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'limitStart', 'sort', 'sortDir']),
    );
  });

  it('serves the Swagger UI at /api/docs without a session', async () => {
    const response = await ctx.get('/api/docs');
    expect([200, 302]).toContain(response.statusCode);
    const page = response.statusCode === 302 ? await ctx.get(String(response.headers.location)) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
