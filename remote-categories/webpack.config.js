// Module Federation remote `remote_categories`: exposes ./routes and ./CategoryTree (see docs/ARCHITECTURE.md).
module.exports = () =>
  require('../webpack.common.js').createAppConfig({
    name: 'remote_categories',
    dir: __dirname,
    port: 3002,
    exposes: {
      './routes': './src/routes.tsx',
      './CategoryTree': './src/features/category-tree/components/CategoryTreePicker.tsx',
    },
    isHost: false,
  });
