// How the async chunks are cut (docs/ARCHITECTURE.md "Build and shell notes"). Every shared module
// is its own async chunk group, so without groups webpack emits many small chunks plus copies of
// small dependencies (clsx, @babel/runtime…): many requests, the same bytes fetched several times.
// Safe: the consume-shared modules never move into these groups (they have no resource path), so a
// group chunk never waits, while loading, on a share that it provides itself.
'use strict';

const path = require('path');
const { isRouterEntry } = require('./router-api');

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

/** npm package of a module path ('@scope/name' or 'name'), or null outside node_modules. */
function packageOf(resource) {
  if (!resource) return null;
  const at = resource.lastIndexOf(NODE_MODULES);
  if (at < 0) return null;
  const parts = resource.slice(at + NODE_MODULES.length).split(path.sep);
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

const safeName = (text) => text.replace(/^@/, '').replace(/[^a-zA-Z0-9_-]+/g, '-');

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

const resourceOf = (module) => (module.nameForCondition && module.nameForCondition()) || null;

/**
 * Host: what the screens before sign-in use from node_modules (and the curated react-router
 * entries) in ONE chunk 'vendor'; everything else (antd…, used only once signed in) in
 * 'vendor-signed-in', so /login does not download it. The fewest requests at start-up.
 */
function hostSplitChunks() {
  const isBase = (module) => {
    const resource = resourceOf(module);
    if (isRouterEntry(resource)) return true;
    const pkg = packageOf(resource);
    return pkg !== null && isHostBasePackage(pkg);
  };
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      vendorSignedIn: {
        test: (module) => packageOf(resourceOf(module)) !== null && !isBase(module),
        name: 'vendor-signed-in',
        chunks: 'async',
        enforce: true,
        priority: 10,
      },
      vendor: { test: isBase, name: 'vendor', chunks: 'async', enforce: true },
    },
  };
}

/**
 * Remote: what the shared modules' fallbacks use from node_modules (antd, rc-components, helpers)
 * in ONE chunk 'vendor': a screen fetches one file instead of one per antd folder and package (89
 * files for the portal on HTTP/1.1). Kept apart, one chunk each (`npm-<package>`): the base
 * packages (react-dom, react-router, axios, i18next…) and @ant-design's (the style engine, icons),
 * which the shell provides, so a remote in the shell does not fetch them again.
 */
function remoteSplitChunks() {
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      base: {
        test: (module) => {
          const pkg = packageOf(resourceOf(module));
          return pkg !== null && (isHostBasePackage(pkg) || pkg.startsWith('@ant-design/'));
        },
        name: (module) => `npm-${safeName(packageOf(resourceOf(module)))}`,
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
      vendor: {
        test: (module) => packageOf(resourceOf(module)) !== null,
        name: 'vendor',
        // Only what the shared modules' fallbacks need: a package that only a lazy part of the app
        // uses (the rich text editor's tiptap) stays in that part's chunk.
        chunks: (chunk) => !isAppLazyChunk(chunk),
        enforce: true,
        priority: 10,
      },
    },
  };
}

/**
 * A chunk only the app's own code loads (`import()` in src/), not the shared modules' provide and
 * consume fallbacks nor the exposed modules.
 */
function isAppLazyChunk(chunk) {
  for (const group of chunk.groupsIterable) {
    for (const { module } of group.origins) {
      const resource = module && module.resource;
      if (!resource || packageOf(resource) !== null) return false;
    }
  }
  return true;
}

const splitChunksFor = (isHost) => (isHost ? hostSplitChunks() : remoteSplitChunks());

module.exports = { splitChunksFor, packageOf, isAppLazyChunk };
