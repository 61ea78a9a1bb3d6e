// Production code says why, as it is now: no issue or defect numbers (history belongs in git) and no
// paths outside the repository (a clone does not have them). Tests, browser tests and benches may
// name what they reproduce.
const { expect, test } = require('@jest/globals');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const NOT_PRODUCTION = /(\.test\.|\/test\/|\/testing\/|^e2e\/|\/bench\/)/;
const HISTORY = /\b(issue|defect) ?#?\d+/i;
const OUTSIDE = /\.\.\/shared\//;

function productionFiles() {
  const listed = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return listed.filter((file) => SOURCE.test(file) && !NOT_PRODUCTION.test(file) && fs.existsSync(path.join(ROOT, file)));
}

test('no production source names an issue, a defect or a path outside the repository', () => {
  const found = [];
  for (const file of productionFiles()) {
    fs.readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (HISTORY.test(line) || OUTSIDE.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});

test('the check sees what it looks for', () => {
  expect(HISTORY.test('// fixed in issue 15, part 2')).toBe(true);
  expect(HISTORY.test(' * (issue 11 defect 20)')).toBe(true);
  expect(OUTSIDE.test('// see ../shared/stack-notes.md')).toBe(true);
  expect(HISTORY.test('// the tissue 3 layers')).toBe(false);
  expect(productionFiles()).toContain('api/src/app.ts');
  expect(productionFiles()).not.toContain('api/test/helpers.ts');
});
