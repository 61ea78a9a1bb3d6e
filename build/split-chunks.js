// How the async chunks are cut (docs/ARCHITECTURE.md "Build and shell notes"). Every shared module
// is its own async chunk group, so without groups webpack emits many small chunks plus copies of
// small dependencies (clsx, @babel/runtime…): many requests, the same bytes fetched several times.
// Safe: the consume-shared modules never move into these groups (they have no resource path), so a
// group chunk never waits, while loading, on a share that it provides itself.
'use strict';

const { isRouterEntry } = require('./router-api');
const { packageOf, packageOfKey, safeName, resourceOf, LATER, lazyLevel, isAppLazyChunk, onlyScreenOf } = require('./chunk-graph');
const { isHostBasePackage, isShellPackageCopy } = require('./shell-packages');

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
 * in few chunks: a screen fetches one file instead of one per antd folder and package (89 files
 * for the portal on HTTP/1.1). 'vendor': what a screen needs to render (the fallbacks that the
 * exposed modules and the screens' code consume); 'vendor-later': what only the parts a screen
 * loads lazily need (the article editor of the portal), so the first screen does not fetch it;
 * 'vendor-<screen>': what only one screen needs (the Activity screen's cards and tabs), so the others
 * do not fetch it.
 * Kept apart, one chunk each (`npm-<package>`): the packages the shell provides (react-dom,
 * react-router, axios, i18next…, @ant-design's style engine and icons, the rc-components under
 * antd's ConfigProvider), so a remote in the shell does not fetch them again.
 */
function remoteSplitChunks() {
  const isVendorModule = (module) => packageOf(resourceOf(module)) !== null;
  // Only what the shared modules' fallbacks need: a package that only a lazy part of the app uses
  // (the rich text editor's tiptap) stays in that part's chunk.
  const fallbackChunks = (chunk) => !isAppLazyChunk(chunk);
  const levels = new WeakMap();
  /** Only chunks of a screen's lazy parts (or the shared modules only they consume) hold the module. */
  const onlyLater = (module, chunkGraph) => {
    const chunks = [...chunkGraph.getModuleChunksIterable(module)].filter(fallbackChunks);
    return chunks.length > 0 && chunks.every((chunk) => lazyLevel(chunk, chunkGraph, levels) >= LATER);
  };
  const onlyScreen = onlyScreenOf(levels, fallbackChunks);
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      // A module of a package the shell provides, when only the remote's own copies of such
      // packages use it: anything else needing it (an antd component's copy) keeps it in 'vendor',
      // else that one file would be fetched for it. What only a screen's lazy parts need of such a
      // package (the editor's icons) in `npm-<package>-later`.
      baseLater: {
        test: (module, { chunkGraph }) => isShellPackageCopy(module, chunkGraph) && onlyLater(module, chunkGraph),
        name: (module) => `npm-${safeName(packageOf(resourceOf(module)))}-later`,
        chunks: 'async',
        enforce: true,
        priority: 25,
      },
      base: {
        test: (module, { chunkGraph }) => isShellPackageCopy(module, chunkGraph),
        name: (module) => `npm-${safeName(packageOf(resourceOf(module)))}`,
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
      vendorLater: {
        test: (module, { chunkGraph }) => isVendorModule(module) && onlyLater(module, chunkGraph),
        name: 'vendor-later',
        chunks: fallbackChunks,
        enforce: true,
        priority: 15,
      },
      // What only one screen needs (the Activity screen's card and tabs…): not fetched by the others.
      vendorScreen: {
        test: (module, { chunkGraph }) => isVendorModule(module) && onlyScreen(module, chunkGraph) !== null,
        name: (module) => `vendor-${onlyScreen(module)}`, // memoised by the test, which webpack calls first
        chunks: fallbackChunks,
        enforce: true,
        priority: 12,
      },
      vendor: {
        test: isVendorModule,
        name: 'vendor',
        chunks: fallbackChunks,
        enforce: true,
        priority: 10,
      },
    },
  };
}

const splitChunksFor = (isHost) => (isHost ? hostSplitChunks() : remoteSplitChunks());

module.exports = { splitChunksFor, packageOf, packageOfKey, isAppLazyChunk, lazyLevel };
