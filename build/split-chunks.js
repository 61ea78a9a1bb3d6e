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

/** 'button' for …/node_modules/antd/es/button/…, '_util' for …/antd/es/_util/…, null otherwise. */
function antdFolderOf(resource) {
  if (!resource) return null;
  const marker = `${NODE_MODULES}antd${path.sep}es${path.sep}`;
  const at = resource.lastIndexOf(marker);
  if (at < 0) return null;
  return resource.slice(at + marker.length).split(path.sep)[0].replace(/\.js$/, '');
}

const safeName = (text) => text.replace(/^@/, '').replace(/[^a-zA-Z0-9_-]+/g, '-');

/** The host's packages that the screens before sign-in (login, banner, loading views) use. */
const HOST_BASE_PACKAGES = new Set([
  'react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser',
  'axios', 'i18next', 'react-i18next', 'html-parse-stringify', 'void-elements', 'use-sync-external-store',
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
 * Remote: antd cut by component folder (`antd-<folder>`), other packages one chunk each
 * (`npm-<package>`): a screen downloads only the antd folders and packages that the shell has not
 * provided already. (Measured against webpack's default cut and a single vendor chunk.)
 */
function remoteSplitChunks() {
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      antd: {
        test: (module) => antdFolderOf(resourceOf(module)) !== null,
        name: (module) => `antd-${safeName(antdFolderOf(resourceOf(module)))}`,
        chunks: 'async',
        enforce: true,
        priority: 30,
      },
      npm: {
        test: (module) => packageOf(resourceOf(module)) !== null,
        name: (module) => `npm-${safeName(packageOf(resourceOf(module)))}`,
        chunks: 'async',
        enforce: true,
        priority: 10,
      },
    },
  };
}

const splitChunksFor = (isHost) => (isHost ? hostSplitChunks() : remoteSplitChunks());

module.exports = { splitChunksFor, packageOf, antdFolderOf };
