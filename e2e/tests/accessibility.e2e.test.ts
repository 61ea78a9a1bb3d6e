/**
 * axe-core's WCAG 2.1 A/AA rules on every screen (issue 11, defect 23): signed out (login), each
 * screen signed in (portal, categories, import list, import editor new and edit), the article
 * editor open with its History panel (list and comparison) and a modal open, the portal with rows
 * selected for a bulk action and with its summary, the activity log (issue 15), the category tree
 * expanded, forms showing their errors (login, import editor), a delete confirm open, an import run's
 * results and the import list after it, in English and in German: 0 violations.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import {
  USERS,
  apiCall,
  createImporterThroughApi,
  expectNoAxeViolations,
  networkSettled,
  newPage,
  sessionToken,
  visible,
  withApiAndBrowser,
} from '../support';

const e2e = withApiAndBrowser({ env: { IMPORT_ALLOW_PRIVATE_HOSTS: '1', IMPORT_SCHEDULER: '0' } });
let importerId = 0;
const stamp = Date.now().toString(36);
const importerTitle = `Axe wire ${stamp}`;
/** A feed on loopback with one item, so that a run has results (and the list a last run) to show. */
let feed: http.Server;

beforeAll(async () => {
  feed = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Axe</title><link>https://news.example.org/</link>
<description>Feed</description><item><title>Axe story ${stamp}</title><link>https://news.example.org/axe/${stamp}</link>
<guid>https://news.example.org/axe/${stamp}</guid><description>Body</description></item></channel></rss>`);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const token = await sessionToken(e2e.api.url, USERS.admin);
  importerId = await createImporterThroughApi(e2e.api.url, token, {
    title: importerTitle,
    feedUrl: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`,
    published: true,
  });

  // Two saves of the list's first article (featured on, then off again): its History has revisions to list and compare.
  const list = await apiCall(e2e.api.url, 'GET', '/api/portal/articles', undefined, token);
  const first = (list.body.data as Array<{ id: number; featured: number }>)[0]!;
  for (const value of [1 - first.featured, first.featured]) {
    const changed = await apiCall(
      e2e.api.url,
      'POST',
      '/api/portal/article/update',
      { id: String(first.id), field: 'featured', value: String(value) },
      token,
    );
    expect(changed.status).toBe(200);
  }
});

afterAll(async () => {
  await new Promise((resolve) => feed?.close(resolve));
});

const LANGUAGES = ['en', 'de'] as const;

/** A page whose UI language is `language` from the first render (the stored choice). */
async function pageIn(language: (typeof LANGUAGES)[number]): Promise<Page> {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  await context.addInitScript((lng) => window.localStorage.setItem('newsdesk.lang', lng), language);
  return page;
}

/** Signs in as admin through the login form (field names, so in either language). */
async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=username]').fill(USERS.admin.username);
  await page.locator('input[name=password]').fill(USERS.admin.password);
  await page.locator('form[name=login] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
}

/** Waits until the screen settled (no loading overlay, no running request), then runs axe. */
async function check(page: Page, screen: string): Promise<void> {
  await networkSettled(page);
  await page
    .getByText(/^(Loading\.\.\.|Wird geladen\.\.\.)$/)
    .first()
    .waitFor({ state: 'hidden', timeout: 30_000 });
  // As the page rests: the pointer left on a clicked row may hover a link (drawn lighter) once the layout moves.
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page, screen);
}

describe.each(LANGUAGES)('WCAG 2.1 A/AA, UI in %s', (language) => {
  let page: Page;

  beforeAll(async () => {
    page = await pageIn(language);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  test('login (signed out)', async () => {
    await page.goto('/login');
    await visible(page.getByTestId('login-box'));
    await check(page, `login (${language})`);

    // Sent empty: both fields show their error.
    await page.locator('form[name=login] button[type=submit]').click();
    await visible(page.locator('[aria-invalid=true]').nth(1));
    await check(page, `login showing its errors (${language})`);
  });

  test('portal, then the article editor open', async () => {
    await signIn(page);
    await visible(page.locator('tr[data-row-key]').first());
    await check(page, `portal (${language})`);

    // Bulk actions: two rows ticked (the toolbar's buttons enabled), then the summary of a Feature.
    const boxes = page.locator('tr[data-row-key] input[type=checkbox]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await check(page, `portal, two rows selected (${language})`);
    await page.getByTestId('bulk-feature').click();
    await visible(page.getByTestId('bulk-summary'));
    await check(page, `portal, bulk summary (${language})`);

    await page.locator('tr[data-row-key] td').nth(1).click();
    await visible(page.getByTestId('article-editor').getByTestId('editor-title'));
    await check(page, `article editor (${language})`);

    // The editor's History panel (issue 15): the list, then two revisions compared side by side.
    await page.getByTestId('editor-history').click();
    const history = page.getByTestId('article-history');
    await visible(history.getByTestId('history-item').first());
    await check(page, `article history (${language})`);
    // beforeAll saved this article twice: two revisions to compare.
    const choices = history.getByRole('checkbox');
    expect(await choices.count()).toBeGreaterThanOrEqual(2);
    await choices.nth(0).check();
    await choices.nth(1).check();
    await history.getByTestId('history-compare').click();
    await visible(history.getByTestId('history-comparison'));
    // The pointer leaves the Compare button (a hovered button has its hover colours).
    await page.mouse.move(0, 0);
    await check(page, `article history comparison (${language})`);
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
  });

  test('portal, a delete confirm open', async () => {
    await page.goto('/articles');
    await page.locator('tr[data-row-key]').first().getByTestId('delete-article').click();
    await visible(page.locator('.ant-popconfirm'));
    await check(page, `portal, delete confirm (${language})`);
    // Cancel (the first of its buttons).
    await page.locator('.ant-popconfirm-buttons button').first().click();
    await page.locator('.ant-popconfirm').waitFor({ state: 'hidden' });
  });

  // Issue 15: the status filter on Scheduled (the row's clock icon: scheduled-publishing.e2e.test.ts, both languages).
  test('portal filtered to Scheduled articles', async () => {
    await page.goto('/articles?status=-3');
    await visible(page.getByTestId('article-filters'));
    await check(page, `portal, Scheduled filter (${language})`);

    // The category filter open and searched: the matches with their paths.
    const category = page.getByRole('combobox', { name: language === 'de' ? 'Kategorie' : 'Category', exact: true });
    await category.click();
    await category.fill('e');
    await visible(page.locator('.ant-select-item-option').first());
    await check(page, `portal, category filter searched (${language})`);
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-item-option').first().waitFor({ state: 'hidden' });
  });

  test('categories', async () => {
    await page.goto('/categories');
    await visible(page.getByRole('tree').first());
    await check(page, `categories (${language})`);

    const items = page.getByRole('treeitem');
    const collapsed = await items.count();
    await page.getByRole('button', { name: language === 'en' ? 'Expand all' : 'Alle aufklappen' }).click();
    await page.waitForFunction((before) => document.querySelectorAll('[role=treeitem]').length > before, collapsed);
    await check(page, `categories, every branch expanded (${language})`);
  });

  test('import list, the run modal open, its results, then the list with the last run', async () => {
    await page.goto('/import');
    const row = page.getByRole('row').filter({ hasText: importerTitle });
    await visible(row);
    await check(page, `import list (${language})`);

    await row.locator('button:has(.anticon-play-circle)').click();
    const dialog = await visible(page.getByRole('dialog'));
    await check(page, `import run modal (${language})`);

    await dialog.getByRole('button', { name: new RegExp(importerTitle) }).click();
    await visible(dialog.getByTestId('run-results'));
    await check(page, `import run results (${language})`);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await visible(row.locator('.ant-tag'));
    await check(page, `import list with a last run (${language})`);
  });

  test('activity log, filtered, and the article editor with its own activity', async () => {
    await page.goto('/activity');
    await visible(page.getByTestId('activity-row').first());
    await check(page, `activity (${language})`);

    await page.goto('/activity?entity=article&action=update');
    await visible(page.getByTestId('activity-table'));
    await check(page, `activity filtered (${language})`);

    await page.goto('/articles');
    await page.locator('tr[data-row-key] td').nth(1).click();
    await visible(page.getByTestId('article-activity'));
    await check(page, `article editor with its activity (${language})`);
  });

  test('import editor, new and edit', async () => {
    await page.goto('/import/new');
    const form = await visible(page.getByTestId('importer-form'));
    await check(page, `import editor new (${language})`);

    // Saved empty: the required fields show their errors.
    await form.locator('button[type=submit]').click();
    await visible(form.locator('.ant-form-item-explain-error').first());
    await check(page, `import editor showing its errors (${language})`);

    await page.goto(`/import/edit/${importerId}`);
    await visible(page.getByTestId('importer-form'));
    await visible(page.getByTestId('category-tree-picker'));
    await check(page, `import editor edit (${language})`);

    // The topic picker's search: the matches with their paths replace the tree.
    await page.locator('[data-testid="picker-search"] input, input[data-testid="picker-search"]').first().fill('i');
    await visible(page.getByTestId('picker-matches'));
    await check(page, `import editor, topic search (${language})`);
  });
});
