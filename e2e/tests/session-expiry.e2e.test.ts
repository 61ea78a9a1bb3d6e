/**
 * A session ended elsewhere (issue 11, defect 9): the session is revoked server-side (DELETE
 * /api/v2/session with its token) while a page is open; the user's next step lands on /login with
 * "Your session has ended, please sign in again" (or its German text), and signing in returns to
 * the page they were on, path and query.
 */
import type { Page } from 'playwright-core';
import { USERS, apiCall, login, newPage, visible, withApiAndBrowser } from '../support';

const TOKEN_KEY = 'newsdesk.auth';

const e2e = withApiAndBrowser();

/** Revokes the page's session on the server, as a sign-out in another browser would. */
async function revokeElsewhere(page: Page): Promise<void> {
  const token = await page.evaluate((key) => window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key), TOKEN_KEY);
  expect(token).toBeTruthy();
  expect((await apiCall(e2e.api.url, 'DELETE', '/api/v2/session', undefined, token!)).status).toBe(200);
}

async function signInAgain(page: Page): Promise<void> {
  await page.locator('input[name=username]').fill(USERS.editor.username);
  await page.locator('input[name=password]').fill(USERS.editor.password);
  await page.locator('form[name=login] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

const here = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

test('revoked while a page is open, the next navigation: message on /login, then back to that page with its query', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    await page.goto('/import/new?from=e2e');
    await visible(page.getByTestId('importer-form'));
    await revokeElsewhere(page);

    // The next step: open another screen through the navbar (its loader's call answers 401).
    await page.getByRole('navigation').getByRole('link', { name: 'Categories', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await visible(page.getByText('Your session has ended, please sign in again', { exact: true }));

    await signInAgain(page);
    // Back where the user was going when the session ended.
    expect(here(page)).toBe('/categories');
    await visible(page.getByRole('tree').first());
    expect(await page.getByText('Your session has ended, please sign in again').count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('revoked while a page is open, an action on it (German UI): message in German, back to the page and query', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    await page.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'de'));
    await page.goto('/import?view=all');
    await visible(page.getByTestId('import-list'));
    await revokeElsewhere(page);

    // An action on the open page: the list's refresh (GET /api/v2/portal/importer → 401).
    await page.getByRole('button', { name: 'Aktualisieren' }).or(page.locator('th button:has(.anticon-reload)')).first().click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await visible(page.getByText('Ihre Sitzung ist beendet, bitte melden Sie sich erneut an', { exact: true }));

    await signInAgain(page);
    expect(here(page)).toBe('/import?view=all');
    await visible(page.getByTestId('import-list'));
  } finally {
    await context.close();
  }
});

test('revoked, then the page is reloaded (its stored token is refused): message, then back to the page and query', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    await page.goto('/categories?open=100');
    await visible(page.getByRole('tree').first());
    await revokeElsewhere(page);

    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await visible(page.getByText('Your session has ended, please sign in again', { exact: true }));
    await signInAgain(page);
    expect(here(page)).toBe('/categories?open=100');
  } finally {
    await context.close();
  }
});
