// The API's layer rule, as an executable test until ESLint import zones take it over: a plain scan
// of the import lines and the query-builder calls under api/src, kept simple on purpose.
//   routes (HTTP: parse, authorise, call, shape) → services (workflows) → repositories (all SQL)
//   → domain (pure rules) → db → lib
// A file may import its own layer and the layers below it, never one above; SQL (Kysely's
// query builder or `sql` templates) lives in repositories and db only.
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '..', 'src');

const LAYERS = ['lib', 'db', 'domain', 'repositories', 'services', 'http'] as const;
type Layer = (typeof LAYERS)[number];

/** The layer of a file (its path under api/src, with '/'); undefined = not placed yet (a failure). */
export function layerOf(file: string): Layer | undefined {
  if (/^(routes|plugins)\//.test(file) || /^(app|server)\.ts$/.test(file)) return 'http';
  // The import engine runs imports (a workflow); the seed scripts fill the database through the repositories,
  // and preparing the database (migrate, then seed) is a workflow over both.
  if (/^(services|import)\//.test(file) || /^db\/(seed|demo-data|prepare|migrate-cli)/.test(file)) return 'services';
  if (/^repositories\//.test(file)) return 'repositories';
  if (/^domain\//.test(file)) return 'domain';
  if (/^db\//.test(file)) return 'db';
  if (/^lib\//.test(file) || file === 'config.ts') return 'lib';
  return undefined;
}

const QUERY_BUILDER =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\s*\(|\bsql\s*(`|<)|import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/;

/** Where the relative imports of a source point, as paths under api/src ('' for packages). */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)'([^']+)'/gm)].map(
    (match) => match[1] as string,
  );
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
}

/** Resolves an import to a source file ('x' → 'x.ts' or 'x/index.ts'). */
function sourceFile(target: string, files: ReadonlySet<string>): string {
  for (const candidate of [target, `${target}.ts`, `${target}/index.ts`]) if (files.has(candidate)) return candidate;
  return `${target}.ts`;
}

/** Every breach of the rule in `sources` (path under api/src → text). */
export function layerViolations(sources: ReadonlyMap<string, string>): string[] {
  const files = new Set(sources.keys());
  const found: string[] = [];
  for (const [file, text] of sources) {
    const layer = layerOf(file);
    if (!layer) {
      found.push(`${file}: in no layer (place it in layerOf)`);
      continue;
    }
    for (const target of importsOf(file, text)) {
      const imported = sourceFile(target, files);
      const targetLayer = layerOf(imported);
      if (targetLayer && LAYERS.indexOf(targetLayer) > LAYERS.indexOf(layer)) {
        found.push(`${file} (${layer}) imports ${imported} (${targetLayer}): upward`);
      }
    }
    const sqlAllowed = layer === 'repositories' || file.startsWith('db/'); // db/ includes the migrations and seeds
    if (!sqlAllowed) {
      text.split('\n').forEach((line, index) => {
        if (QUERY_BUILDER.test(line)) found.push(`${file}:${index + 1} (${layer}) runs SQL outside the repositories: ${line.trim()}`);
      });
    }
  }
  return found;
}

function readSources(dir: string, prefix = ''): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) for (const [file, text] of readSources(path.join(dir, entry.name), `${relative}/`)) sources.set(file, text);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
      sources.set(relative, fs.readFileSync(path.join(dir, entry.name), 'utf8'));
  }
  return sources;
}

describe('API layers', () => {
  it('no file of api/src imports a layer above its own or runs SQL outside the repositories', () => {
    const sources = readSources(SRC);
    expect(sources.size).toBeGreaterThan(50);
    expect(layerViolations(sources)).toEqual([]);
  });

  // The scan itself: each kind of breach is caught, so the test above can fail.
  it.each([
    ['repositories/x.ts', "import { a } from '../routes/article-editor/preview';", 'upward'],
    ['services/x.ts', "import type { A } from '../routes/article-list/schemas';", 'upward'],
    ['repositories/x.ts', "import { s } from '../services/article-editor';", 'upward'],
    ['domain/x.ts', "export { r } from '../repositories/articles';", 'upward'],
    ['lib/x.ts', "import { d } from '../domain/article-state';", 'upward'],
    ['routes/x/index.ts', "const row = await app.db.selectFrom('users').selectAll().execute();", 'outside the repositories'],
    ['services/x.ts', "await trx\n  .updateTable('articles')", 'outside the repositories'],
    ['routes/x/index.ts', "import { sql } from 'kysely';", 'outside the repositories'],
    ['services/x.ts', 'await sql`select 1`.execute(db);', 'outside the repositories'],
    ['helpers/x.ts', '', 'in no layer'],
  ])('%s: %s is refused (%s)', (file, text, reason) => {
    const found = layerViolations(new Map([[file, text]]));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(reason);
  });

  it.each([
    ['routes/x/index.ts', "import { s } from '../../services/article-editor';\nimport { r } from '../../repositories/tags';"],
    ['services/x.ts', "import type { Kysely, Transaction } from 'kysely';\nawait db.transaction().execute(work);"],
    [
      'repositories/x.ts',
      "import { sql, type Kysely } from 'kysely';\nimport type { ArticleForm } from '../domain/article-form';\ndb.selectFrom('t');",
    ],
    ['db/migrations/0099_x.ts', "import { sql } from 'kysely';\nawait sql`create table t ()`.execute(db);"],
  ])('%s: allowed', (file, text) => {
    expect(layerViolations(new Map([[file, text]]))).toEqual([]);
  });
});
