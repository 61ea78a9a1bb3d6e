const { describe, expect, it } = require('@jest/globals');
const path = require('path');
const { createElement } = require('react');
const { renderToString } = require('react-dom/server');
const { lazyTableMenuRequest } = require('./lazy-table-menus');
const { lazyComponent } = require('../lazy-antd/lazy-component');

const antd = (...parts) => path.join('/repo', 'node_modules', 'antd', 'es', ...parts);
const lazyFile = (name) => path.join(__dirname, '..', 'lazy-antd', `${name}.js`);

describe("the Table's filter and selection menus, loaded when they render", () => {
  it("points the filter dropdown's and the selection hook's Dropdown, Menu and Tree to the lazy stand-ins", () => {
    const filter = antd('table', 'hooks', 'useFilter', 'FilterDropdown.js');
    expect(lazyTableMenuRequest(filter, '../../../dropdown')).toBe(lazyFile('dropdown'));
    expect(lazyTableMenuRequest(filter, '../../../menu')).toBe(lazyFile('menu'));
    expect(lazyTableMenuRequest(filter, '../../../tree')).toBe(lazyFile('tree'));
    expect(lazyTableMenuRequest(antd('table', 'hooks', 'useSelection.js'), '../../dropdown')).toBe(lazyFile('dropdown'));
    expect(lazyTableMenuRequest(antd('table', 'hooks', 'useSelection.js'), '@rc-component/tree')).toBe(lazyFile('tree-utils'));
  });

  it('leaves every other import alone (the menu context, the checkbox, other files, app code)', () => {
    const filter = antd('table', 'hooks', 'useFilter', 'FilterDropdown.js');
    expect(lazyTableMenuRequest(filter, '../../../menu/OverrideContext')).toBeNull();
    expect(lazyTableMenuRequest(filter, '../../../checkbox')).toBeNull();
    expect(lazyTableMenuRequest(filter, '@rc-component/tree')).toBeNull();
    expect(lazyTableMenuRequest(antd('dropdown', 'dropdown.js'), '../menu')).toBeNull();
    expect(lazyTableMenuRequest('/repo/remote-articles/src/Table.tsx', 'antd/es/dropdown')).toBeNull();
    expect(lazyTableMenuRequest(undefined, '../../dropdown')).toBeNull();
  });

  it("the selection hook's tree helpers come from their own modules, which export them", () => {
    const fs = require('fs');
    const source = fs.readFileSync(lazyFile('tree-utils'), 'utf8');
    const imports = [...source.matchAll(/const \{ ([\w, ]+) \} = require\('([^']+)'\)/g)];
    expect(imports.flatMap(([, names]) => names.split(', ')).sort()).toEqual(['arrAdd', 'arrDel', 'conductCheck', 'convertDataToEntities']);
    for (const [, names, request] of imports) {
      const module = fs.readFileSync(require.resolve(`${request}.js`), 'utf8');
      for (const name of names.split(', ')) expect(module).toMatch(new RegExp(`export function ${name}\\b`));
    }
  });

  it('the stand-in shows its fallback until the component has loaded, then the component', async () => {
    let resolve;
    const loaded = new Promise((r) => (resolve = r));
    const Real = ({ label }) => createElement('b', null, label);
    const Lazy = lazyComponent(
      () => loaded,
      (props) => props.children,
    );
    const first = renderToString(createElement(Lazy, { label: 'menu' }, 'trigger'));
    expect(first).toContain('trigger');
    expect(first).not.toContain('<b>');
    resolve({ default: Real });
    await loaded;
    await new Promise((r) => setTimeout(r, 0));
    expect(renderToString(createElement(Lazy, { label: 'menu' }, 'trigger'))).toContain('<b>menu</b>');
  });
});
