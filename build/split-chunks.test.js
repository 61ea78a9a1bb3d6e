const { describe, expect, it } = require('@jest/globals');
const path = require('path');
const { splitChunksFor, packageOf } = require('./split-chunks');
const { ROUTER_IMPORTS } = require('./router-api');

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
  it('puts antd, rc-components and other packages in one vendor chunk', () => {
    expect(chunkOf(remote, nm('antd', 'es', 'table', 'Table.js'))).toBe('vendor');
    expect(chunkOf(remote, nm('@rc-component', 'table', 'es', 'index.js'))).toBe('vendor');
    expect(chunkOf(remote, nm('dayjs', 'esm', 'index.js'))).toBe('vendor');
  });
  it('keeps what the shell provides out of it, one chunk per package', () => {
    expect(chunkOf(remote, nm('react-dom', 'index.js'))).toBe('npm-react-dom');
    expect(chunkOf(remote, nm('@ant-design', 'cssinjs', 'es', 'index.js'))).toBe('npm-ant-design-cssinjs');
    expect(chunkOf(remote, nm('@module-federation', 'runtime', 'index.js'))).toBe('npm-module-federation-runtime');
    expect(chunkOf(remote, '/repo/remote-articles/src/routes.tsx')).toBeNull();
  });
  it("leaves the packages of the app's own lazy parts in their chunks", () => {
    const chunkLoadedBy = (...resources) => ({
      groupsIterable: [{ origins: resources.map((resource) => ({ module: resource && { resource } })) }],
    });
    expect(remote.cacheGroups.vendor.chunks(chunkLoadedBy('/repo/remote-articles/src/LazyEditor.tsx'))).toBe(false);
    expect(remote.cacheGroups.vendor.chunks(chunkLoadedBy(undefined))).toBe(true); // a shared module's fallback
    expect(remote.cacheGroups.vendor.chunks(chunkLoadedBy(nm('antd', 'es', 'index.js')))).toBe(true);
  });
});
