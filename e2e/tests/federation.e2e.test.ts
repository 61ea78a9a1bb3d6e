/**
 * Shared singletons: after visiting every screen (all three remotes loaded into the shell), each
 * shared package has exactly one loaded instance, and React's code was fetched only once.
 */
import type { Page } from 'playwright-core';
import {
  USERS,
  login,
  navLink,
  networkSettled,
  newPage,
  openNewImportThroughNavbar,
  pathOf,
  remoteLabel,
  shot,
  visible,
  type PageLog,
  withApiAndBrowser,
} from '../support';

/** Packages that must be one instance at run time (docs/ARCHITECTURE.md, Module Federation). */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@ant-design/cssinjs',
  // antd's ConfigProvider sets @rc-component/trigger's context that every popup of every remote reads.
  '@rc-component/trigger',
  'i18next',
  'react-i18next',
  'axios',
  'shared',
];

/** Source signatures that survive minification, one per React module. */
const REACT_SIGNATURES: Record<string, RegExp> = {
  // react-dom/client (the reconciler) registers itself with the devtools under this name.
  'react-dom/client': /rendererPackageName\s*:\s*["']react-dom["']/,
  // react (core) defines the compiler runtime export.
  react: /__COMPILER_RUNTIME\s*=/,
  // react/jsx-runtime defines jsxs.
  'react/jsx-runtime': /\.jsxs\s*=/,
};

interface ShareEntry {
  instance: string;
  scope: string;
  version: string;
  from: string;
  loaded: boolean;
  useIn: string[];
  /** Same number = same object in memory. */
  identity: number;
}

async function readShareScope(page: Page): Promise<Record<string, ShareEntry[]>> {
  return page.evaluate(() => {
    type Shared = { from?: string; loaded?: boolean; lib?: unknown; useIn?: string[] };
    const fed = (
      window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }
    ).__FEDERATION__;
    const out: Record<string, ShareEntry[]> = {};
    const ids = new Map<object, number>();
    for (const [instance, scopes] of Object.entries(fed?.__SHARE__ ?? {})) {
      for (const [scope, pkgs] of Object.entries(scopes ?? {})) {
        for (const [pkg, versions] of Object.entries(pkgs ?? {})) {
          for (const [version, shared] of Object.entries(versions ?? {})) {
            if (!ids.has(shared)) ids.set(shared, ids.size + 1);
            (out[pkg] ??= []).push({
              instance,
              scope,
              version,
              from: String(shared.from ?? ''),
              loaded: Boolean(shared.loaded || shared.lib),
              useIn: [...(shared.useIn ?? [])],
              identity: ids.get(shared)!,
            });
          }
        }
      }
    }
    return out;
  });
}

/** Distinct loaded instances of a package: by object identity, and by version + provider. */
function loadedInstances(entries: ShareEntry[] = []) {
  const loaded = entries.filter((e) => e.loaded);
  return {
    objects: new Set(loaded.map((e) => e.identity)).size,
    providers: [...new Set(loaded.map((e) => `${e.version} from ${e.from}`))],
  };
}

const e2e = withApiAndBrowser();
let page: Page;
let log: PageLog;
let share: Record<string, ShareEntry[]>;

beforeAll(async () => {
  ({ page, log } = await newPage(e2e.browser, e2e.api.url));

  // Visit every screen in one page (client-side navigation), so all remotes live together.
  await login(page, USERS.admin);
  await visible(remoteLabel(page, 'remote-articles'));
  await openNewImportThroughNavbar(page);
  await navLink(page, 'Categories').click();
  await visible(remoteLabel(page, 'remote-categories'));
  await navLink(page, 'Users').click();
  await visible(remoteLabel(page, 'remote-admin'));
  await navLink(page, 'Articles').click();
  await page.waitForURL((url) => url.pathname === '/articles');
  await visible(remoteLabel(page, 'remote-articles'));
  await networkSettled(page);
  await shot(page, 'federation-all-screens-visited');
  share = await readShareScope(page);
});

