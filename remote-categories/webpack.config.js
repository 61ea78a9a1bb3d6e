// Module Federation remote `remote_categories`: exposes ./routes and ./CategoryTree (see docs/ARCHITECTURE.md).
module.exports = () =>
  require('../webpack.common.js').createRemoteConfig('remote_categories', __dirname, {
    './routes': './src/routes.tsx',
    './CategoryTree': './src/features/category-tree/components/CategoryTreePicker.tsx',
  });
