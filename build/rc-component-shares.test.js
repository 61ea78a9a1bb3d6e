const { expect, it } = require('@jest/globals');
const { rcComponentShares, rcComponentPackages, SHELL_RC_COMPONENTS } = require('./rc-component-shares');

it("shares the shell's rc-components under their names as singletons of their installed versions, not their subpaths", () => {
  expect(rcComponentPackages().map((p) => p.name)).toEqual(expect.arrayContaining(SHELL_RC_COMPONENTS));
  const table = rcComponentShares();
  expect(Object.keys(table).sort()).toEqual([...SHELL_RC_COMPONENTS].sort());
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
