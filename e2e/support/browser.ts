import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { SHOTS_DIR } from './paths';
import { RIGHTS } from 'contracts/rules/rights';

export interface DemoUser {
  username: string;
  password: string;
  rights: string[];
}

const ALL_RIGHTS: string[] = [...RIGHTS];

/** docs/ARCHITECTURE.md "Demo users". */
export const USERS = {
  admin: { username: 'admin', password: 'admin-demo', rights: ALL_RIGHTS },
  editor: {
    username: 'editor',
    password: 'editor-demo',
    rights: ['import', 'create_article', 'edit_all_articles', 'view_all_articles', 'set_access', 'feature_article', 'manage_categories'],
  },
  approver: {
    username: 'approver',
    password: 'approver-demo',
    rights: ['create_article', 'view_all_articles', 'approve_article', 'set_access'],
  },
  submitter: { username: 'submitter', password: 'submitter-demo', rights: ['create_article'] },
} satisfies Record<string, DemoUser>;

export const BANNER_TEXT = 'You are currently using the non-secure version of the portal. Please log in at the secure address';

/** What a page did: errors and the script responses, for assertions and failure reports. */
export interface PageLog {
  consoleErrors: string[];
  pageErrors: string[];
  /** Every response of a script (resource type script, or a .js URL); `prefetch`: fetched by a
   * `<link rel=prefetch>` into the cache (not run), not loaded as a script. */
  scripts: { url: string; status: number; prefetch: boolean }[];
  failedRequests: string[];
}

declare global {
  var __E2E_PAGES__: Set<Page> | undefined;
}

/** Requests that stay open while the page lives (the live presence stream): never "idle". */
const LONG_LIVED = /^\/api\/portal\/events$/;
const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Playwright's 'networkidle' for a page that keeps a live stream open (it never is idle): waits until
 * no other request of a tracked page (newPage / track) has run for `quietMs`.
 */
export async function networkSettled(page: Page, quietMs = 500, timeout = 30_000): Promise<void> {
  const running = inFlight.get(page);
  if (!running) throw new Error('networkSettled: the page is not tracked (open it with newPage or track)');
  const deadline = Date.now() + timeout;
  let quietSince = running.size === 0 ? Date.now() : Infinity;
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`networkSettled: requests still running after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (running.size > 0) quietSince = Infinity;
    else if (quietSince === Infinity) quietSince = Date.now();
  }
}

/** Registers a page for the failure screenshot (e2e/artifacts/) and records its errors and scripts. */
export function track(page: Page): PageLog {
  const log: PageLog = { consoleErrors: [], pageErrors: [], scripts: [], failedRequests: [] };
  globalThis.__E2E_PAGES__?.add(page);
  page.on('close', () => globalThis.__E2E_PAGES__?.delete(page));
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => log.pageErrors.push(String(err?.stack || err)));
  page.on('requestfailed', (req) => log.failedRequests.push(`${req.url()} ${req.failure()?.errorText ?? ''}`));
  const running = new Set<Request>();
  inFlight.set(page, running);
  page.on('request', (req) => {
    if (!LONG_LIVED.test(new URL(req.url()).pathname)) running.add(req);
  });
  page.on('requestfinished', (req) => running.delete(req));
  page.on('requestfailed', (req) => running.delete(req));
  page.on('response', (res) => {
    const req = res.request();
    if (req.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(res.url()).pathname)) {
      log.scripts.push({ url: res.url(), status: res.status(), prefetch: req.resourceType() !== 'script' });
    }
  });
  return log;
}

/** A new context + page on `baseURL`, tracked. */
export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; log: PageLog }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, page, log: track(page) };
}

/** A screenshot taken on purpose, in E2E_SHOTS_DIR (default e2e/artifacts/shots). */
export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name.replace(/[^a-z0-9_-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

// ---- Selectors (texts from the spec; see shell/src for the actual labels) --------------------

export const loginForm = {
  username: (page: Page): Locator =>
    page
      .getByLabel(/user ?name/i)
      .or(page.getByPlaceholder(/user ?name/i))
      .first(),
  password: (page: Page): Locator =>
    page
      .getByLabel(/password/i)
      .or(page.getByPlaceholder(/password/i))
      .first(),
  remember: (page: Page): Locator => page.getByRole('checkbox', { name: /remember me/i }),
  submit: (page: Page): Locator => page.getByRole('button', { name: /^log ?in$/i }),
};

/** The navbar link of a screen: Articles, Import, Categories. */
export const navLink = (page: Page, name: string): Locator =>
  page
    .getByRole('navigation')
    .getByRole('link', { name, exact: true })
    .or(page.getByRole('menuitem', { name, exact: true }))
    .first();

export const logoutControl = (page: Page): Locator =>
  page
    .getByRole('link', { name: /^log ?out$/i })
    .or(page.getByRole('button', { name: /^log ?out$/i }))
    .or(page.getByRole('menuitem', { name: /^log ?out$/i }))
    .first();

/** Path of the page's current URL. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

export interface LoginOptions {
  remember?: boolean;
  /** Wait until the app left /login (default true). */
  expectSuccess?: boolean;
}

/** Signs in through the login screen. */
export async function login(page: Page, user: DemoUser, options: LoginOptions = {}): Promise<void> {
  if (pathOf(page) !== '/login' || page.url() === 'about:blank') await page.goto('/login');
  await loginForm.username(page).fill(user.username);
  await loginForm.password(page).fill(user.password);
  if (options.remember) await loginForm.remember(page).check();
  await loginForm.submit(page).click();
  if (options.expectSuccess !== false) {
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    await logoutControl(page).waitFor({ state: 'visible', timeout: 30_000 });
  }
}

/** A new tracked page on `baseURL`, signed in as `user` through the login screen. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  user: DemoUser,
): Promise<{ context: BrowserContext; page: Page; log: PageLog }> {
  const opened = await newPage(browser, baseURL);
  await login(opened.page, user);
  return opened;
}

/** Signs out through the navbar. */
export async function logout(page: Page): Promise<void> {
  await logoutControl(page).click();
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
}

/** A remote's screen, marked with its remote folder and build (`data-remote`, `data-build`; users see neither). */
export const remoteLabel = (page: Page, folder: string): Locator => page.locator(`[data-remote="${folder}"]`).first();

/** Waits until the element is visible (Playwright's auto-waiting, with a readable timeout message). */
export async function visible(locator: Locator, timeout = 30_000): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/**
 * Through the navbar to the import list, then its "New" control to the import editor at /import/new
 * (client-side navigation: the page stays the same).
 */
export async function openNewImportThroughNavbar(page: Page): Promise<void> {
  await navLink(page, 'Import').click();
  await visible(remoteLabel(page, 'remote-importers'));
  // antd adds the icon's label to the accessible name: "plus New".
  const newButton = /(^|\s)New$/;
  await page
    .getByRole('link', { name: newButton })
    .or(page.getByRole('button', { name: newButton }))
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/import/new');
  await visible(remoteLabel(page, 'remote-importers'));
}

/** Sets a marker on window; `stillSamePage` tells whether no full reload happened since. */
export async function markPage(page: Page): Promise<() => Promise<boolean>> {
  const token = `e2e-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((t) => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = t;
  }, token);
  return async () => page.evaluate((t) => (window as unknown as { __e2eMarker?: string }).__e2eMarker === t, token);
}
