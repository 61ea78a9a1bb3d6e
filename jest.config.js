// `npm run test:unit`: every workspace's unit and API tests in one run.
// Each workspace also runs alone with `npm test -w <workspace>`.
module.exports = {
  projects: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/remote-articles',
    '<rootDir>/remote-categories',
    '<rootDir>/remote-importers',
    '<rootDir>/api',
  ],
};
