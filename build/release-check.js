// `npm run release:check -- <remote's mf-manifest.json URL or file>`: before a manifest points at a
// remote build, compare the singletons it requires (their `requiredVersion`) with the versions the
// shell provides (the shell's own built mf-manifest.json). The same rule the shell applies at run
// time (shell/src/features/remotes/skew.ts) with the same range check (the federation runtime's).
'use strict';

const { satisfy } = require('@module-federation/runtime-core');

/**
 * The remote's singleton requirements the shell's versions do not satisfy. Modules the shell does
 * not provide are the remote's own business (it brings its copy).
 * @param {unknown} remote the remote's mf-manifest.json
 * @param {unknown} shell the shell's mf-manifest.json
 * @returns {{ module: string, required: string, provided: string }[]}
 */
function findSkew(remote, shell) {
  const provided = new Map();
  for (const entry of sharedOf(shell)) {
    if (typeof entry.name === 'string' && typeof entry.version === 'string') provided.set(entry.name, entry.version);
  }
  const findings = [];
  for (const entry of sharedOf(remote)) {
    const { name, requiredVersion, singleton } = entry;
    if (singleton !== true || typeof name !== 'string' || typeof requiredVersion !== 'string') continue;
    if (requiredVersion === '' || requiredVersion === '*' || !provided.has(name)) continue;
    const version = provided.get(name);
    if (!satisfy(version, requiredVersion)) findings.push({ module: name, required: requiredVersion, provided: version });
  }
  return findings;
}

function sharedOf(manifest) {
  const shared = manifest && typeof manifest === 'object' ? manifest.shared : undefined;
  return Array.isArray(shared) ? shared.filter((entry) => entry && typeof entry === 'object') : [];
}

/** One line per finding: "remote_x needs react ^18.2.0; the shell provides 19.3.1". */
function report(remoteName, findings) {
  return findings.map((f) => `${remoteName} needs ${f.module} ${f.required}; the shell provides ${f.provided}`);
}

module.exports = { findSkew, report };
