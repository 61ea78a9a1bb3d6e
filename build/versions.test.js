const { describe, expect, it } = require('@jest/globals');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { installedVersion, requiredVersionOf } = require('./versions');

function fakeRoot({ rootPkg, installed = {} }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-versions-'));
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify(rootPkg));
  for (const [pkg, version] of Object.entries(installed)) {
    fs.mkdirSync(path.join(root, 'node_modules', pkg), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', pkg, 'package.json'), JSON.stringify({ name: pkg, version }));
  }
  return root;
}

describe('requiredVersionOf', () => {
  const root = fakeRoot({
    rootPkg: { devDependencies: { axios: '1.21.1', local: 'workspace:*' } },
    installed: { axios: '1.21.1', local: '0.3.0', react: '19.3.1' },
  });

  it("prefers the app's own range over the root's", () => {
    expect(requiredVersionOf('axios', { dependencies: { axios: '^1.20.0' } }, root)).toBe('^1.20.0');
    expect(requiredVersionOf('axios', { peerDependencies: { axios: '~1.21.0' } }, root)).toBe('~1.21.0');
  });

  it("falls back to the root's range, then to ^installed for non-semver declarations", () => {
    expect(requiredVersionOf('axios', {}, root)).toBe('1.21.1');
    expect(requiredVersionOf('local', {}, root)).toBe('^0.3.0');
    expect(requiredVersionOf('react', {}, root)).toBe('^19.3.1');
  });

  it('answers false for a package that is neither declared nor installed', () => {
    expect(requiredVersionOf('left-pad', {}, root)).toBe(false);
    expect(installedVersion('left-pad', root)).toBeUndefined();
  });
});

it('reads the real installed versions at the repository root', () => {
  expect(installedVersion('react')).toMatch(/^\d+\.\d+\.\d+/);
});
