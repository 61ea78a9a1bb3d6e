// The HTML page of an app: the shell's index.html, or a remote's standalone development page.
'use strict';

const fs = require('fs');
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

/** `public/index.html` when the app has one, else a minimal page with #root. */
function htmlPageOptions(dir, title) {
  const template = path.join(dir, 'public', 'index.html');
  if (fs.existsSync(template)) return { chunks: ['main'], title, template };
  return {
    chunks: ['main'],
    title,
    templateContent: ({ htmlWebpackPlugin }) =>
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${htmlWebpackPlugin.options.title}</title></head>` +
      '<body><div id="root"></div></body></html>',
  };
}

const htmlPage = (dir, title) => new HtmlWebpackPlugin(htmlPageOptions(dir, title));

module.exports = { htmlPage, htmlPageOptions };
