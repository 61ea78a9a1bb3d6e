#!/usr/bin/env node
// `npm run release:check -- <mf-manifest.json URL or file> [--shell <shell's mf-manifest.json URL or file>]`
// Exits 1, naming each module and both versions, when the remote requires a singleton in a version
// the shell does not provide (build/release-check.js); 0 when it may be released. The shell's
// manifest defaults to shell/dist/mf-manifest.json (build the shell first).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { findSkew, report } = require('../build/release-check.js');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function readManifest(where) {
  if (/^https?:\/\//.test(where)) {
    const response = await fetch(where, { signal: AbortSignal.timeout(15000) });
    if (!response.ok) throw new Error(`${where} answered HTTP ${response.status}`);
    return response.json();
  }
  return JSON.parse(fs.readFileSync(path.resolve(where), 'utf8'));
}

const args = process.argv.slice(2);
const shellAt = args.indexOf('--shell');
const shellWhere = shellAt >= 0 ? args[shellAt + 1] : path.join(ROOT, 'shell', 'dist', 'mf-manifest.json');
const remoteWhere = args.find((arg, i) => !arg.startsWith('--') && (shellAt < 0 || i !== shellAt + 1));
if (!remoteWhere || !shellWhere) {
  console.error('usage: npm run release:check -- <mf-manifest.json URL or file> [--shell <URL or file>]');
  process.exit(2);
}

try {
  const [remote, shell] = await Promise.all([readManifest(remoteWhere), readManifest(shellWhere)]);
  const name = typeof remote?.name === 'string' ? remote.name : remoteWhere;
  const findings = findSkew(remote, shell);
  if (findings.length > 0) {
    for (const line of report(name, findings)) console.error(`release:check: ${line}`);
    console.error(`release:check: ${name} must not be released against this shell.`);
    process.exit(1);
  }
  console.log(`release:check: ${name} fits the shell (every singleton requirement is met).`);
} catch (error) {
  console.error(`release:check: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
