#!/usr/bin/env node
// The browser tests need Debian's Chromium (never a downloaded browser). When it is missing and this
// machine can install it (root with apt-get, as `.ci/run` does), install it; else stop with the one
// command to run. Exit 0 when Chromium is there afterwards.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.E2E_CHROMIUM || '/usr/bin/chromium';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt && !process.env.E2E_CHROMIUM) {
  console.log(`Chromium not found at ${CHROMIUM}: installing it with apt-get (about 30 s)…`);
  if (run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium']) && fs.existsSync(CHROMIUM)) {
    process.exit(0);
  }
}
console.error(
  `Chromium not found at ${CHROMIUM}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n\n(or point E2E_CHROMIUM at a Chromium binary).`,
);
process.exit(1);
