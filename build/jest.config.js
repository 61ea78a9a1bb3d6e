// The build modules' own tests (plain Node CommonJS: no transform).
module.exports = {
  displayName: 'build',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.js'],
  transform: {},
};
