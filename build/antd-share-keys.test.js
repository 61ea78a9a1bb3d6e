const { expect, it } = require('@jest/globals');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { antdShareKeys, antdShares, antdKeyOf } = require('./antd-share-keys');

function fakeAntd(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-antd-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

it('maps a file to its share key', () => {
  expect(antdKeyOf('button/index.js')).toBe('antd/es/button');
  expect(antdKeyOf('form/context.js')).toBe('antd/es/form/context');
});

it('shares the component entries and the modules that hold state, not the helpers', () => {
  const dir = fakeAntd({
    'button/index.js': "import Button from './button';\nexport default Button;",
    'button/button.js': "import { ConfigContext } from '../config-provider/context';\nexport default 1;",
    'button/style/index.js': 'export const genStyle = () => ({});',
    'config-provider/index.js': "export * from './context';",
    'config-provider/context.js': 'export const ConfigContext = React.createContext({});',
    'message/holder.js': 'let holder = null;\nexport default holder;',
    '_util/cache.js': 'const seen = new Map();\nexport default seen;',
  });
  expect(antdShareKeys(dir)).toEqual([
    'antd/es/_util/cache',
    'antd/es/button',
    'antd/es/config-provider',
    'antd/es/config-provider/context',
    'antd/es/message/holder',
  ]);
});

it('fails on an import cycle through a shared module (it would hang at run time)', () => {
  const dir = fakeAntd({
    'a/index.js': "import '../b';",
    'b/index.js': "import '../a';",
  });
  expect(() => antdShareKeys(dir)).toThrow(
    /import cycles through shared modules, which would hang at run time: (a|b)\/index\.js → (a|b)\/index\.js/,
  );
});

it('ignores a cycle between helpers that are not shared', () => {
  const dir = fakeAntd({
    'a/index.js': "import './x';",
    'a/x.js': "import './y';",
    'a/y.js': "import './x';",
  });
  expect(antdShareKeys(dir)).toEqual(['antd/es/a']);
});

it('shares the installed antd per component, singletons matched from inside node_modules', () => {
  const shares = antdShares('^6.0.0');
  expect(shares['antd/es/button']).toEqual({ singleton: true, requiredVersion: '^6.0.0', allowNodeModulesSuffixMatch: true });
  expect(shares['antd/es/config-provider/context']).toBeDefined();
  expect(shares['antd/es/']).toEqual({ singleton: true, requiredVersion: '^6.0.0' });
  expect(shares['antd/es/button/style']).toBeUndefined();
});
