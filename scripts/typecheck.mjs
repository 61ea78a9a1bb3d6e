#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` of every workspace, two at a time (the machines have 2 cores),
// each with an incremental build-info file so a repeated check only looks at what changed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The slowest first, so the two lanes finish together.
const PROJECTS = [
  'remote-articles',
  'api',
  'remote-importers',
  'remote-categories',
  'remote-admin',
  'remote-desk',
  'shell',
  'e2e',
  'shared',
  'contracts',
];
const PARALLEL = Number(process.env.TYPECHECK_PARALLEL || 2);
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  const started = Date.now();
  const args = [
    TSC,
    '-p',
    project,
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    path.join(ROOT, 'node_modules', '.cache', 'tsc', `${project}.tsbuildinfo`),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let failed = false;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      if (!(await check(project))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
