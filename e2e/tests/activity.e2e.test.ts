/**
 * The activity log (issue 15 part 2) in the real shell, remote-articles, API and PGlite: an editor
 * saves an article in the portal's editor; an admin opens Activity from the navbar, finds the save
 * (filtered by the editor and the action), reads the title's before → after, follows the row's link
 * to the article, whose editor shows its own activity. Users without view_activity see no Activity link.
 */
import type { Page } from 'playwright-core';
import {
  USERS,
  createArticleThroughApi,
  sessionToken,
  login,
  navLink,
  newPage,
  pathOf,
  shot,
  visible,
  withApiAndBrowser,
} from '../support';

jest.setTimeout(240_000);

const e2e = withApiAndBrowser();
const stamp = Date.now().toString(36);
const before = `Harbour opens ${stamp}`;
const after = `Harbour opens at dawn ${stamp}`;
let articleId = '';

/** A saveable article (image, topic, main category) made through the API as the editor, its lock released. */
beforeAll(async () => {
  articleId = await createArticleThroughApi(e2e.api.url, await sessionToken(e2e.api.url, USERS.editor), {
    title: before,
    text: '<p>The quay.</p>',
  });
});

/** A choice of the open antd Select (its list is virtual: the items are not all options to the accessibility tree). */
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content', {
    hasText: new RegExp(`^${text}$`),
  });

/** Waits until the editor's title field holds `value` (the article has loaded). */
async function titleIs(page: Page, value: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      (document.querySelector('[data-testid="article-editor"] [data-testid="editor-title"]') as HTMLInputElement | null)?.value ===
      expected,
    value,
    { timeout: 30_000 },
  );
}

async function signedIn(user: (typeof USERS)[keyof typeof USERS]): Promise<Page> {
  const { page } = await newPage(e2e.browser, e2e.api.url);
  await login(page, user);
  return page;
}

test('an editor saves an article; an admin finds the save in Activity and follows the link to the article', async () => {
  // The editor: open the article from the list, change the title, save.
  const editor = await signedIn(USERS.editor);
  expect(await navLink(editor, 'Activity').count()).toBe(0);
  await editor.locator(`tr[data-row-key="${articleId}"] td`).nth(1).click();
  const title = editor.getByTestId('article-editor').getByTestId('editor-title');
  await visible(title);
  // Loaded (the title read back) and its own activity shown: the create.
  await titleIs(editor, before);
  await visible(editor.getByTestId('article-activity-entry').filter({ hasText: 'Created by Erin Editor' }));
  await title.fill(after);
  await editor.getByTestId('editor-actions').getByRole('button', { name: 'Save', exact: true }).click();
  await visible(editor.getByText('Article saved', { exact: true }));
  await editor.context().close();

  // The admin: Activity from the navbar, filtered to the editor's changes.
  const admin = await signedIn(USERS.admin);
  await navLink(admin, 'Activity').click();
  await admin.waitForURL((url) => url.pathname === '/activity');
  await visible(admin.getByTestId('activity-table'));
  await shot(admin, 'activity-screen');

  await admin.getByRole('combobox', { name: 'User', exact: true }).click();
  await option(admin, 'Erin Editor').click();
  await admin.waitForURL((url) => url.searchParams.has('user'));
  await admin.getByRole('combobox', { name: 'Action', exact: true }).click();
  await option(admin, 'Changed').click();
  await admin.waitForURL((url) => url.searchParams.get('action') === 'update');

  const row = admin
    .getByTestId('activity-row')
    .filter({ hasText: `Article #${articleId}` })
    .first();
  await visible(row);
  // Who, what and the title's before → after, readably.
  await visible(row.getByText('Erin Editor'));
  await visible(row.getByText('Changed', { exact: true }));
  await visible(row.getByTestId('activity-changes').getByText(before, { exact: true }));
  await visible(row.getByTestId('activity-changes').getByText(after, { exact: true }));
  // Every row on screen is the editor's and a change.
  const rows = admin.getByTestId('activity-row');
  for (let i = 0; i < (await rows.count()); i += 1) {
    await visible(rows.nth(i).getByText('Erin Editor'));
  }
  await shot(admin, 'activity-filtered');

  // The row's link opens the article in the portal's editor, with its own activity below.
  await row.getByTestId('activity-link').click();
  await admin.waitForURL((url) => pathOf(admin) === '/articles' && !url.searchParams.has('edit'));
  await visible(admin.getByTestId('article-editor').getByTestId('editor-title'));
  await admin.waitForFunction(
    (value) =>
      (document.querySelector('[data-testid="article-editor"] [data-testid="editor-title"]') as HTMLInputElement | null)?.value === value,
    after,
    { timeout: 30_000 },
  );
  const panel = admin.getByTestId('article-activity');
  await visible(panel.getByTestId('article-activity-entry').filter({ hasText: 'Changed by Erin Editor' }).first());
  await visible(panel.getByTestId('article-activity-entry').filter({ hasText: 'Created by Erin Editor' }).first());
  await shot(admin, 'activity-article-panel');
  await admin.context().close();
});

test('the German Activity screen, and the back button keeps the filter (it lives in the URL)', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  await context.addInitScript(() => window.localStorage.setItem('newsdesk.lang', 'de'));
  await page.goto('/login');
  await page.locator('input[name=username]').fill(USERS.admin.username);
  await page.locator('input[name=password]').fill(USERS.admin.password);
  await page.locator('form[name=login] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await navLink(page, 'Aktivität').click();
  await visible(page.getByRole('heading', { name: 'Aktivität' }));
  await page.getByRole('combobox', { name: 'Eintrag', exact: true }).click();
  await option(page, 'Benutzer').click();
  await page.waitForURL((url) => url.searchParams.get('entity') === 'user');
  // The sign-ins of this test are there, in German.
  await visible(page.getByTestId('activity-row').filter({ hasText: 'Angemeldet' }).first());
  await shot(page, 'activity-de-users');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/activity' && !url.searchParams.has('entity'));
  await page.goForward();
  await page.waitForURL((url) => url.searchParams.get('entity') === 'user');
  await visible(page.getByTestId('activity-row').first());
  await context.close();
});
