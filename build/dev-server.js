// The webpack dev server of each app (`npm start -w <app>`): /api and /cron proxied to the API;
// the shell's /remotes.json points at the remotes' dev servers.
'use strict';

const { readJson } = require('./versions');

/** Dev-server ports of the apps. */
const DEV_PORTS = {
  shell: 3000,
  remote_articles: 3001,
  remote_categories: 3002,
  remote_importers: 3003,
  remote_admin: 3004,
  remote_desk: 3005,
};

/** The shell's dev /remotes.json: the remote dev servers, overridable like in production. */
function devRemotesManifest(env = process.env) {
  if (env.REMOTES_MANIFEST) return JSON.parse(env.REMOTES_MANIFEST);
  if (env.REMOTES_MANIFEST_FILE) return readJson(env.REMOTES_MANIFEST_FILE);
  const out = {};
  for (const [name, port] of Object.entries(DEV_PORTS)) {
    if (name !== 'shell') out[name] = `http://127.0.0.1:${port}/mf-manifest.json`;
  }
  return out;
}

function devServerFor({ port, isHost, apiUrl = process.env.API_URL || 'http://127.0.0.1:8080' }) {
  return {
    port,
    host: '127.0.0.1',
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    allowedHosts: 'all',
    headers: { 'Access-Control-Allow-Origin': '*' },
    static: false,
    client: { overlay: { errors: true, warnings: false } },
    proxy: [{ context: ['/api', '/cron'], target: apiUrl, changeOrigin: true }],
    setupMiddlewares: (middlewares, devServer) => {
      if (isHost) {
        devServer.app.get('/remotes.json', (_req, res) => {
          res.set('Cache-Control', 'no-cache');
          res.json(devRemotesManifest());
        });
      }
      return middlewares;
    },
  };
}

module.exports = { DEV_PORTS, devRemotesManifest, devServerFor };
