const { expect, it } = require('@jest/globals');
const { devRemotesManifest, devServerFor } = require('./dev-server');

it("points the shell's dev manifest at the remotes' dev servers", () => {
  expect(devRemotesManifest({})).toEqual({
    remote_articles: 'http://127.0.0.1:3001/mf-manifest.json',
    remote_categories: 'http://127.0.0.1:3002/mf-manifest.json',
    remote_importers: 'http://127.0.0.1:3003/mf-manifest.json',
    remote_admin: 'http://127.0.0.1:3004/mf-manifest.json',
    remote_desk: 'http://127.0.0.1:3005/mf-manifest.json',
  });
});

it('lets REMOTES_MANIFEST override the dev manifest', () => {
  expect(devRemotesManifest({ REMOTES_MANIFEST: '{"remote_articles":"http://x/mf-manifest.json"}' })).toEqual({
    remote_articles: 'http://x/mf-manifest.json',
  });
});

it('serves /remotes.json only on the host and proxies the API', () => {
  const routes = [];
  const fakeDevServer = { app: { get: (route, handler) => routes.push({ route, handler }) } };
  devServerFor({ port: 3001, isHost: false, apiUrl: 'http://api' }).setupMiddlewares([], fakeDevServer);
  expect(routes).toEqual([]);
  const host = devServerFor({ port: 3000, isHost: true, apiUrl: 'http://api' });
  host.setupMiddlewares([], fakeDevServer);
  expect(routes.map((r) => r.route)).toEqual(['/remotes.json']);
  expect(host.proxy).toEqual([{ context: ['/api', '/cron'], target: 'http://api', changeOrigin: true }]);
  const sent = {};
  routes[0].handler(null, { set: (k, v) => (sent[k] = v), json: (body) => (sent.body = body) });
  expect(sent['Cache-Control']).toBe('no-cache');
  expect(sent.body.remote_categories).toBe('http://127.0.0.1:3002/mf-manifest.json');
});
