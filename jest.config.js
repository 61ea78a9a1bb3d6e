// `npm run test:unit`: every workspace's unit and API tests in one run.
// Each workspace also runs alone with `npm test -w <workspace>`.
module.exports = {
  // testTimeout is a global option: the projects' own values apply only when a workspace runs alone.
  testTimeout: 30000,
  projects: [
    '<rootDir>/build',
    '<rootDir>/contracts',
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/remote-articles',
    '<rootDir>/remote-categories',
    '<rootDir>/remote-importers',
    '<rootDir>/remote-admin',
    '<rootDir>/remote-desk',
    '<rootDir>/api',
  ],
};
