// ESLint (flat config). `npm run lint`; `npm test` runs it before the unit tests.
// No type-aware rules: they would cost minutes on the 2-core machines this runs on.
// The import zones below are the architecture's boundaries (docs/ARCHITECTURE.md):
//   front ends:  app → features → the workspace's own lower folders → `shared` / `contracts`
//   workspaces:  a remote never imports another remote or the shell; `shared` only through its exports map
//   api:         routes/plugins → services/import engine → repositories → domain (pure rules) → db → lib
//                (nothing imports upward; the same order as api/test/layers.test.ts),
//                `kysely` only in repositories and db
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const FRONT_ENDS = ['shell', 'remote-articles', 'remote-categories', 'remote-importers', 'remote-admin', 'remote-desk'];

const abs = (...parts) => path.join(ROOT, ...parts);
const subfolders = (dir) =>
  fs.existsSync(abs(dir))
    ? fs
        .readdirSync(abs(dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

// Test support (fixtures, stubs) may set up any layer; it is imported by tests only.
const TEST_SUPPORT_FOLDERS = new Set(['test', 'testing']);

/** Zones of one front end: app → features → the rest of src (ui, i18n…). */
function frontEndZones(workspace) {
  const src = `${workspace}/src`;
  const features = subfolders(`${src}/features`);
  const lowerFolders = subfolders(src).filter((name) => !['app', 'features'].includes(name) && !TEST_SUPPORT_FOLDERS.has(name));
  return [
    {
      target: abs(src, 'features'),
      from: abs(src, 'app'),
      message: 'A feature never imports app/: move what both need into the feature or a lower folder.',
    },
    ...lowerFolders.map((folder) => ({
      target: abs(src, folder),
      from: [abs(src, 'app'), abs(src, 'features')],
      message: `${folder}/ sits below app/ and features/ and never imports them.`,
    })),
    // A feature uses another feature only through its public index.
    ...features.flatMap((feature) =>
      features
        .filter((other) => other !== feature)
        .map((other) => ({
          target: abs(src, 'features', feature),
          from: abs(src, 'features', other),
          except: ['./index.ts', './index.tsx'],
          message: `Import the feature "${other}" through its index (features/${other}), not its internals.`,
        })),
    ),
  ];
}

/** Each front end stays inside itself; shared and contracts import none of them. */
const workspaceZones = [
  ...FRONT_ENDS.map((workspace) => ({
    target: abs(workspace),
    from: FRONT_ENDS.filter((other) => other !== workspace).map((other) => abs(other)),
    message:
      workspace === 'shell'
        ? 'The shell loads the remotes through Module Federation only, never by import.'
        : 'A remote never imports another remote or the shell: move what both need into shared/ or contracts/.',
  })),
  {
    target: [abs('shared'), abs('contracts')],
    from: [...FRONT_ENDS, 'api', 'e2e'].map((name) => abs(name)),
    message: 'shared/ and contracts/ sit below every app and import none of them.',
  },
  {
    target: abs('contracts'),
    from: abs('shared'),
    message: 'contracts/ sits below shared/.',
  },
];

// The API's layers, top to bottom. db/seed*.ts are command-line entry points (like server.ts), not the db layer.
const API = (...parts) => abs('api/src', ...parts);
const HTTP_LAYER = [API('routes'), API('plugins'), API('app.ts'), API('server.ts')];
const SERVICE_LAYER = [API('services'), API('import')];
const DB_LAYER_FILES = fs
  .readdirSync(API('db'))
  .filter((name) => !name.startsWith('seed'))
  .map((name) => API('db', name));
const apiZones = [
  {
    target: SERVICE_LAYER,
    from: HTTP_LAYER,
    message: 'Services, domain and the import engine never import the HTTP layer (routes, plugins).',
  },
  {
    target: API('repositories'),
    from: [...HTTP_LAYER, ...SERVICE_LAYER],
    message: 'Repositories never import routes, plugins, services or the import engine: pass plain data in.',
  },
  {
    // Pure rules (like contracts/rules): any layer above may use them; they use no database and no HTTP.
    target: API('domain'),
    from: [...HTTP_LAYER, ...SERVICE_LAYER, API('repositories')],
    message: 'domain/ holds pure rules: it imports no routes, plugins, services, import engine or repositories.',
  },
  {
    target: DB_LAYER_FILES,
    from: [...HTTP_LAYER, ...SERVICE_LAYER, API('repositories'), API('domain')],
    message: 'db/ is the bottom layer and imports no layer above it.',
  },
  {
    target: API('lib'),
    from: [...HTTP_LAYER, ...SERVICE_LAYER, API('repositories'), API('domain'), API('db')],
    message: 'lib/ holds helpers every layer may use; it imports none of them.',
  },
];

const SHARED_DEEP_IMPORT = {
  regex: '(^|/)shared/src(/|$)',
  message: "Import shared through its exports map ('shared', 'shared/ui/…', 'shared/test/…'; see shared/package.json).",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.cache/**',
      'api/test/fixtures/**',
      'e2e/artifacts/**',
      '**/data/**',
      '**/*.d.ts',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      // Without a parser for .ts dependencies, rules that follow imports into other files (no-cycle)
      // see nothing there: they need the TypeScript parser for them as for the linted file.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
          conditionNames: ['newsdesk-source', 'types', 'import', 'require', 'default'],
          mainFields: ['types', 'module', 'main'],
        }),
      ],
    },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      // tsc (strict, noUnusedLocals off) is the judge of undefined names in TypeScript.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `typeof import('./module')` stays allowed: tests type what jest.isolateModules / requireActual return.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // The API tests read the JSON bodies they assert on (typed by what they assert, not by a schema).
    files: ['api/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Kysely's own idiom: a migration (and the migrator and dialect that run them) must not depend on
    // today's schema type, so it takes Kysely<any>.
    files: ['api/src/db/migrations/**', 'api/src/db/migrate.ts', 'api/src/db/pglite-dialect.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [...FRONT_ENDS, 'shared'].map((workspace) => `${workspace}/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...workspaceZones, ...FRONT_ENDS.flatMap(frontEndZones), ...apiZones] }],
      // Type-only imports vanish at run time and are no cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SHARED_DEEP_IMPORT] }],
    },
  },
  {
    // contracts/testing (fixtures) is for tests: its package export has no built file, and a bundle must not carry it.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', '**/testSupport.{ts,tsx}', '**/*Fixture.{ts,tsx}', 'e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^contracts/testing(/|$)',
              message: 'contracts/testing holds test fixtures: import it from tests and test support only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The database library stays in the repositories and db/ (a type-only import to pass the handle on is fine).
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/repositories/**', 'api/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [SHARED_DEEP_IMPORT],
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'SQL lives in api/src/repositories (or db/ for migrations): call a repository function.',
            },
          ],
        },
      ],
    },
  },
);
