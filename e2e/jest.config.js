// Browser tests: real shell + remotes + API + database in headless Chromium.
// Not part of the root `jest` projects; run with `npm test -w e2e` (after `npm run build`).
const path = require('path');

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.e2e.test.ts'],
  // Node environment that screenshots the registered pages when a test fails (e2e/artifacts/).
  testEnvironment: path.join(__dirname, 'support', 'environment.js'),
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  globalSetup: path.join(__dirname, 'support', 'global-setup.js'),
  globalTeardown: path.join(__dirname, 'support', 'global-teardown.js'),
  testTimeout: 120_000,
  // One browser + API per file, two files at once: much of a browser test is waiting (for a
  // response, a render, the scheduled-publishing minute), so two on two cores take little more
  // than the longer one. Each worker picks its ports from its own block (support/product.js).
  maxWorkers: 2,
  slowTestThreshold: 60,
};
