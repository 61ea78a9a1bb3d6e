// react-router's public client API, shared under the keys 'react-router' and 'react-router-dom'
// through the committed entries in react-router/ (see their header). Nothing is generated: the
// entries import the installed react-router's dist file for the build's mode through a webpack
// alias (its package exports always answer the development build).
'use strict';

const fs = require('fs');
const path = require('path');
const { ROOT } = require('./versions');

const ENTRY_DIR = path.join(__dirname, 'react-router');
/** The `import` of each shared key. */
const ROUTER_IMPORTS = {
  'react-router': path.join(ENTRY_DIR, 'react-router.mjs'),
  'react-router-dom': path.join(ENTRY_DIR, 'react-router-dom.mjs'),
};

/** The names the 'react-router' entry exports (its `export { … } from` list). */
function exportedNames(file = ROUTER_IMPORTS['react-router']) {
  const match = /export\s*\{([^}]*)\}\s*from/.exec(fs.readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file}: no export list`);
  return match[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

const REACT_ROUTER_API = exportedNames();

/** The alias the entries import through: the installed react-router's dist files for the mode. */
function routerDistAlias(isProd, root = ROOT) {
  const rrDir = path.dirname(require.resolve('react-router/package.json', { paths: [root] }));
  const dist = path.join(rrDir, 'dist', isProd ? 'production' : 'development');
  return {
    'newsdesk-react-router-dist$': path.join(dist, 'index.mjs'),
    'newsdesk-react-router-dist/dom-export$': path.join(dist, 'dom-export.mjs'),
  };
}

/** True for the entries' modules (split-chunks keeps them with react-router). */
const isRouterEntry = (resource) => typeof resource === 'string' && resource.startsWith(ENTRY_DIR + path.sep);

module.exports = { REACT_ROUTER_API, ROUTER_IMPORTS, exportedNames, routerDistAlias, isRouterEntry };
