// Versions of the shared packages: what is installed at the root (npm workspaces hoist everything
// there) and the range each app declares.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Version of `pkg` installed under `root`/node_modules, or undefined. */
function installedVersion(pkg, root = ROOT) {
  const file = path.join(root, 'node_modules', pkg, 'package.json');
  return fs.existsSync(file) ? readJson(file).version : undefined;
}

/**
 * requiredVersion of a shared package: the range the app declares in its package.json, else the
 * root's, else `^installed`, else false (no check). Singletons never fail on a mismatch
 * (strictVersion false): the runtime warns and keeps the one loaded instance.
 */
function requiredVersionOf(pkg, appPkg, root = ROOT) {
  const rootPkg = readJson(path.join(root, 'package.json'));
  const declared = [appPkg.dependencies, appPkg.peerDependencies, rootPkg.dependencies, rootPkg.devDependencies]
    .map((deps) => deps && deps[pkg])
    .find(Boolean);
  if (declared && /^[\^~]?\d/.test(declared)) return declared;
  const installed = installedVersion(pkg, root);
  return installed ? `^${installed}` : false;
}

module.exports = { ROOT, readJson, installedVersion, requiredVersionOf };
