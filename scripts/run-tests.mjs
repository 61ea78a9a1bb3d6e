#!/usr/bin/env node
// `npm test`: every stage in order, stopping at the first failed stage, and the time each took.
// The first stage runs lint, typecheck and the production build side by side: lint and most of the
// build use one core each and the machines have two, so together they take little more than the
// longest of them; the browser-test stage then finds the build up to date (build.mjs --if-changed).
import { spawn } from 'node:child_process';

const STAGES = [
  [
    ['lint', ['run', 'lint']],
    ['typecheck', ['run', 'typecheck']],
    ['build', ['run', 'build:if-changed']],
  ],
  [['unit and API tests', ['run', 'test:unit']]],
  [['browser tests', ['run', 'test:e2e']]],
];

/** Runs `npm <args>`; with `buffered` its output is printed in one piece when it ends (no interleaving). */
function run(name, args, buffered) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffered)
        process.stdout.write(`\n== ${name} (${code === 0 ? 'ok' : 'FAILED'}, ${seconds.toFixed(1)} s)\n${Buffer.concat(chunks)}`);
      resolve({ name, seconds, ok: code === 0 });
    });
  });
}

const started = Date.now();
const times = [];
let failed = [];
for (const stage of STAGES) {
  const stageStarted = Date.now();
  const names = stage.map(([name]) => name);
  console.log(`\n== ${names.join(' + ')}`);
  const results = await Promise.all(stage.map(([name, args]) => run(name, args, stage.length > 1)));
  times.push(...results.map(({ name, seconds }) => [name, seconds]));
  if (stage.length > 1) times.push([`(${names.join(' + ')}: together)`, (Date.now() - stageStarted) / 1000]);
  failed = results.filter((result) => !result.ok).map((result) => result.name);
  if (failed.length > 0) break;
}
times.push(['all', (Date.now() - started) / 1000]);
console.log('\n== stage times');
for (const [name, seconds] of times) console.log(`${name.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s`);
if (failed.length > 0) {
  console.error(`\n${failed.join(', ')} failed`);
  process.exit(1);
}
