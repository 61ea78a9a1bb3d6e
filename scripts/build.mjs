#!/usr/bin/env node
// `npm start` builds with --if-changed: each part (the API, the shell, each remote) is rebuilt only
// when one of its inputs changed since its last build (a hash of them is kept in its dist folder),
// so a second start with nothing changed goes straight to the server.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMON_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'contracts/src',
  'contracts/package.json',
  'shared/src',
  'shared/package.json',
];
const FRONT_END_INPUTS = ['webpack.common.js', 'build'];
const PARTS = [
  // The API loads the contracts' compiled schemas and rules at run time.
  { workspace: 'contracts', stamp: 'contracts/dist/.build-hash', inputs: ['contracts/tsconfig.json', 'contracts/tsconfig.build.json'] },
  {
    workspace: 'api',
    stamp: 'api/dist/.build-hash',
    inputs: ['api/src', 'api/package.json', 'api/tsconfig.json', 'api/tsconfig.build.json'],
  },
  ...['shell', 'remote-articles', 'remote-categories', 'remote-importers', 'remote-admin', 'remote-desk'].map((workspace) => ({
    workspace,
    stamp: `${workspace}/dist/.build-hash`,
    inputs: [
      `${workspace}/src`,
      `${workspace}/public`,
      `${workspace}/package.json`,
      `${workspace}/tsconfig.json`,
      `${workspace}/webpack.config.js`,
      ...FRONT_END_INPUTS,
    ],
  })),
];

function addToHash(hash, relative) {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(full).sort()) addToHash(hash, path.join(relative, entry));
    return;
  }
  hash.update(relative);
  hash.update('\0');
  hash.update(fs.readFileSync(full));
  hash.update('\0');
}

function inputHash(part) {
  const hash = crypto.createHash('sha256');
  for (const input of [...COMMON_INPUTS, ...part.inputs]) addToHash(hash, input);
  // The build label, the guidelines link and the remote time-out are baked into the bundles.
  hash.update(`${process.env.NEWSDESK_BUILD_LABEL ?? ''}\0${process.env.NEWSDESK_GUIDELINES_URL ?? ''}`);
  if (process.env.NEWSDESK_REMOTE_TIMEOUT_MS) hash.update(`\0${process.env.NEWSDESK_REMOTE_TIMEOUT_MS}`);
  return hash.digest('hex');
}

const ifChanged = process.argv.includes('--if-changed');
for (const part of PARTS) {
  const hash = inputHash(part);
  const stampFile = path.join(ROOT, part.stamp);
  if (ifChanged && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === hash) {
    console.log(`${part.workspace}: up to date`);
    continue;
  }
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, hash);
  console.log(`${part.workspace}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
