// antd's Table imports, for column filters and the row-selection menu, Dropdown, Menu and Tree (with
// @rc-component/menu, tree, dropdown…): code every screen with a table loads though no Newsdesk
// table has filters or selection menus. This plugin points those imports (from the Table's filter
// dropdown and selection hook only) to lazy versions (lazy-antd/): loaded when one first renders; and
// the selection hook's tree helpers to their own modules (lazy-antd/tree-utils.js), without the Tree.
'use strict';

const path = require('path');

const LAZY_DIR = path.join(__dirname, '..', 'lazy-antd');
/** antd's component folder → the lazy stand-in. */
const LAZY = { dropdown: 'dropdown.js', menu: 'menu.js', tree: 'tree.js' };
const TABLE_MENU_USERS = /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/](?:useFilter[\\/]FilterDropdown|useSelection)\.js$/;

/** The lazy stand-in for a relative import of Dropdown, Menu or Tree from the Table's filter or selection code, else null. */
function lazyTableMenuRequest(issuer, request) {
  if (!issuer || !TABLE_MENU_USERS.test(issuer)) return null;
  // The selection hook's four tree helpers (lazy-antd/tree-utils.js names them).
  if (request === '@rc-component/tree' && /useSelection\.js$/.test(issuer)) return path.join(LAZY_DIR, 'tree-utils.js');
  if (!request.startsWith('.')) return null;
  const target = path.resolve(path.dirname(issuer), request);
  const antdEs = `${path.sep}antd${path.sep}es${path.sep}`;
  const component = target.slice(target.lastIndexOf(antdEs) + antdEs.length);
  return Object.prototype.hasOwnProperty.call(LAZY, component) ? path.join(LAZY_DIR, LAZY[component]) : null;
}

class LazyTableMenusPlugin {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('LazyTableMenus', (factory) => {
      // Before the share table sees the request: the stand-in itself consumes the shared component.
      factory.hooks.beforeResolve.tap('LazyTableMenus', (data) => {
        const lazy = lazyTableMenuRequest(data.contextInfo && data.contextInfo.issuer, data.request);
        if (lazy) data.request = lazy;
      });
    });
  }
}

module.exports = { LazyTableMenusPlugin, lazyTableMenuRequest };
