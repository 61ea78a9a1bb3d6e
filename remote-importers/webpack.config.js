// Module Federation remote `remote_importers`: exposes ./routes (scheduled imports list and editor).
module.exports = () => require('../webpack.common.js').createRemoteConfig('remote_importers', __dirname);
