// Which npm packages the shell provides: those /login uses (its 'vendor' chunk) and those its
// signed-in layout loads; a remote keeps its own copies of them apart (build/split-chunks.js).
'use strict';

const { packageOf, packageOfKey, shareKeysOf, resourceOf } = require('./chunk-graph');
const { SHELL_RC_COMPONENTS } = require('./rc-component-shares');

/** The host's packages that the screens before sign-in (login, banner, loading views) use. */
const HOST_BASE_PACKAGES = new Set([
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  'cookie',
  'set-cookie-parser',
  'axios',
  'i18next',
  'react-i18next',
  'html-parse-stringify',
  'void-elements',
  'use-sync-external-store',
]);
const isHostBasePackage = (pkg) => HOST_BASE_PACKAGES.has(pkg) || pkg.startsWith('@module-federation/');

/**
 * Besides the base packages and @ant-design's (style engine, icons, colours), what the shell's
 * signed-in layout loads from node_modules for antd's ConfigProvider and message: the rc-components
 * they use (shared, build/rc-component-shares.js) and the style engine's helpers. A remote in the
 * shell takes these from the shell's share scope; its own copies are fetched only when it runs alone.
 */
const SHELL_LAYOUT_PACKAGES = new Set([...SHELL_RC_COMPONENTS, 'stylis', '@emotion/hash', '@emotion/unitless']);
const isProvidedByShell = (pkg) => isHostBasePackage(pkg) || pkg.startsWith('@ant-design/') || SHELL_LAYOUT_PACKAGES.has(pkg);

/** A module of a package the shell provides that only the remote's own copies of such packages use. */
function isShellPackageCopy(module, chunkGraph) {
  const pkg = packageOf(resourceOf(module));
  if (pkg === null || !isProvidedByShell(pkg)) return false;
  const keys = [...chunkGraph.getModuleChunksIterable(module)].map(shareKeysOf);
  return keys.every((chunkKeys) => chunkKeys.length > 0 && chunkKeys.every((key) => isProvidedByShell(packageOfKey(key))));
}

module.exports = { isHostBasePackage, isProvidedByShell, isShellPackageCopy };
