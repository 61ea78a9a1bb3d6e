/**
 * A remote that fails to load (its server down, or its script broken) shows an inline error with
 * a Retry button inside the shell's layout; the navbar, logout and the other remotes keep working;
 * once the remote is back, Retry loads it without a page reload.
 */
import type { Locator, Page } from 'playwright-core';
import {
  BANNER_TEXT,
  USERS,
  getFreePort,
  login,
  logout,
  logoutControl,
  markPage,
  navLink,
  newPage,
  pathOf,
  remoteDist,
  remoteLabel,
  serveStatic,
  shot,
  visible,
  type StaticServer,
  withApiAndBrowser,
} from '../support';

let categories: StaticServer;

const e2e = withApiAndBrowser(async () => {
  // remote_categories is deployed on its own origin; the two others stay on the API's origin.
  categories = await serveStatic(remoteDist('remote-categories'));
  const port = await getFreePort();
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    remotesManifest: {
      remote_articles: `${origin}/remotes/remote-articles/mf-manifest.json`,
      remote_categories: `${categories.url}/mf-manifest.json`,
      remote_importers: `${origin}/remotes/remote-importers/mf-manifest.json`,
    },
  };
});

afterAll(async () => {
  await categories?.stop();
});

afterEach(async () => {
  categories.mode = 'ok';
  await categories.start();
});

/** The inline error's Retry button, inside the shell's routed view (<main>), not a whole-page error. */
const retryButton = (page: Page): Locator => page.getByRole('main').getByRole('button', { name: /retry/i });

/** The shell's layout is intact: navbar, logout, banner. */
async function expectShellLayout(page: Page): Promise<void> {
  await visible(navLink(page, 'Articles'));
  await visible(navLink(page, 'Import'));
  await visible(navLink(page, 'Categories'));
  await visible(logoutControl(page));
  await visible(page.getByText(BANNER_TEXT, { exact: true }));
}

test('the remote server is down: inline error + Retry in the layout; the rest works; Retry loads it once it is back', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await categories.stop();
    await login(page, USERS.admin);
    await visible(remoteLabel(page, 'remote-articles'));
    const samePage = await markPage(page);

    await navLink(page, 'Categories').click();
    await page.waitForURL((url) => url.pathname === '/categories');
    await visible(retryButton(page));
    await expectShellLayout(page);
    expect(await remoteLabel(page, 'remote-categories').count()).toBe(0);
    await shot(page, 'remote-failure-server-down');

    // The other remotes keep working.
    await navLink(page, 'Articles').click();
    await page.waitForURL((url) => url.pathname === '/articles');
    await visible(remoteLabel(page, 'remote-articles'));
    await navLink(page, 'Import').click();
    await page.waitForURL((url) => url.pathname === '/import');
    await visible(remoteLabel(page, 'remote-importers'));

    // Still down: still the inline error.
    await navLink(page, 'Categories').click();
    await visible(retryButton(page));
    await expectShellLayout(page);

    // Back up: Retry loads the screen in place.
    await categories.start();
    await retryButton(page).click();
    await visible(remoteLabel(page, 'remote-categories'));
    expect(await retryButton(page).count()).toBe(0);
    expect(pathOf(page)).toBe('/categories');
    expect(await samePage()).toBe(true);
    await shot(page, 'remote-failure-after-retry');

    await logout(page);
  } finally {
    await context.close();
  }
});

test('the remote script is broken: inline error + Retry; logout still works; Retry loads the fixed remote', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    categories.mode = 'script-error';
    await login(page, USERS.editor);
    await visible(remoteLabel(page, 'remote-articles'));
    const samePage = await markPage(page);

    await navLink(page, 'Categories').click();
    await page.waitForURL((url) => url.pathname === '/categories');
    await visible(retryButton(page));
    await expectShellLayout(page);
    await shot(page, 'remote-failure-script-error');

    categories.mode = 'ok';
    await retryButton(page).click();
    await visible(remoteLabel(page, 'remote-categories'));
    expect(await samePage()).toBe(true);
  } finally {
    await context.close();
  }
});

test('logout works while a remote is down', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await categories.stop();
    await login(page, USERS.admin);
    await page.goto('/categories');
    await visible(retryButton(page));
    await expectShellLayout(page);
    await logout(page);
    expect(pathOf(page)).toBe('/login');
  } finally {
    await context.close();
  }
});
