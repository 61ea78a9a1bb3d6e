// Module Federation host `shell`: no build-time remotes; it reads /remotes.json at start.
module.exports = () =>
  require('../webpack.common.js').createAppConfig({
    name: 'shell',
    dir: __dirname,
    port: 3000,
    exposes: {},
    isHost: true,
  });
