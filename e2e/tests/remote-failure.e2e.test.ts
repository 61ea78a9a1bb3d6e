/**
 * A remote that fails to load (its server down, or its script broken) shows an inline error with
 * a Retry button inside the shell's layout; the navbar, logout and the other remotes keep working;
 * once the remote is back, Retry loads it without a page reload.
 */
import type { Locator, Page } from 'playwright-core';
import {
  BANNER_TEXT,
  USERS,
  login,
  logout,
  logoutControl,
  markPage,
  navLink,
  newPage,
  pathOf,
  remoteLabel,
  shot,
  visible,
  type DemoUser,
  withRemoteOnItsOwnOrigin,
} from '../support';

// remote_categories is deployed on its own origin; the two others stay on the API's origin. The
// remotes manifest shortens the time-out of loading a remote (8 s by default) to keep the hung-host test short.
const TIMEOUT_MS = 3000;
const e2e = withRemoteOnItsOwnOrigin('remote-categories', { $timeoutMs: String(TIMEOUT_MS) });

afterEach(async () => {
  e2e.remote.mode = 'ok';
  await e2e.remote.start();
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

/**
 * Signs in, then opens Categories through the navbar while its remote fails: the inline error with
 * Retry in the intact layout. Answers whether the page is still the same one (no full reload).
 */
async function signInAndOpenCategories(page: Page, user: DemoUser): Promise<() => Promise<boolean>> {
  await login(page, user);
  await visible(remoteLabel(page, 'remote-articles'));
  const samePage = await markPage(page);
  await navLink(page, 'Categories').click();
  await page.waitForURL((url) => url.pathname === '/categories');
  await visible(retryButton(page));
  await expectShellLayout(page);
  return samePage;
}

test('the remote server is down: inline error + Retry in the layout; the rest works; Retry loads it once it is back', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await e2e.remote.stop();
    const samePage = await signInAndOpenCategories(page, USERS.admin);
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
    await e2e.remote.start();
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
    e2e.remote.mode = 'script-error';
    const samePage = await signInAndOpenCategories(page, USERS.editor);
    await shot(page, 'remote-failure-script-error');

    e2e.remote.mode = 'ok';
    await retryButton(page).click();
    await visible(remoteLabel(page, 'remote-categories'));
    expect(await samePage()).toBe(true);
  } finally {
    await context.close();
  }
});

test('the remote host never answers: after sign-in, the inline error + Retry within the time-out; the rest works', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    e2e.remote.mode = 'hang';
    const before = e2e.remote.requests.length;
    // Signed out on the hung remote's screen: through /login and back to it.
    await page.goto('/categories');
    await page.waitForURL((url) => url.pathname === '/login');
    const start = Date.now();
    await login(page, USERS.admin);
    await visible(retryButton(page), TIMEOUT_MS + 5000);
    const waited = Date.now() - start;
    expect(pathOf(page)).toBe('/categories');
    await expectShellLayout(page);
    await visible(page.getByRole('main').getByText(/no answer within 3 s/));
    // Its manifest was asked for once (the prefetch, the version check and the runtime share it).
    expect(e2e.remote.requests.slice(before).filter((p) => p === '/mf-manifest.json')).toHaveLength(1);
    await shot(page, 'remote-failure-hung-host');
    console.log(`remote-failure: hung host → inline error ${waited} ms after Log in (time-out ${TIMEOUT_MS} ms)`);
    expect(waited).toBeLessThan(TIMEOUT_MS + 3000);

    // The rest of the shell works meanwhile.
    await navLink(page, 'Articles').click();
    await page.waitForURL((url) => url.pathname === '/articles');
    await visible(remoteLabel(page, 'remote-articles'));

    // The host answers again: the screen loads.
    e2e.remote.mode = 'ok';
    await navLink(page, 'Categories').click();
    await visible(remoteLabel(page, 'remote-categories'));
  } finally {
    await context.close();
  }
});

test('logout works while a remote is down', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await e2e.remote.stop();
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
