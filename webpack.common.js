// One webpack factory for the Module Federation host (shell) and every remote.
//
//   module.exports = () => require('../webpack.common.js').createRemoteConfig('remote_articles', __dirname);
//   (the host: createAppConfig({ name: 'shell', dir: __dirname, port: 3000, isHost: true }))
//
// `webpack --mode production|development` decides the mode (read from the command line, else
// NODE_ENV). Each concern lives in a module of build/ with its test: the share table
// (share-table.js, antd-share-keys.js, router-api.js), the federation runtime (federation-runtime.js),
// output and chunks (output.js, split-chunks.js), plugins (plugins/) and the dev server (dev-server.js). The decisions and the facts
// they rely on are in docs/ARCHITECTURE.md "Build and shell notes".
//
// Not used on purpose: webpack's filesystem cache (`cache: { type: 'filesystem' }`). It was tried
// and broke antd's exports across the shared modules.
'use strict';

const path = require('path');
const webpack = require('webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { readJson } = require('./build/versions');
const { sharedTable } = require('./build/share-table');
const { routerDistAlias } = require('./build/router-api');
const { splitChunksFor } = require('./build/split-chunks');
const { federationRuntimeOptions } = require('./build/federation-runtime');
const { DEV_PORTS, devServerFor } = require('./build/dev-server');
const { outputFor } = require('./build/output');
const { htmlPage } = require('./build/plugins/html-page');
const { WholeLibraryImportWarningPlugin } = require('./build/plugins/whole-library-import-warning');
const { ReactRouterApiPlugin } = require('./build/plugins/react-router-api');
const { LazyTableMenusPlugin } = require('./build/plugins/lazy-table-menus');

function modeOf(forcedMode) {
  const argv = process.argv;
  const argvMode = argv.includes('--mode')
    ? argv[argv.indexOf('--mode') + 1]
    : (argv.find((a) => a.startsWith('--mode=')) || '').slice('--mode='.length);
  return forcedMode || argvMode || (process.env.NODE_ENV === 'production' ? 'production' : 'development');
}

/**
 * @param {{ name: string, dir: string, port: number, exposes?: Record<string,string>, isHost?: boolean, mode?: string }} options
 */
function createAppConfig({ name, dir, port, exposes = {}, isHost = false, mode: forcedMode }) {
  if (!name || !dir) throw new Error('createAppConfig: name and dir are required');
  const mode = modeOf(forcedMode);
  const isProd = mode === 'production';
  const appPkg = readJson(path.join(dir, 'package.json'));
  const buildLabel = process.env.NEWSDESK_BUILD_LABEL || appPkg.version || '0.0.0';
  // One federation runtime per run of the product (build/federation-runtime.js): a production
  // remote uses the host's, so it has no standalone page (that needs a runtime of its own); its
  // development build keeps both for `npm start -w <remote>`.
  const usesHostRuntime = !isHost && isProd;

  return {
    name,
    mode,
    context: dir,
    entry: usesHostRuntime ? {} : { main: './src/index.ts' },
    target: 'web',
    devtool: isProd ? false : 'eval-cheap-module-source-map',
    output: outputFor({ name, dir, isProd, isHost }),
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Workspace packages (contracts) offer their TypeScript sources under the "newsdesk-source" condition (a name of our own: some packages on npm publish a "source" condition we must not follow).
      conditionNames: ['newsdesk-source', '...'],
      alias: routerDistAlias(isProd),
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('ts-loader'),
            options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') },
          },
        },
        { test: /\.css$/i, type: 'asset/source' },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/i, type: 'asset/resource' },
      ],
    },
    optimization: {
      // swc minifies ~2.5× faster than terser here, with slightly smaller output (stack notes).
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: true, mangle: true } })],
      // The container entry (remoteEntry.js) needs its own runtime: no shared runtime chunk.
      runtimeChunk: false,
      moduleIds: isProd ? 'deterministic' : 'named',
      chunkIds: isProd ? 'deterministic' : 'named',
      splitChunks: splitChunksFor(isHost),
    },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.NEWSDESK_BUILD_LABEL': JSON.stringify(buildLabel),
        'process.env.NEWSDESK_APP_NAME': JSON.stringify(name),
        // The portal's Guidelines link (remote-articles, features/portal-toolbar); empty = its default.
        'process.env.NEWSDESK_GUIDELINES_URL': JSON.stringify(process.env.NEWSDESK_GUIDELINES_URL || ''),
        // The shell's time-out of loading a remote, in ms; empty = its default (8 s).
        'process.env.NEWSDESK_REMOTE_TIMEOUT_MS': JSON.stringify(process.env.NEWSDESK_REMOTE_TIMEOUT_MS || ''),
      }),
      ...(usesHostRuntime ? [] : [htmlPage(dir, isHost ? 'Newsdesk' : `Newsdesk – ${name} (standalone)`)]),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedTable(appPkg),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        ...federationRuntimeOptions({ isHost, usesHostRuntime }),
      }),
      new WholeLibraryImportWarningPlugin(),
      new ReactRouterApiPlugin(),
      new LazyTableMenusPlugin(),
    ],
    devServer: devServerFor({ port, isHost }),
  };
}

/**
 * A remote's config: its dev port from DEV_PORTS, and by default the one exposed module `./routes`
 * (its screens; docs/ARCHITECTURE.md "./routes contract").
 */
function createRemoteConfig(name, dir, exposes = { './routes': './src/routes.tsx' }) {
  return createAppConfig({ name, dir, port: DEV_PORTS[name], exposes, isHost: false });
}

module.exports = { createAppConfig, createRemoteConfig, sharedTable, DEV_PORTS };
