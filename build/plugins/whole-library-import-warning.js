// Warns when application code imports the whole antd (or icons) library: it would ship all of it.
'use strict';

const path = require('path');
const webpack = require('webpack');
const { ROOT } = require('../versions');

const HINTS = {
  antd: "import antd components from 'antd/es/<component>' (e.g. antd/es/button)",
  '@ant-design/icons': "import icons from '@ant-design/icons/es/icons/<Name>'",
};

/** The warning text for `request` imported by `issuer`, or null when the import is fine. */
function wholeLibraryImportWarning(request, issuer) {
  if (!issuer || issuer.includes(`${path.sep}node_modules${path.sep}`) || !HINTS[request]) return null;
  return (
    `${path.relative(ROOT, issuer)} imports '${request}' as a whole: this ships the whole library; ${HINTS[request]}. ` +
    "Type-only imports (`import type { ... } from 'antd'`) are fine."
  );
}

class WholeLibraryImportWarningPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WholeLibraryImportWarning', (compilation, { normalModuleFactory }) => {
      normalModuleFactory.hooks.beforeResolve.tap('WholeLibraryImportWarning', (data) => {
        const text = wholeLibraryImportWarning(data.request, data.contextInfo && data.contextInfo.issuer);
        if (text) compilation.warnings.push(new webpack.WebpackError(text));
      });
    });
  }
}

module.exports = { WholeLibraryImportWarningPlugin, wholeLibraryImportWarning };
