// Fails the build when app code imports from react-router / react-router-dom a name that the shared
// curated entry (router-api.js) does not export: it would be undefined at run time, and the
// consume-shared module hides the real exports from webpack's own check.
'use strict';

const path = require('path');
const webpack = require('webpack');
const { ROOT } = require('../versions');
const { REACT_ROUTER_API } = require('../router-api');

const ROUTER_REQUESTS = new Set(['react-router', 'react-router-dom']);
const ALLOWED = new Set([...REACT_ROUTER_API, 'default']);

/** The error texts for one module's dependencies (`{ request, ids?, name? }`). */
function unknownRouterImports(resource, dependencies) {
  const out = [];
  if (!resource || resource.includes(`${path.sep}node_modules${path.sep}`)) return out;
  for (const dep of dependencies) {
    if (!ROUTER_REQUESTS.has(dep.request)) continue;
    const name = Array.isArray(dep.ids) && dep.ids.length > 0 ? dep.ids[0] : dep.name;
    if (typeof name !== 'string' || ALLOWED.has(name)) continue;
    out.push(
      `${path.relative(ROOT, resource)} imports '${name}' from '${dep.request}', which is not part of the shared ` +
        'react-router API (REACT_ROUTER_API in build/router-api.js). It would be undefined at run time; add it to ' +
        'the list (then rebuild the shell and the remotes) or use another API.',
    );
  }
  return out;
}

class ReactRouterApiPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ReactRouterApi', (compilation) => {
      compilation.hooks.finishModules.tap('ReactRouterApi', (modules) => {
        for (const module of modules) {
          for (const text of unknownRouterImports(module.resource, module.dependencies)) {
            const error = new webpack.WebpackError(text);
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

module.exports = { ReactRouterApiPlugin, unknownRouterImports };
