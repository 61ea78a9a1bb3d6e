const { describe, expect, it } = require('@jest/globals');
const path = require('path');
const { splitChunksFor, packageOf, packageOfKey, lazyLevel } = require('./split-chunks');
const { ROUTER_IMPORTS } = require('./router-api');
const { screensOf } = require('./chunk-graph');

const nm = (...parts) => path.join('/repo', 'node_modules', ...parts);
const moduleAt = (resource) => ({ nameForCondition: () => resource });

it('names the npm package of a module path', () => {
  expect(packageOf(nm('react-dom', 'cjs', 'react-dom.js'))).toBe('react-dom');
  expect(packageOf(nm('@rc-component', 'util', 'es', 'hooks.js'))).toBe('@rc-component/util');
  expect(packageOf('/repo/shell/src/App.tsx')).toBeNull();
});

/** The cache group that takes a module (highest priority first), and the chunk name it gets. */
function chunkOf(config, resource) {
  const groups = Object.values(config.cacheGroups)
    .filter(Boolean)
    .sort((a, b) => (b.priority || 0) - (a.priority || 0));
  const group = groups.find((g) => g.test(moduleAt(resource)));
  if (!group) return null;
  return typeof group.name === 'function' ? group.name(moduleAt(resource)) : group.name;
}

describe('host', () => {
  const host = splitChunksFor(true);
  it('puts what /login uses in vendor and the rest of node_modules in vendor-signed-in', () => {
    expect(chunkOf(host, nm('react-dom', 'index.js'))).toBe('vendor');
    expect(chunkOf(host, nm('@module-federation', 'runtime', 'index.js'))).toBe('vendor');
    expect(chunkOf(host, ROUTER_IMPORTS['react-router'])).toBe('vendor');
    expect(chunkOf(host, nm('antd', 'es', 'button', 'index.js'))).toBe('vendor-signed-in');
    expect(chunkOf(host, nm('@rc-component', 'menu', 'es', 'index.js'))).toBe('vendor-signed-in');
  });
  it('leaves app code to webpack', () => {
    expect(chunkOf(host, '/repo/shell/src/features/login/LoginScreen.tsx')).toBeNull();
  });
});