test('all four remotes were loaded into the one page', async () => {
  expect(pathOf(page)).toBe('/articles');
  const remoteEntries = log.scripts.filter((s) => /\/remoteEntry\.js/.test(s.url)).map((s) => new URL(s.url).pathname);
  for (const folder of ['remote-articles', 'remote-categories', 'remote-importers', 'remote-admin']) {
    expect(remoteEntries.some((p) => p.includes(folder))).toBe(true);
  }
});

test.each(SINGLETONS)('__FEDERATION__.__SHARE__ holds exactly one loaded %s', (pkg) => {
  const found = loadedInstances(share[pkg]);
  if (found.objects !== 1 || found.providers.length !== 1) {
    throw new Error(`${pkg}: expected one loaded instance, got ${JSON.stringify(share[pkg] ?? null, null, 1)}`);
  }
});

test('each antd piece (antd and its per-component subpaths) is loaded at most once, and antd is used', () => {
  const pieces = Object.keys(share).filter((pkg) => pkg === 'antd' || pkg.startsWith('antd/'));
  const used = pieces.filter((pkg) => loadedInstances(share[pkg]).objects > 0);
  expect(used.length).toBeGreaterThan(0);
  const duplicated = pieces.map((pkg) => ({ pkg, ...loadedInstances(share[pkg]) })).filter((p) => p.objects > 1 || p.providers.length > 1);
  expect(duplicated).toEqual([]);
});

test('one React instance: the shell and every remote use the same loaded react', () => {
  const react = share.react!.filter((e) => e.loaded);
  // The single loaded react object is the one every instance's share scope points at…
  expect(new Set(react.map((e) => e.identity)).size).toBe(1);
  expect(new Set(react.map((e) => e.from))).toEqual(new Set(['shell']));
  // …and the runtime recorded the shell and all four remotes as its users.
  const users = new Set(react.flatMap((e) => e.useIn));
  expect([...users].sort()).toEqual(
    expect.arrayContaining(['remote_admin', 'remote_articles', 'remote_categories', 'remote_importers', 'shell']),
  );
  // Hooks from the remotes ran against the shell's React: no invalid-hook-call errors.
  const hookErrors = [...log.pageErrors, ...log.consoleErrors].filter((t) =>
    /Invalid hook call|Minified React error #321|react\.dev\/errors\/321|more than one copy of React/i.test(t),
  );
  expect(hookErrors).toEqual([]);
});

test('the network log shows React, react-dom/client and react/jsx-runtime fetched once', async () => {
  const urls = [...new Set(log.scripts.filter((s) => s.status === 200).map((s) => s.url))];
  // No script URL was loaded twice (a prefetch on /login puts a file in the cache; its later load is the one that runs).
  const counts = new Map<string, number>();
  for (const s of log.scripts.filter((script) => !script.prefetch)) counts.set(s.url, (counts.get(s.url) ?? 0) + 1);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);

  const bodies = await Promise.all(urls.map(async (url) => ({ url, body: await (await fetch(url)).text() })));
  for (const [name, signature] of Object.entries(REACT_SIGNATURES)) {
    const carriers = bodies.filter((b) => signature.test(b.body)).map((b) => new URL(b.url).pathname);
    if (carriers.length !== 1) {
      throw new Error(`${name}: expected its code in exactly one fetched script, found in ${carriers.length}: ${carriers.join(', ')}`);
    }
  }
});

test("one Module Federation runtime: the remotes run on the shell's runtime core", async () => {
  // The shell puts its runtime core on a global (build/federation-runtime.js) …
  const provider = await page.evaluate(
    () => (globalThis as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM?.name,
  );
  expect(provider).toBe('shell');
  // … and the runtime core's code (it declares the lifecycle hooks) is in exactly one fetched script.
  const urls = [...new Set(log.scripts.filter((s) => s.status === 200).map((s) => s.url))];
  const bodies = await Promise.all(urls.map(async (url) => ({ url, body: await (await fetch(url)).text() })));
  const carriers = bodies.filter((b) => /\("beforeInitContainer"\)/.test(b.body)).map((b) => new URL(b.url).pathname);
  expect(carriers).toHaveLength(1);
  expect(carriers[0]).not.toContain('/remotes/');
});

test('no page errors while visiting every screen', () => {
  expect(log.pageErrors).toEqual([]);
});
