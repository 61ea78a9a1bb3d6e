// Module Federation remote `remote_admin`: exposes ./routes (the Users and Roles screens, see docs/ARCHITECTURE.md).
module.exports = () => require('../webpack.common.js').createRemoteConfig('remote_admin', __dirname, { './routes': './src/routes.tsx' });
