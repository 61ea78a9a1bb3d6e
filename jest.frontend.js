// Jest settings every front-end workspace (shared, shell, remotes) shares.
const path = require('path');

module.exports = function frontendJestConfig(dir) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    // jsdom with a larger selector cache (see the file).
    testEnvironment: path.join(__dirname, 'jest.environment.frontend.js'),
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
      ],
    },
    // antd ships ESM in es/; jest runs the CommonJS build in lib/.
    moduleNameMapper: {
      '^antd/es/(.*)$': 'antd/lib/$1',
      // The contracts' TypeScript sources (webpack and tsc use the package's "newsdesk-source" condition).
      '^contracts/(schemas|rules|testing)/(.*)$': path.join(__dirname, 'contracts/src/$1/$2'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.frontend.ts')],
  };
};
