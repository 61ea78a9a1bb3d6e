/**
 * `npm run bench:categories`: how long "Expand all" takes on the categories screen with 2,000
 * categories, in headless Chromium (/usr/bin/chromium) on the production builds (api, shell,
 * remote-categories: `npm run build -w api -w shell -w remote-categories` first).
 *
 * 1. Seeds a fresh PGlite folder with the demo data plus N generated categories
 *    (`npm run seed -w api -- --categories N`; BENCH_CATEGORIES, default 2000).
 * 2. Starts the API (which serves the shell and the remotes) on it, signs in as editor, opens /categories.
 * 3. RUNS times (BENCH_RUNS, default 5): clicks "Expand all" and measures from the click to the next
 *    frame after React's commit (requestAnimationFrame, then a task: the rows are laid out and
 *    painted), then the same for "Collapse all". Also counts the mounted rows and DOM elements, and
 *    the time to scroll the tree to its end and see the last category.
 * 4. The article list's category filter and the editors' topic picker on the same categories
 *    (big-tree-fields.ts): open and per-key times, find and tick by search.
 * Prints each run, the medians, and the goals: expand-all median ≤ 200 ms with 2,000 categories;
 * filter open ≤ 200 ms and ≤ 100 ms per key (p95); picker find and tick ≤ 1 s (median).
 *
 * BENCH_REMOTE_DIST=<folder>: serves that remote-categories build instead (its own origin, through
 * REMOTES_MANIFEST), e.g. a build of an older commit, to compare.
 */
import { measureBigTreeFields } from './big-tree-fields';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiCall,
  getFreePort,
  launchBrowser,
  login,
  newPage,
  serveStatic,
  startApi,
  USERS,
  visible,
  type StaticServer,
} from '../../e2e/support';

