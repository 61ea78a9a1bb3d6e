// API tests: Fastify `app.inject` against PGlite (a migrated + seeded template data dir made once in
// globalSetup, copied per test file) and, when TEST_DATABASE_URL is set, against PostgreSQL too
// (one fresh database per test file, made from a template database and dropped afterwards).
// Runs from the root (`npx jest --selectProjects api`) and alone (`npm test -w api`).
// file-type 21 and its helpers (strtok3, token-types, uint8array-extras, @tokenizer/inflate,
// @borewit/text-codec) are ES modules only too (image uploads sniff their content with it), and so are
// openid-client 6 and its oauth4webapi and jose (single sign-on).
const ESM_ONLY =
  '(?:typebox|content-disposition|cookie|@electric-sql/pglite|file-type|strtok3|token-types|uint8array-extras|@tokenizer/inflate|@borewit/text-codec|openid-client|oauth4webapi|jose)';

module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$|^.+\\.[cm]js$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // A few dependencies ship only ES modules (typebox 1.x, content-disposition 3 under @fastify/static,
  // cookie 2 under light-my-request), and PGlite's CommonJS build loads Node modules with dynamic
  // import(), which jest's CommonJS sandbox refuses on Node 20. swc compiles them like our sources
  // (dynamic imports become require()); jest caches the result.
  transformIgnorePatterns: [`/node_modules/(?!${ESM_ONLY}/)(?!.*/node_modules/${ESM_ONLY}/)`],
  // file-type's package exports offer only import/module-sync conditions, which jest's CommonJS resolver
  // does not use: point it at the Node entry (swc compiles it, see above).
  // The contracts' TypeScript sources (tsc and webpack use the package's "newsdesk-source" condition).
  moduleNameMapper: {
    '^file-type$': require.resolve('file-type'),
    '^contracts/(schemas|rules|testing)/(.*)$': '<rootDir>/../contracts/src/$1/$2',
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
