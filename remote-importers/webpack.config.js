// Module Federation remote `remote_importers`: exposes ./routes (scheduled imports list and editor).
module.exports = () =>
  require('../webpack.common.js').createAppConfig({
    name: 'remote_importers',
    dir: __dirname,
    port: 3003,
    exposes: { './routes': './src/routes.tsx' },
    isHost: false,
  });