const COUNT = Number(process.env.BENCH_CATEGORIES ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 200;
const ROOT = path.resolve(__dirname, '..', '..');

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

function seed(dataDir: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NEWSDESK_DEMO: '1', LOG_LEVEL: 'warn' };
  // Always the embedded database, like the e2e tests.
  delete env.DATABASE_URL;
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'api/src/db/seed-cli.ts', '--categories', String(COUNT)],
    {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`Seeding failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  process.stdout.write(result.stdout);
}

/** Clicks the button and resolves with the ms until the frame after the commit. Runs in the page. */
function clickAndTime(label: string): Promise<number> {
  const button = Array.from(document.querySelectorAll('button')).find((candidate) => candidate.textContent?.trim() === label);
  if (!button) throw new Error(`No button "${label}"`);
  const start = performance.now();
  button.click();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0)));
}

interface Node {
  title: string;
  subcategories: Node[];
}

/** Title of the last row of the fully expanded tree (depth first, the API's order). */
async function lastTitle(base: string): Promise<string> {
  const session = await apiCall(base, 'POST', '/api/v2/session', { username: USERS.editor.username, password: USERS.editor.password });
  const token = (session.body.data as { auth: string }).auth;
  const response = await fetch(`${base}/api/categories/tree?includeDisabled=1`, { headers: { authentication: token } });
  let nodes = ((await response.json()) as { data: Node[] }).data;
  let last = nodes[nodes.length - 1] as Node;
  while (last.subcategories.length > 0) {
    nodes = last.subcategories;
    last = nodes[nodes.length - 1] as Node;
  }
  return last.title;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-bench-categories-'));
  seed(dataDir);
  let other: StaticServer | undefined;
  const otherDist = process.env.BENCH_REMOTE_DIST;
  let remotesManifest: Record<string, string> | undefined;
  const port = await getFreePort();
  if (otherDist) {
    other = await serveStatic(path.resolve(otherDist));
    const origin = `http://127.0.0.1:${port}`;
    remotesManifest = {
      remote_articles: `${origin}/remotes/remote-articles/mf-manifest.json`,
      remote_categories: `${other.url}/mf-manifest.json`,
      remote_importers: `${origin}/remotes/remote-importers/mf-manifest.json`,
    };
    console.log(`remote-categories from ${path.resolve(otherDist)}`);
  }
  const api = await startApi({ dataDir, port, remotesManifest });
  const browser = await launchBrowser();
  try {
    const lastRow = await lastTitle(api.url);
    const { page } = await newPage(browser, api.url);
    await login(page, USERS.editor);
    await page.goto(`${api.url}/categories`);
    const tree = page.getByTestId('category-tree');
    await visible(tree.getByRole('treeitem', { name: /^Portal, / }));
    const total = await page.getByTestId('category-total').textContent();
    console.log(`\n/categories with ${total} (${COUNT} generated), Chromium ${browser.version()}, ${RUNS} runs\n`);

    const expand: number[] = [];
    const collapse: number[] = [];
    const scrollToEnd: number[] = [];
    let mounted = 0;
    let elements = 0;
    let virtualised = false;
    for (let run = 1; run <= RUNS; run += 1) {
      const expandMs = await page.evaluate(clickAndTime, 'Expand all');
      mounted = await tree.getByRole('treeitem').count();
      elements = await page.evaluate(() => document.getElementsByTagName('*').length);
      virtualised = await page.evaluate(() => document.querySelector('[data-testid="category-tree-scroll"]') !== null);
      // Scroll the tree to its end: the last category must show.
      const scrollMs = await page.evaluate(async () => {
        const holder = document.querySelector('[data-testid="category-tree-scroll"] [class$="-holder"]') as HTMLElement | null;
        const start = performance.now();
        if (holder) {
          holder.scrollTop = holder.scrollHeight;
          holder.dispatchEvent(new Event('scroll'));
        } else window.scrollTo(0, document.body.scrollHeight);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return performance.now() - start;
      });
      await visible(tree.getByRole('treeitem', { name: lastRow, exact: true }), 10_000);
      const collapseMs = await page.evaluate(clickAndTime, 'Collapse all');
      await visible(tree.getByRole('treeitem', { name: /^Portal, / }));
      expand.push(expandMs);
      collapse.push(collapseMs);
      scrollToEnd.push(scrollMs);
      console.log(`run ${run}: expand all ${ms(expandMs)}, scroll to the end ${ms(scrollMs)}, collapse all ${ms(collapseMs)}`);
      // Back to the first level open, as the screen starts.
      await page.getByRole('button', { name: 'Expand Portal', exact: true }).click();
    }
    console.log(`\nafter expand all: ${mounted} rows mounted, ${elements} DOM elements, virtualised: ${virtualised ? 'yes' : 'no'}`);
    const expandMedian = median(expand);
    console.log(
      `median: expand all ${ms(expandMedian)}, scroll to the end ${ms(median(scrollToEnd))}, collapse all ${ms(median(collapse))}`,
    );
    console.log(`goal: expand all ≤ ${GOAL_MS} ms → ${expandMedian <= GOAL_MS ? 'met' : 'NOT met'}`);
    if (expandMedian > GOAL_MS) process.exitCode = 1;

    const fields = await measureBigTreeFields(page, api.url, RUNS);
    const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)] as number;
    const openP95 = p95(fields.openMs);
    const keyP95 = p95(fields.keyMs);
    const tick = median(fields.pickerFindAndTickMs);
    console.log(`\narticle list category filter: ${fields.optionsMounted} options mounted when open`);
    console.log(`  open, each run: ${fields.openMs.map(ms).join(', ')}`);
    console.log(`  per key, each key: ${fields.keyMs.map((value) => value.toFixed(0)).join(' ')}`);
    console.log(`  open: median ${ms(median(fields.openMs))}, p95 ${ms(openP95)} (goal ≤ 200 ms → ${openP95 <= 200 ? 'met' : 'NOT met'})`);
    console.log(`  per key: median ${ms(median(fields.keyMs))}, p95 ${ms(keyP95)} (goal ≤ 100 ms → ${keyP95 <= 100 ? 'met' : 'NOT met'})`);
    console.log(
      `topic picker (importer form): find and tick by search, median ${ms(tick)} (goal ≤ 1000 ms → ${tick <= 1000 ? 'met' : 'NOT met'})`,
    );
    if (openP95 > 200 || keyP95 > 100 || tick > 1000) process.exitCode = 1;
  } finally {
    await browser.close();
    await api.stop();
    await other?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
