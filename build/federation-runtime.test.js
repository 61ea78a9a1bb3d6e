const { expect, it } = require('@jest/globals');
const fs = require('fs');
const { federationRuntimeOptions, PROVIDE_RUNTIME_PLUGIN } = require('./federation-runtime');

it('has the host provide its runtime core through the ES module build of the upstream plugin', () => {
  expect(federationRuntimeOptions({ isHost: true, usesHostRuntime: false })).toEqual({ runtimePlugins: [PROVIDE_RUNTIME_PLUGIN] });
  const source = fs.readFileSync(PROVIDE_RUNTIME_PLUGIN, 'utf8');
  expect(source).toMatch(/^import \* as runtimeCore from "@module-federation\/runtime-tools\/runtime-core";/);
  expect(source).toContain('_FEDERATION_RUNTIME_CORE = runtimeCore');
});

it("has a production remote use the host's runtime core and a standalone remote keep its own", () => {
  expect(federationRuntimeOptions({ isHost: false, usesHostRuntime: true })).toEqual({ experiments: { externalRuntime: true } });
  expect(federationRuntimeOptions({ isHost: false, usesHostRuntime: false })).toEqual({});
});
