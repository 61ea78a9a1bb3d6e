import fs from 'node:fs';
import path from 'node:path';

/**
 * /login must not download antd (docs/ARCHITECTURE.md "antd and /login"): nothing that the shell
 * loads before the signed-in layout may import antd or @ant-design. This walks the static imports
 * (not the lazy `import()`s) from the entry, as webpack does for the start-up chunks.
 */
const SRC = path.resolve(__dirname, '..');
const STATIC_IMPORT = /^\s*import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function staticGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (graph.has(file)) continue;
    const specs = [...fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((m) => m[1]!);
    graph.set(file, specs);
    for (const spec of specs) {
      if (!spec.startsWith('.')) continue;
      const next = resolveLocal(file, spec);
      if (next) todo.push(next);
    }
  }
  return graph;
}

test('the start-up code and the login page import no antd', () => {
  const files = [path.join(SRC, 'bootstrap.tsx'), path.join(SRC, 'features/auth/LoginPage.tsx')];
  const offenders: string[] = [];
  for (const entry of files) {
    for (const [file, specs] of staticGraph(entry)) {
      for (const spec of specs) {
        if (/^(antd|@ant-design)(\/|$)/.test(spec)) offenders.push(`${path.relative(SRC, file)} → ${spec}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});

test('the walk sees the pre-sign-in views (sanity check of the test itself)', () => {
  const seen = [...staticGraph(path.join(SRC, 'bootstrap.tsx')).keys()].map((f) => path.relative(SRC, f));
  expect(seen).toEqual(
    expect.arrayContaining([
      'app/router.tsx',
      'features/layout/RootLayout.tsx',
      'features/layout/InsecureBanner.tsx',
      'features/layout/LoadingOverlay.tsx',
      'features/remotes/RemoteError.tsx',
    ]),
  );
  expect(seen).not.toContain('features/layout/SignedInLayout.tsx');
});
