// `npm run bench:ux`: how long a person waits (issue 14), on the real built product.
//   - Log in click → article rows shown (10 sign-ins, each in a new browser context: cold cache);
//   - a click on an article's title → the editor's fields shown (filled with that article);
//   - the Categories and the Import nav clicks → the category tree / the imports table shown.
// It builds what changed (`node scripts/build.mjs --if-changed`), starts the API (which serves the
// shell and the remotes on one origin) on a free port with a fresh PGlite data dir and the demo
// seed, and drives Debian's Chromium through e2e/support. Times are taken in the page: from the
// click event to the first animation frame at which the result is in the document.
// Prints median and p95 per measure and "met"/"not met" per goal; never fails on a time.
//
// Options: --runs=N (default 10), --no-build (use the dist folders as they are), --json (machine-readable output on stdout), --trace (the requests
// of the first counted sign-in: when each started and ended after the click, in ms).
import { spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { ROOT, launchBrowser, startApi } from '../e2e/support/product';
import { USERS, loginForm, navLink } from '../e2e/support/browser';

interface Measure {
  name: string;
  goalMs: number;
  /** Which statistic the goal is about. */
  goalOn: 'median';
  samples: number[];
}

const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 10);
const asJson = args.includes('--json');
const trace = args.includes('--trace');
const say = (text: string) => (asJson ? console.error(text) : console.log(text));
const USER = USERS.editor;
const TIMEOUT = 60_000;

const measures = {
  signIn: { name: 'Log in click → article rows shown', goalMs: 500, goalOn: 'median', samples: [] } as Measure,
  openArticle: { name: 'Article title click → editor fields shown', goalMs: 300, goalOn: 'median', samples: [] } as Measure,
  categories: { name: 'Categories nav click → category tree shown', goalMs: 400, goalOn: 'median', samples: [] } as Measure,
  imports: { name: 'Import nav click → imports table shown', goalMs: 400, goalOn: 'median', samples: [] } as Measure,
};

function build(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
    cwd: ROOT,
    stdio: asJson ? ['ignore', 2, 2] : 'inherit',
  });
  if (result.status !== 0) throw new Error('node scripts/build.mjs --if-changed failed');
}

/** The value at quantile q (nearest rank) of the samples. */
function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/** Records, in the page, when the last click happened (capture phase: before the app handles it). */
const CLICK_CLOCK = () => {
  document.addEventListener('click', () => ((window as unknown as { __benchClickAt: number }).__benchClickAt = performance.now()), true);
};

type Shown = 'present' | 'filled';

/**
 * Clicks, then waits for the first animation frame at which `selector` matches a rendered element
 * ('filled': an input with a value); answers the milliseconds between the click event and that frame.
 */
async function timeClick(page: Page, click: () => Promise<void>, shown: Shown, selector: string): Promise<number> {
  await page.evaluate(() => ((window as unknown as { __benchClickAt: number }).__benchClickAt = -1));
  await click();
  const handle = await page
    .waitForFunction(
      ({ css, kind }) => {
        const clickAt = (window as unknown as { __benchClickAt: number }).__benchClickAt;
        if (clickAt < 0) return false;
        const found = [...document.querySelectorAll<HTMLInputElement>(css)].some(
          (element) => element.getClientRects().length > 0 && (kind === 'present' || element.value.trim() !== ''),
        );
        return found ? performance.now() - clickAt : false;
      },
      { css: selector, kind: shown },
      { polling: 'raf', timeout: TIMEOUT },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/bench-ux-fail.png' }).catch(() => undefined);
      throw error;
    });
  return Math.round((await handle.jsonValue()) as number);
}

/**
 * Prints what the page fetched after the last click, from the browser's own Resource Timing (start
 * and end in ms after the click; "cache" when no bytes came over the network).
 */
