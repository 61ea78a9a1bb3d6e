#!/usr/bin/env node
// `npm test`: every stage in order, stopping at the first failure, and the time each took.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['unit and API tests', ['run', 'test:unit']],
  ['browser tests', ['run', 'test:e2e']],
];

const times = [];
let failed = null;
for (const [name, args] of STAGES) {
  const started = Date.now();
  console.log(`\n== ${name}`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  times.push([name, (Date.now() - started) / 1000]);
  if (result.status !== 0) {
    failed = name;
    break;
  }
}
console.log('\n== stage times');
for (const [name, seconds] of times) console.log(`${name.padEnd(20)} ${seconds.toFixed(1).padStart(7)} s`);
if (failed) {
  console.error(`\n${failed} failed`);
  process.exit(1);
}
