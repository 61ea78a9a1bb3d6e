// A component whose code loads when it first renders (React.lazy in its own Suspense boundary), for
// the antd parts that plugins/lazy-table-menus.js takes out of the Table's first load.
'use strict';

const { createElement, lazy, Suspense } = require('react');

/**
 * @param {() => Promise<{ default: Function }>} load the module (an `import()`: its own chunk)
 * @param {(props: object) => unknown} [fallback] what shows while it loads (nothing by default)
 */
function lazyComponent(load, fallback = () => null) {
  const Loaded = lazy(() => load().then((module) => ({ default: module.default })));
  return function LazyComponent(props) {
    return createElement(Suspense, { fallback: fallback(props) }, createElement(Loaded, props));
  };
}

module.exports = { lazyComponent };