async function printRequestsSinceClick(page: Page, origin: string): Promise<void> {
  const entries = await page.evaluate(() => {
    const clickAt = (window as unknown as { __benchClickAt: number }).__benchClickAt;
    return performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => entry.startTime >= clickAt)
      .map((entry) => ({
        name: entry.name,
        start: Math.round(entry.startTime - clickAt),
        end: Math.round(entry.responseEnd - clickAt),
        cached: entry.transferSize === 0,
      }));
  });
  say(`  requests after the Log in click (${entries.length}):`);
  for (const entry of entries.sort((a, b) => a.start - b.start)) {
    const name = entry.name.startsWith(origin) ? entry.name.slice(origin.length) : entry.name;
    say(`    ${String(entry.start).padStart(6)} → ${String(entry.end).padStart(6)} ms ${entry.cached ? 'cache' : '     '}  ${name}`);
  }
}

async function oneVisit(browser: Browser, baseURL: string, record: boolean, traced = false): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(CLICK_CLOCK);
    await page.goto('/login');
    const username = loginForm.username(page);
    await username.waitFor({ state: 'visible', timeout: TIMEOUT });
    await username.fill(USER.username);
    await loginForm.password(page).fill(USER.password);
    // A person reads the form before clicking: whatever the page does once it is interactive happens now.
    await page.waitForTimeout(1_000);

    const signIn = await timeClick(
      page,
      () => loginForm.submit(page).click(),
      'present',
      '[data-testid="article-portal"] tr[data-article-id]',
    );
    if (traced) await printRequestsSinceClick(page, baseURL);

    const firstRow = page.locator('[data-testid="article-portal"] tr[data-article-id]').first();
    const id = await firstRow.getAttribute('data-article-id');
    const openArticle = await timeClick(
      page,
      () => page.locator(`tr[data-row-key="${id}"] td`).nth(1).click(),
      'filled',
      '[data-testid="article-editor"] [data-testid="editor-title"]',
    );

    const categories = await timeClick(
      page,
      () => navLink(page, 'Categories').click(),
      'present',
      '[data-testid="category-tree"] [role="treeitem"]',
    );
    const imports = await timeClick(
      page,
      () => navLink(page, 'Import').click(),
      'present',
      '[data-testid="import-list"] .ant-table-tbody tr',
    );

    if (record) {
      measures.signIn.samples.push(signIn);
      measures.openArticle.samples.push(openArticle);
      measures.categories.samples.push(categories);
      measures.imports.samples.push(imports);
    }
    say(
      `  ${record ? 'run' : 'warm-up'}: sign-in ${signIn} ms, article ${openArticle} ms, categories ${categories} ms, imports ${imports} ms`,
    );
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!args.includes('--no-build')) build();
  const api = await startApi();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    say(`bench:ux on ${api.url} as ${USER.username}: 1 warm-up (not counted), then ${RUNS} runs, each in a new browser context`);
    await oneVisit(browser, api.url, false);
    for (let run = 0; run < RUNS; run += 1) await oneVisit(browser, api.url, true, trace && run === 0);
  } finally {
    await browser?.close();
    await api.stop();
  }

  const results = Object.values(measures).map((m) => {
    const median = quantile(m.samples, 0.5);
    const p95 = quantile(m.samples, 0.95);
    return { name: m.name, samples: m.samples, median, p95, goalMs: m.goalMs, met: median <= m.goalMs };
  });
  if (asJson) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  say('');
  const width = Math.max(...results.map((r) => r.name.length));
  say(`  ${'measure'.padEnd(width)}  ${'median'.padStart(7)}  ${'p95'.padStart(7)}  goal (median)`);
  for (const r of results) {
    say(
      `  ${r.name.padEnd(width)}  ${`${r.median} ms`.padStart(7)}  ${`${r.p95} ms`.padStart(7)}  ≤ ${r.goalMs} ms: ${r.met ? 'met' : 'not met'}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(`bench:ux failed: ${(error as Error)?.stack ?? String(error)}`);
  process.exit(1);
});
