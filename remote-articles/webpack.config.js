// Module Federation remote `remote_articles`: exposes ./routes (the article portal screen).
module.exports = () => require('../webpack.common.js').createRemoteConfig('remote_articles', __dirname);
