// Module Federation remote `remote_desk`: exposes ./routes (the desk's Board screen, see docs/ARCHITECTURE.md).
module.exports = () => require('../webpack.common.js').createRemoteConfig('remote_desk', __dirname, { './routes': './src/routes.tsx' });
