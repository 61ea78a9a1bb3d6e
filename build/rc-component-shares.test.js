const { expect, it } = require('@jest/globals');
const { rcComponentShares, rcComponentPackages } = require('./rc-component-shares');

it('shares each installed rc-component under its name as a singleton of its installed version, not its subpaths', () => {
  const packages = rcComponentPackages();
  expect(packages.map((p) => p.name)).toEqual(expect.arrayContaining(['@rc-component/trigger', '@rc-component/util']));
  const table = rcComponentShares();
  const trigger = require('@rc-component/trigger/package.json').version;
  expect(table['@rc-component/trigger']).toEqual({ singleton: true, requiredVersion: `^${trigger}`, version: trigger });
  expect(Object.keys(table).filter((key) => key.endsWith('/'))).toEqual([]);
});

it('fails the build when rc-components depend on each other in a cycle (a shared module waiting for itself hangs)', () => {
  const pkg = (name, deps) => ({ name, version: '1.0.0', deps });
  expect(() => rcComponentShares([pkg('@rc-component/a', ['@rc-component/b']), pkg('@rc-component/b', ['@rc-component/a'])])).toThrow(
    /cycle.*@rc-component\/a/,
  );
  expect(Object.keys(rcComponentShares([pkg('@rc-component/a', ['@rc-component/b']), pkg('@rc-component/b', [])]))).toEqual([
    '@rc-component/a',
    '@rc-component/b',
  ]);
});
