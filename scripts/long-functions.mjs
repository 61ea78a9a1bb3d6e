#!/usr/bin/env node
// Lists production functions longer than the team guide's ≈80 lines (ESLint's max-lines-per-function,
// counting every line from the function's first to its last, comments and blank lines included), longest first.
// Report only: it never fails. Tests, test support, migrations and type declarations are not counted.
//
//   node scripts/long-functions.mjs            functions over 80 lines and their count
//   node scripts/long-functions.mjs --max 60   another limit
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const maxIndex = process.argv.indexOf('--max');
const MAX = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : 80;
const WORKSPACES = [
  'api/src',
  'contracts/src',
  'shared/src',
  'shell/src',
  'remote-articles/src',
  'remote-categories/src',
  'remote-importers/src',
  'remote-admin/src',
  'remote-desk/src',
];

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      ignores: [
        '**/node_modules/**',
        '**/*.test.{ts,tsx}',
        '**/test/**',
        '**/testing/**',
        '**/testSupport.{ts,tsx}',
        '**/*Fixture.{ts,tsx}',
        '**/*.d.ts',
        'api/src/db/migrations/**',
      ],
    },
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      rules: { 'max-lines-per-function': ['warn', { max: MAX, skipBlankLines: false, skipComments: false, IIFEs: true }] },
    },
  ],
});

const results = await eslint.lintFiles(WORKSPACES.map((dir) => `${dir}/**/*.{ts,tsx}`));
const found = results.flatMap((result) =>
  result.messages
    .filter((message) => message.ruleId === 'max-lines-per-function')
    .map((message) => ({
      file: path.relative(ROOT, result.filePath),
      line: message.line,
      lines: Number(/has too many lines \((\d+)\)/.exec(message.message)?.[1] ?? 0),
      name: /^(.*) has too many lines/.exec(message.message)?.[1] ?? '',
    })),
);
found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
console.log(`${found.length} production functions over ${MAX} lines`);
