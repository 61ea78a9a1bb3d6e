// One copy of the Module Federation runtime per run of the product: the host puts its runtime
// core on a global, and the remotes' production builds take it from there instead of bundling
// their own (remote-articles' remoteEntry.js carried 42 KB gzip of it).
'use strict';

const path = require('path');

/**
 * The runtime plugin that puts the host's runtime core on the global (`_FEDERATION_RUNTIME_CORE`).
 * Its ES module build, not the CommonJS one `experiments.provideExternalRuntime` adds: that one
 * requires the runtime core's CommonJS build, a second copy next to the ES one the bundler runtime
 * uses (+24 KB gzip in the shell's main.js, measured).
 */
const PROVIDE_RUNTIME_PLUGIN = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/** The ModuleFederationPlugin options that decide where the runtime core comes from. */
function federationRuntimeOptions({ isHost, usesHostRuntime }) {
  if (isHost) return { runtimePlugins: [PROVIDE_RUNTIME_PLUGIN] };
  // Externalises '@module-federation/runtime-core' to the global the host sets.
  return usesHostRuntime ? { experiments: { externalRuntime: true } } : {};
}

module.exports = { federationRuntimeOptions, PROVIDE_RUNTIME_PLUGIN };
