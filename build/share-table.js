// THE shared-dependency table, identical for the host and every remote: every entry is a
// singleton (one instance at run time), requiredVersion from the package versions.
'use strict';

const path = require('path');
const { ROOT, readJson, installedVersion, requiredVersionOf } = require('./versions');
const { antdShares } = require('./antd-share-keys');
const { rcComponentShares } = require('./rc-component-shares');
const { ROUTER_IMPORTS } = require('./router-api');

/**
 * @param {object} appPkg the app's package.json
 * @param {{ antd?: (requiredVersion: string|false) => object, rcComponents?: () => object }} [options] antd's and the
 *   rc-components' entries (tests pass small tables)
 */
function sharedTable(appPkg, { antd = antdShares, rcComponents = rcComponentShares } = {}) {
  const v = (pkg) => requiredVersionOf(pkg, appPkg);
  const singleton = (pkg, extra = {}) => ({ singleton: true, requiredVersion: v(pkg), ...extra });
  // The curated react-router entries (router-api.js): shared under the installed version.
  const router = (pkg) => singleton(pkg, { import: ROUTER_IMPORTS[pkg], version: installedVersion(pkg) });
  return {
    react: singleton('react'),
    // Subpaths too, or react-dom/client and react/jsx-runtime are bundled twice (stack notes).
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router': router('react-router'),
    'react-router-dom': router('react-router-dom'),
    // Whole-library entry: one instance if someone imports it, but code imports `antd/es/<component>`
    // (plugins/whole-library-import-warning.js warns on a bare 'antd').
    antd: singleton('antd'),
    ...antd(v('antd')),
    '@ant-design/cssinjs': singleton('@ant-design/cssinjs'),
    '@ant-design/cssinjs-utils': singleton('@ant-design/cssinjs-utils'),
    // The colour helpers of the theme and the icons (the shell has them loaded once signed in).
    '@ant-design/colors': singleton('@ant-design/colors'),
    '@ant-design/fast-color': singleton('@ant-design/fast-color'),
    ...rcComponents(),
    '@ant-design/icons': singleton('@ant-design/icons'),
    '@ant-design/icons/': singleton('@ant-design/icons', { allowNodeModulesSuffixMatch: true }),
    i18next: singleton('i18next'),
    'react-i18next': singleton('react-i18next'),
    axios: singleton('axios'),
    shared: singleton('shared', { requiredVersion: `^${readJson(path.join(ROOT, 'shared', 'package.json')).version}` }),
  };
}

module.exports = { sharedTable };
