#!/usr/bin/env node
// `npm run bench:start`: what a new user waits for after `git clone`. In a fresh clone of this
// repository's HEAD (a temp folder): `npm install`, then `npm start` until the server answers the
// login page, stopped, then `npm start` again with nothing changed. Prints the three times against
// the issue's goals (first start ≤ 90 s, second ≤ 15 s). Commit first: the clone takes HEAD.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 18290);
const GOALS = { first: 90, second: 15 };

/** Whether the server answers the login page (the SPA answers HTML requests). */
function answers() {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port: PORT, path: '/login', headers: { accept: 'text/html' } }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(1000, () => request.destroy());
  });
}

/** Seconds from `npm start` to the login page answering; the server is stopped afterwards. */
async function timeStart(dir, log) {
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    detached: true, // its own process group: npm, the build and the server stop together
    stdio: ['ignore', fs.openSync(log, 'a'), fs.openSync(log, 'a')],
    env: { ...process.env, PORT: String(PORT), DATA_DIR: path.join(dir, 'data') },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`npm start exited before the server answered; see ${log}`);
      if (await answers()) return (Date.now() - started) / 1000;
      if (Date.now() - started > 600_000) throw new Error(`no answer after 600 s; see ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    while (!exited) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

if (await answers()) throw new Error(`port ${PORT} already answers: set BENCH_PORT`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-bench-start-'));
const log = path.join(dir, 'bench-start.log');
try {
  execFileSync('git', ['clone', '-q', ROOT, dir]);
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir }).toString().trim();
  console.log(`bench:start in a fresh clone of ${head} (${dir}), server on port ${PORT}`);
  const installStarted = Date.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: ['ignore', fs.openSync(log, 'a'), fs.openSync(log, 'a')],
  });
  const install = (Date.now() - installStarted) / 1000;
  const first = await timeStart(dir, log);
  const second = await timeStart(dir, log);
  const row = (name, seconds, goal) =>
    `  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s${goal ? `  (goal ≤ ${goal} s) ${seconds <= goal ? 'met' : 'NOT met'}` : ''}`;
  console.log(row('npm install', install));
  console.log(row('npm start → login page answers (first)', first, GOALS.first));
  console.log(row('npm start → login page answers (second)', second, GOALS.second));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
