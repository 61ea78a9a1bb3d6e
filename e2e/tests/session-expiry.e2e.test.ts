/**
 * A session ended elsewhere (issue 11, defect 9): the session is revoked server-side (DELETE
 * /api/v2/session with its token) while a page is open; the user's next step lands on /login with
 * "Your session has ended, please sign in again" (or its German text), and signing in returns to
 * the page they were on, path and query.
 */
import type { Locator, Page } from 'playwright-core';
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

/**
 * A new page signed in as editor (in `language`) on `path`, ready once `shown` is visible, whose
 * session is then revoked elsewhere; `fn` takes the page on from there.
 */
async function withSessionRevokedOn(
  path: string,
  shown: (page: Page) => Locator,
  fn: (page: Page) => Promise<void>,
  language: 'en' | 'de' = 'en',
): Promise<void> {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    if (language !== 'en') await page.evaluate((lng) => window.localStorage.setItem('newsdesk.lang', lng), language);
    await page.goto(path);
    await visible(shown(page));
    await revokeElsewhere(page);
    await fn(page);
  } finally {
    await context.close();
  }
}

/** The user's step has landed on /login with the "session ended" message. */
async function expectSessionEnded(page: Page, message: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
  await visible(page.getByText(message, { exact: true }));
}

const ENDED = 'Your session has ended, please sign in again';

test('revoked while a page is open, the next navigation: message on /login, then back to that page with its query', () =>
  withSessionRevokedOn(
    '/import/new?from=e2e',
    (page) => page.getByTestId('importer-form'),
    async (page) => {
      // The next step: open another screen through the navbar (its loader's call answers 401).
      await page.getByRole('navigation').getByRole('link', { name: 'Categories', exact: true }).click();
      await expectSessionEnded(page, ENDED);

      await signInAgain(page);
      // Back where the user was going when the session ended.
      expect(here(page)).toBe('/categories');
      await visible(page.getByRole('tree').first());
      expect(await page.getByText(ENDED).count()).toBe(0);
    },
  ));

test('revoked while a page is open, an action on it (German UI): message in German, back to the page and query', () =>
  withSessionRevokedOn(
    '/import?view=all',
    (page) => page.getByTestId('import-list'),
    async (page) => {
      // An action on the open page: the list's refresh (GET /api/v2/portal/importer → 401).
      await page.getByRole('button', { name: 'Aktualisieren' }).or(page.locator('th button:has(.anticon-reload)')).first().click();
      await expectSessionEnded(page, 'Ihre Sitzung ist beendet, bitte melden Sie sich erneut an');

      await signInAgain(page);
      expect(here(page)).toBe('/import?view=all');
      await visible(page.getByTestId('import-list'));
    },
    'de',
  ));

test('revoked, then the page is reloaded (its stored token is refused): message, then back to the page and query', () =>
  withSessionRevokedOn(
    '/categories?open=100',
    (page) => page.getByRole('tree').first(),
    async (page) => {
      await page.reload();
      await expectSessionEnded(page, ENDED);
      await signInAgain(page);
      expect(here(page)).toBe('/categories?open=100');
    },
  ));
