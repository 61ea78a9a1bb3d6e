// Where and under which names an app's files are written (dist/, content-hashed in production).
'use strict';

const path = require('path');

/**
 * Entry-chunk filename. A function, not the plain '[name].[contenthash:10].js': with webpack
 * 5.111 the federation runtime module resolves the entry chunk's filename while chunk hashes
 * are still being computed, and a bare [contenthash] then fails the build
 * (module-federation/core#5077, webpack/webpack#22199). Before the hash exists we answer a
 * hash-free name in the same directory (it only serves to compute the output root).
 */
function entryFilename(pathData) {
  const chunk = pathData && pathData.chunk;
  const hasHash = chunk && chunk.contentHash && chunk.contentHash.javascript;
  return hasHash ? '[name].[contenthash:10].js' : '[name].js';
}

function outputFor({ name, dir, isProd, isHost }) {
  return {
    path: path.join(dir, 'dist'),
    filename: isProd ? entryFilename : '[name].js',
    chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
    assetModuleFilename: isProd ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
    // The host is served at the root; a remote wherever its remoteEntry.js is found.
    publicPath: isHost ? '/' : 'auto',
    uniqueName: name,
    clean: true,
  };
}

module.exports = { outputFor, entryFilename };
