// The rc-components (@rc-component/*: antd's building blocks) in the share table, so that a remote
// uses the shell's copy of those the shell has loaded (trigger, motion, portal… under antd's
// ConfigProvider and message) instead of fetching and running its own: one instance of each
// (@rc-component/trigger's UniqueProvider context must be the one antd's ConfigProvider sets).
'use strict';

const fs = require('fs');
const path = require('path');
const { ROOT } = require('./versions');
const { importCycles } = require('./import-cycles');

const SCOPE = '@rc-component';

/**
 * The rc-components the shell's signed-in layout loads (antd's ConfigProvider and message use
 * them): shared, so a remote runs the shell's. The others (and @rc-component/util: helpers, imported
 * by subpath all over antd, cheaper tree-shaken in each app than shared whole) stay inside each app's antd components,
 * where webpack keeps only what is used (a shared module is never tree-shaken: antd's input needs
 * one provider of @rc-component/form, not the whole form library).
 */
const SHELL_RC_COMPONENTS = ['@rc-component/motion', '@rc-component/portal', '@rc-component/resize-observer', '@rc-component/trigger'];

/** The installed @rc-component packages with their version and the @rc-component packages they depend on. */
function rcComponentPackages(root = ROOT) {
  const dir = path.join(root, 'node_modules', SCOPE);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, name, 'package.json'), 'utf8'));
      const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).filter((dep) => dep.startsWith(`${SCOPE}/`));
      return { name: `${SCOPE}/${name}`, version: pkg.version, deps };
    });
}

/**
 * Each of those packages under its name (what antd imports: '@rc-component/trigger', '@rc-component/util'),
 * a singleton under its installed version. Not its subpaths ('@rc-component/util/es/raf', locale
 * data): those stay inside the code that imports them (a few small stateless modules), so a remote
 * does not fetch its own copy of a package for a subpath the shell happens not to import. A shared
 * module that waited for itself through a cycle would hang the page: the build fails here on a
 * cycle between the packages (none in the installed set).
 */
function rcComponentShares(packages = rcComponentPackages().filter((p) => SHELL_RC_COMPONENTS.includes(p.name))) {
  const cycles = importCycles(new Map(packages.map((p) => [p.name, p.deps])));
  if (cycles.length > 0) {
    throw new Error(
      `build/rc-component-shares.js: @rc-component packages depend on each other in a cycle, which would hang at run time: ` +
        `${cycles.map((c) => c.join(' → ')).join('; ')}. Review the rc-component sharing before upgrading antd.`,
    );
  }
  const out = {};
  for (const { name, version } of packages) {
    out[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return out;
}

module.exports = { rcComponentShares, rcComponentPackages, SHELL_RC_COMPONENTS };
