const { describe, expect, it } = require('@jest/globals');
const path = require('path');
const { isHostBasePackage, isProvidedByShell, isShellPackageCopy } = require('./shell-packages');

const nm = (...parts) => path.join('/repo', 'node_modules', ...parts);
const consumeOf = (shareKey) => ({ type: 'consume-shared-module', options: { shareKey } });
const fallbackOf = (shareKey) => ({ groupsIterable: [{ origins: [{ module: consumeOf(shareKey) }] }] });

describe('the packages the shell provides', () => {
  it('are those /login uses, and those of its signed-in layout (antd style engine, icons, shared rc-components)', () => {
    expect(isHostBasePackage('react-dom')).toBe(true);
    expect(isHostBasePackage('@module-federation/runtime')).toBe(true);
    expect(isHostBasePackage('antd')).toBe(false);
    expect(isProvidedByShell('@ant-design/cssinjs')).toBe(true);
    expect(isProvidedByShell('@rc-component/trigger')).toBe(true);
    expect(isProvidedByShell('@rc-component/table')).toBe(false);
  });

  it("a remote's module of such a package is a copy when only such packages' fallbacks hold it", () => {
    const chunksOf = new Map();
    const chunkGraph = { getModuleChunksIterable: (module) => chunksOf.get(module) || [] };
    const module = (resource, ...chunks) => {
      const m = { nameForCondition: () => resource };
      chunksOf.set(m, chunks);
      return m;
    };
    expect(isShellPackageCopy(module(nm('react-dom', 'index.js'), fallbackOf('react-dom')), chunkGraph)).toBe(true);
    expect(
      isShellPackageCopy(
        module(nm('@rc-component', 'motion', 'es', 'a.js'), fallbackOf('@rc-component/motion'), fallbackOf('antd/es/table')),
        chunkGraph,
      ),
    ).toBe(false);
    expect(isShellPackageCopy(module(nm('antd', 'es', 'table', 'index.js'), fallbackOf('antd/es/table')), chunkGraph)).toBe(false);
  });
});
