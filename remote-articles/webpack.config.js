// Module Federation remote `remote_articles`: exposes ./routes (the article portal screen).
module.exports = () =>
  require('../webpack.common.js').createAppConfig({
    name: 'remote_articles',
    dir: __dirname,
    port: 3001,
    exposes: { './routes': './src/routes.tsx' },
    isHost: false,
  });