describe('remote', () => {
  const remote = splitChunksFor(false);
  const appModule = (file) => ({
    resource: `/repo/remote-articles/src/${file}`,
    nameForCondition: () => `/repo/remote-articles/src/${file}`,
  });
  const consumeOf = (shareKey) => ({ type: 'consume-shared-module', options: { shareKey } });
  const chunkLoadedBy = (...modules) => ({ groupsIterable: [{ origins: modules.map((module) => ({ module })) }] });
  // A screen: `import(request)` in ./routes.
  const screenLoadedBy = (module, request) => ({ groupsIterable: [{ origins: [{ module, request }] }] });

  /**
   * A remote's chunk graph: the entry; ./routes (the exposed module); the portal screen, which
   * ./routes imports lazily; the editor, which the screen imports lazily; the shared modules'
   * fallbacks, each loaded by the consume-shared module in the chunk that uses it.
   */
  function remoteGraph() {
    const where = new Map(); // module → its chunks
    const put = (module, ...chunks) => {
      where.set(module, chunks);
      return module;
    };
    const entry = chunkLoadedBy(null);
    const routes = put(appModule('routes.tsx'), chunkLoadedBy(put({ type: 'container-entry' }, entry)));
    const routesChunk = where.get(routes)[0];
    const screen = put(appModule('app/portal/PortalScreen.tsx'), screenLoadedBy(routes, './app/portal/PortalScreen'));
    const screenChunk = where.get(screen)[0];
    const activity = put(appModule('app/activity/ActivityScreen.tsx'), screenLoadedBy(routes, './app/activity/ActivityScreen'));
    const activityChunk = where.get(activity)[0];
    const editorChunk = chunkLoadedBy(put(appModule('features/article-editor/components/LazyArticleEditor.tsx'), screenChunk));
    const fallback = (key, consumedIn) => chunkLoadedBy(put(consumeOf(key), consumedIn));
    const chunks = {
      entry,
      routesChunk,
      screenChunk,
      editorChunk,
      activityChunk,
      table: fallback('antd/es/table', screenChunk),
      tableForActivity: fallback('antd/es/table', activityChunk),
      card: fallback('antd/es/card', activityChunk),
      cardInEditor: fallback('antd/es/card', editorChunk),
      alert: fallback('antd/es/alert', routesChunk),
      upload: fallback('antd/es/upload', editorChunk),
      reactDom: fallback('react-dom', routesChunk),
      trigger: fallback('@rc-component/trigger', screenChunk),
      motion: fallback('@rc-component/motion', screenChunk),
      plusIcon: fallback('@ant-design/icons/es/icons/PlusOutlined', screenChunk),
      boldIcon: fallback('@ant-design/icons/es/icons/BoldOutlined', editorChunk),
    };
    const node = (resource, ...inChunks) => put({ nameForCondition: () => resource }, ...inChunks);
    const chunkGraph = { getModuleChunksIterable: (module) => where.get(module) || [] };
    return { chunks, node, chunkGraph };
  }

  /** The cache group that takes a module (highest priority first) and the chunk name it gets. */
  function remoteChunkOf(module, chunkGraph) {
    const groups = Object.values(remote.cacheGroups)
      .filter(Boolean)
      .sort((a, b) => (b.priority || 0) - (a.priority || 0));
    const group = groups.find((g) => g.test(module, { chunkGraph }));
    if (!group) return null;
    return typeof group.name === 'function' ? group.name(module) : group.name;
  }

  it('puts what several screens need (antd, rc-components, other packages) in one vendor chunk', () => {
    const { chunks, node, chunkGraph } = remoteGraph();
    const both = [chunks.table, chunks.tableForActivity];
    expect(remoteChunkOf(node(nm('antd', 'es', 'table', 'Table.js'), ...both), chunkGraph)).toBe('vendor');
    expect(remoteChunkOf(node(nm('@rc-component', 'table', 'es', 'index.js'), ...both), chunkGraph)).toBe('vendor');
    expect(remoteChunkOf(node(nm('dayjs', 'esm', 'index.js'), ...both), chunkGraph)).toBe('vendor');
  });

  it('puts what one screen alone needs in vendor-<screen>, what the exposed modules need in vendor', () => {
    const { chunks, node, chunkGraph } = remoteGraph();
    expect(remoteChunkOf(node(nm('antd', 'es', 'table', 'Table.js'), chunks.table), chunkGraph)).toBe('vendor-PortalScreen');
    expect(remoteChunkOf(node(nm('antd', 'es', 'card', 'index.js'), chunks.card), chunkGraph)).toBe('vendor-ActivityScreen');
    // A lazy part of the portal (its editor) needs the card later: the Activity screen needs it first.
    expect(remoteChunkOf(node(nm('antd', 'es', 'card', 'index.js'), chunks.card, chunks.cardInEditor), chunkGraph)).toBe(
      'vendor-ActivityScreen',
    );
    expect(remoteChunkOf(node(nm('antd', 'es', 'alert', 'index.js'), chunks.alert, chunks.card), chunkGraph)).toBe('vendor');
  });

  it('names the screens whose first load needs a chunk', () => {
    const { chunks, chunkGraph } = remoteGraph();
    const levels = new WeakMap();
    const screens = (chunk) => [...screensOf(chunk, chunkGraph, levels)];
    expect(screens(chunks.screenChunk)).toEqual(['PortalScreen']);
    expect(screens(chunks.card)).toEqual(['ActivityScreen']);
    expect(screens(chunks.alert)).toEqual(['*']);
    expect(screens(chunks.editorChunk)).toEqual([]);
    expect(screens(chunks.cardInEditor)).toEqual([]);
  });

  it("puts what only a screen's lazy parts need in vendor-later, unless a screen needs it too", () => {
    const { chunks, node, chunkGraph } = remoteGraph();
    expect(remoteChunkOf(node(nm('antd', 'es', 'upload', 'Upload.js'), chunks.upload), chunkGraph)).toBe('vendor-later');
    expect(remoteChunkOf(node(nm('antd', 'es', '_util', 'wave.js'), chunks.upload, chunks.table, chunks.card), chunkGraph)).toBe('vendor');
  });

  it('counts the lazy imports of app code between the entry and a chunk', () => {
    const { chunks, chunkGraph } = remoteGraph();
    const levels = new WeakMap();
    const level = (chunk) => lazyLevel(chunk, chunkGraph, levels);
    expect([chunks.entry, chunks.routesChunk, chunks.reactDom].map(level)).toEqual([0, 0, 0]);
    expect([chunks.screenChunk, chunks.table].map(level)).toEqual([1, 1]);
    expect([chunks.editorChunk, chunks.upload].map(level)).toEqual([2, 2]);
  });

  it("keeps the remote's copies of what the shell provides apart, one chunk per package", () => {
    const { chunks, node, chunkGraph } = remoteGraph();
    expect(remoteChunkOf(node(nm('react-dom', 'index.js'), chunks.reactDom), chunkGraph)).toBe('npm-react-dom');
    expect(remoteChunkOf(node(nm('@rc-component', 'trigger', 'es', 'index.js'), chunks.trigger), chunkGraph)).toBe(
      'npm-rc-component-trigger',
    );
    expect(remoteChunkOf(node(nm('@rc-component', 'motion', 'es', 'index.js'), chunks.motion), chunkGraph)).toBe('npm-rc-component-motion');
    expect(remoteChunkOf(appModule('routes.tsx'), chunkGraph)).toBeNull();
  });

  it("puts what only a screen's lazy parts need of such a package in npm-<package>-later", () => {
    const { chunks, node, chunkGraph } = remoteGraph();
    const icon = (name, ...inChunks) => node(nm('@ant-design', 'icons', 'es', 'icons', `${name}.js`), ...inChunks);
    expect(remoteChunkOf(icon('PlusOutlined', chunks.plusIcon), chunkGraph)).toBe('npm-ant-design-icons');
    expect(remoteChunkOf(icon('BoldOutlined', chunks.boldIcon), chunkGraph)).toBe('npm-ant-design-icons-later');
    expect(remoteChunkOf(icon('IconBase', chunks.plusIcon, chunks.boldIcon), chunkGraph)).toBe('npm-ant-design-icons');
  });

  it("leaves a module of such a package in vendor when another package's copy uses it (else that whole chunk is fetched)", () => {
    const { chunks, node, chunkGraph } = remoteGraph();
    expect(
      remoteChunkOf(
        node(nm('@rc-component', 'motion', 'es', 'util', 'motion.js'), chunks.motion, chunks.table, chunks.tableForActivity),
        chunkGraph,
      ),
    ).toBe('vendor');
  });

  it('names the package of a share key', () => {
    expect(packageOfKey('@rc-component/util/es/raf')).toBe('@rc-component/util');
    expect(packageOfKey('react/jsx-runtime')).toBe('react');
    expect(packageOfKey('antd/es/table')).toBe('antd');
  });

  it("leaves the packages of the app's own lazy parts in their chunks", () => {
    const lazyChunk = chunkLoadedBy({ resource: '/repo/remote-articles/src/LazyEditor.tsx' });
    expect(remote.cacheGroups.vendor.chunks(lazyChunk)).toBe(false);
    expect(remote.cacheGroups.vendorLater.chunks(lazyChunk)).toBe(false);
    expect(remote.cacheGroups.vendor.chunks(chunkLoadedBy(undefined))).toBe(true); // a shared module's fallback
    expect(remote.cacheGroups.vendor.chunks(chunkLoadedBy({ resource: nm('antd', 'es', 'index.js') }))).toBe(true);
  });
});
