import { body, describeEachDatabase } from './helpers';

/** Issue 11, defect 21: an importer's default image addresses are http(s) or a path here, never javascript:. */
describeEachDatabase('importer default image addresses', (ctx) => {
  let editor: string;
  let creatorId: number;
  beforeAll(async () => {
    editor = await ctx.login('editor');
    creatorId = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', editor)).data[0]!.id;
  });

  const save = (image: Record<string, unknown>) =>
    ctx.inject({
      method: 'POST',
      url: '/api/v2/portal/importer',
      headers: { authentication: editor },
      payload: {
        title: 'Wire feed',
        feed_url: 'https://example.com/rss.xml',
        plugin: 'rss',
        schedule: '2',
        enabled: '1',
        defaults: JSON.stringify({
          contentType: 'article',
          user: String(creatorId),
          mainCategory: '100',
          topics: [100],
          imageSource: '2',
          image,
        }),
      },
    });

  it.each([
    ['url', { file_thumbnail: '/api/image/5/thumb', url: 'javascript:alert(document.domain)' }],
    ['url', { file_thumbnail: '/api/image/5/thumb', url: ' JavaScript:alert(1)' }],
    ['file_thumbnail', { file_thumbnail: 'data:text/html,<script>alert(1)</script>' }],
    ['thumb_url', { file_thumbnail: '/x.jpg', thumb_url: '//evil.example/x.jpg' }],
    ['url', { file_thumbnail: '/x.jpg', url: 'vbscript:x' }],
  ])('refuses a non-http(s) %s', async (key, image) => {
    const response = await save(image);
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toContain(`defaults.image.${key} must be an http or https address`);
  });

  it('accepts http(s) addresses and paths on this server', async () => {
    const response = await save({
      file_thumbnail: '/api/image/5/thumb',
      url: 'https://cdn.example.com/a.jpg',
      thumb_url: 'http://cdn.example.com/t.jpg',
    });
    expect(response.statusCode).toBe(200);
  });
});
