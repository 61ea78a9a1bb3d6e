// The rules' and schemas' own tests (pure modules: node environment).
module.exports = {
  displayName: 'contracts',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // typebox 1.x ships ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
  moduleNameMapper: { '^contracts/(schemas|rules|testing)/(.*)$': '<rootDir>/src/$1/$2' },
};
