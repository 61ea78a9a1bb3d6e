const { expect, it } = require('@jest/globals');
const { sharedTable } = require('./share-table');
const { ROUTER_IMPORTS } = require('./router-api');

const table = sharedTable(
  { dependencies: { react: '19.3.1' } },
  { antd: () => ({ 'antd/es/button': { singleton: true } }), rcComponents: () => ({ '@rc-component/trigger': { singleton: true } }) },
);

it('shares every run-time singleton of the product, each as a singleton', () => {
  for (const key of [
    'react',
    'react/',
    'react-dom',
    'react-dom/',
    'react-router',
    'react-router-dom',
    'antd',
    '@ant-design/cssinjs',
    '@ant-design/icons',
    '@ant-design/colors',
    '@ant-design/fast-color',
    '@rc-component/trigger',
    'i18next',
    'react-i18next',
    'axios',
    'shared',
  ]) {
    expect(table[key]).toEqual(expect.objectContaining({ singleton: true }));
  }
  expect(Object.values(table).every((entry) => entry.singleton === true)).toBe(true);
});

it("takes the app's declared range, shares the subpaths under the same range", () => {
  expect(table.react.requiredVersion).toBe('19.3.1');
  expect(table['react/'].requiredVersion).toBe('19.3.1');
});

it('shares react-router through the curated virtual entries under the installed version', () => {
  expect(table['react-router']).toEqual(
    expect.objectContaining({ import: ROUTER_IMPORTS['react-router'], version: require('react-router/package.json').version }),
  );
  expect(table['react-router-dom'].import).toBe(ROUTER_IMPORTS['react-router-dom']);
});

it("includes antd's per-component entries and the workspace package shared by its own version", () => {
  expect(table['antd/es/button']).toEqual({ singleton: true });
  expect(table.shared.requiredVersion).toBe(`^${require('../shared/package.json').version}`);
});
