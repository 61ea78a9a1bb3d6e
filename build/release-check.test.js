'use strict';

const { afterAll, describe, expect, test } = require('@jest/globals');

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { findSkew, report } = require('./release-check');

const SHELL = {
  name: 'shell',
  shared: [
    { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '19.3.1' },
    { name: 'react-dom', version: '19.3.1', singleton: true, requiredVersion: '19.3.1' },
    { name: 'shared', version: '0.1.0', singleton: true, requiredVersion: '^0.1.0' },
    { name: 'antd/es/button', version: '6.6.8', singleton: true, requiredVersion: '6.6.8' },
  ],
};
const remote = (overrides) => ({
  name: 'remote_categories',
  shared: [
    { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '19.3.1' },
    { name: 'shared', version: '0.1.0', singleton: true, requiredVersion: '^0.1.0' },
    { name: 'antd/es/button', version: '6.6.8', singleton: true, requiredVersion: '6.6.8' },
    // The shell does not provide it: the remote brings its own copy.
    { name: 'antd/es/tree', version: '6.6.8', singleton: true, requiredVersion: '6.6.8' },
    ...overrides,
  ],
});

describe('findSkew', () => {
  test('a remote built like the shell fits', () => {
    expect(findSkew(remote([]), SHELL)).toEqual([]);
  });

  test('a newer shared and React 18 are named with both versions', () => {
    const skewed = remote([]);
    skewed.shared[0] = { name: 'react', version: '18.3.1', singleton: true, requiredVersion: '^18.2.0' };
    skewed.shared[1] = { name: 'shared', version: '0.2.0', singleton: true, requiredVersion: '^0.2.0' };
    const findings = findSkew(skewed, SHELL);
    expect(findings).toEqual([
      { module: 'react', required: '^18.2.0', provided: '19.3.1' },
      { module: 'shared', required: '^0.2.0', provided: '0.1.0' },
    ]);
    expect(report('remote_categories', findings)).toEqual([
      'remote_categories needs react ^18.2.0; the shell provides 19.3.1',
      'remote_categories needs shared ^0.2.0; the shell provides 0.1.0',
    ]);
  });

  test('non-singletons, open ranges and junk are not findings', () => {
    const odd = remote([]);
    odd.shared[0] = { name: 'react', singleton: false, requiredVersion: '^18.2.0' };
    odd.shared[1] = { name: 'shared', singleton: true, requiredVersion: '*' };
    odd.shared.push(null, 'junk');
    expect(findSkew(odd, SHELL)).toEqual([]);
    expect(findSkew({}, SHELL)).toEqual([]);
  });
});

describe('npm run release:check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-check-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name, data) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(data));
    return file;
  };
  const run = (...args) =>
    spawnSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'release-check.mjs'), ...args], { encoding: 'utf8' });

  test('exits 1 naming the module and both versions for a remote that needs a newer shared', () => {
    const skewed = remote([]);
    skewed.shared[1] = { name: 'shared', version: '0.2.0', singleton: true, requiredVersion: '^0.2.0' };
    const result = run(write('skewed.json', skewed), '--shell', write('shell.json', SHELL));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('remote_categories needs shared ^0.2.0; the shell provides 0.1.0');
  });

  test('exits 0 for a remote that fits; 2 for a file that is not there', () => {
    const shell = write('shell.json', SHELL);
    const fits = run(write('fits.json', remote([])), '--shell', shell);
    expect(fits.status).toBe(0);
    expect(fits.stdout).toContain('remote_categories fits the shell');
    expect(run(path.join(dir, 'missing.json'), '--shell', shell).status).toBe(2);
  });
});
