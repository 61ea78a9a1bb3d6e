/**
 * The article list of the portal (issue 4) — real shell, remote-articles, API and PGlite with the
 * demo data in headless Chromium:
 * - as editor: Guidelines link and Logged In submitters popover; filter by category and status,
 *   sort, page, toggle featured and see the list reload; the "Search all titles" area (title box
 *   with Go, general search, sort, opening a result in the editor);
 * - as submitter: no filter panel, no featured toggle, no submitters popover; a title search result
 *   is a link to the public page.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { USERS, login, newPage, shot, visible, withApiAndBrowser } from '../support';

jest.setTimeout(240_000);

const e2e = withApiAndBrowser();

const table = (page: Page): Locator => page.getByTestId('article-portal').locator('.ant-table').first();
const rows = (page: Page): Locator => table(page).locator('tr[data-article-id]');

/** The next answer of GET /api/portal/articles (the list), with its query. */
function nextList(page: Page): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/articles' && r.request().method() === 'GET');
}

/** Picks an option of an antd Select (the dropdown renders in the page body). */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

async function listQuery(response: Response): Promise<{ params: URLSearchParams; total: number; ids: number[] }> {
  const body = (await response.json()) as { code: number; total: number; data: Array<{ id: number }> };
  expect(body.code).toBe(200);
  return { params: new URL(response.url()).searchParams, total: body.total, ids: body.data.map((a) => a.id) };
}

/** Waits until the table shows exactly these rows, in this order (the answer arrives before React renders it). */
async function shown(page: Page, ids: number[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll('[data-testid="article-portal"] tr[data-article-id]')]
        .map((row) => row.getAttribute('data-article-id'))
        .join(',') === expected,
    ids.join(','),
  );
}

test('as editor: toolbar, filters, sort, paging, featured toggle and the title search', async () => {
  const { page, context } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    await page.goto('/articles');
    await visible(rows(page).first());

    // Toolbar: Guidelines in a new tab; Logged In submitters (edit_all_articles) lists the editor.
    const guidelines = page.getByTestId('guidelines-link');
    await expect(guidelines.getAttribute('target')).resolves.toBe('_blank');
    await expect(guidelines.getAttribute('href')).resolves.toMatch(/^https?:\/\/|^\//);
    await page.getByRole('button', { name: 'Logged In submitters' }).click();
    const popover = page.getByTestId('submitters-online-list');
    await visible(popover.locator('[data-submitter="editor"]'));
    await shot(page, 'article-list-editor-submitters-online');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Search all titles (5 word limit)' }).click();

    // Filter: category (a section: it and its sub-categories) and status.
    await visible(page.getByTestId('article-filters'));
    let answer = nextList(page);
    await choose(page, page.getByRole('combobox', { name: 'Category' }), 'News');
    let list = await listQuery(await answer);
    expect(list.params.get('category')).toBe('100');
    expect(new URL(page.url()).searchParams.get('category')).toBe('100');
    const newsTotal = list.total;
    expect(newsTotal).toBeGreaterThan(0);

    answer = nextList(page);
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Published');
    list = await listQuery(await answer);
    expect(list.params.get('status')).toBe('1');
    expect(list.params.get('category')).toBe('100');
    expect(list.params.get('limitStart') ?? '0').toBe('0');
    expect(list.total).toBeGreaterThan(5);
    expect(list.total).toBeLessThanOrEqual(newsTotal);
    await shot(page, 'article-list-editor-filtered');

    // Sort by title: ascending first, the same column again flips it.
    answer = nextList(page);
    await table(page).locator('[data-sort-column="title"]').click();
    list = await listQuery(await answer);
    expect([list.params.get('sort'), list.params.get('sortDir')]).toEqual(['title', 'ASC']);
    await shown(page, list.ids);
    const titles = await rows(page).locator('td:nth-child(3)').allInnerTexts(); // after the bulk checkbox and ID
    const sorted = [...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect(titles).toEqual(sorted);
    answer = nextList(page);
    await table(page).locator('[data-sort-column="title"]').click();
    list = await listQuery(await answer);
    expect(list.params.get('sortDir')).toBe('DESC');

    // Page 2: offset = limit × (page − 1).
    answer = nextList(page);
    await page.locator('.ant-pagination-item-2').first().click();
    list = await listQuery(await answer);
    expect(list.params.get('limitStart')).toBe('5');
    await shown(page, list.ids);
    await visible(page.locator('.ant-pagination-item-2.ant-pagination-item-active').first());

    // Toggle featured on the first row: the update goes out, then the list reloads with the new value.
    const row = rows(page).first();
    const id = Number(await row.getAttribute('data-article-id'));
    const toggle = row.getByTestId('featured-toggle');
    const before = await toggle.getAttribute('aria-label');
    expect(before).toMatch(/click to (feature|unfeature)/);
    const update = page.waitForResponse((r) => r.url().endsWith('/api/portal/article/update'));
    const reload = nextList(page);
    await toggle.click();
    const updated = (await (await update).json()) as { code: number; data: { id: number; featured: number } };
    expect(updated.code).toBe(200);
    expect(updated.data.id).toBe(id);
    await reload;
    const after = rows(page)
      .and(page.locator(`[data-article-id="${id}"]`))
      .getByTestId('featured-toggle');
    await page.waitForFunction(
      ([articleId, label]) =>
        document.querySelector(`tr[data-article-id="${articleId}"] [data-testid="featured-toggle"]`)?.getAttribute('aria-label') !== label,
      [String(id), before] as const,
    );
    expect(await after.getAttribute('aria-label')).toBe(
      updated.data.featured === 1 ? 'Featured: click to unfeature' : 'Not featured: click to feature',
    );
    await shot(page, 'article-list-editor-featured-toggled');

    // The filtered view survives a reload (the filter lives in the URL).
    await page.reload();
    await visible(rows(page).first());
    expect(new URL(page.url()).searchParams.get('status')).toBe('1');

    // Search all titles: empty Go does nothing; a word finds titles; results sort by title.
    const area = page.getByTestId('title-search');
    let searches = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/portal/articles/search')) searches += 1;
    });
    await area.getByRole('button', { name: 'Go' }).click();
    await area.getByRole('textbox', { name: 'Title words' }).fill('energy');
    const titleSearch = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/articles/search-title');
    await area.getByRole('button', { name: 'Go' }).click();
    const found = (await (await titleSearch).json()) as { code: number; total: number; data: Array<{ id: number; title: string }> };
    // The empty Go before it sent nothing: this search is the only one (no sleep needed to see that).
    expect(searches).toBe(1);
    expect(found.code).toBe(200);
    expect(found.total).toBeGreaterThan(0);
    const results = area.getByRole('table', { name: 'Search results' });
    await visible(results.getByText(found.data[0]!.title));
    for (const hit of found.data) expect(hit.title.toLowerCase()).toContain('energy');

    const sortedSearch = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/articles/search-title');
    await area.getByRole('button', { name: 'Sort by title' }).click();
    const byTitle = await sortedSearch;
    expect(new URL(byTitle.url()).searchParams.get('sort')).toBe('title');

    // More than 5 words: the server's message shows once, as the error toast (not also in the area,
    // and no "No records found" beside it).
    await area.getByRole('textbox', { name: 'Title words' }).fill('one two three four five six');
    await area.getByRole('button', { name: 'Go' }).click();
    const errorToast = page.locator('.ant-message-notice', { has: page.locator('.anticon-close-circle') });
    await visible(errorToast.first());
    expect(await errorToast.count()).toBe(1);
    const refusal = (await errorToast.first().textContent())!.trim();
    expect(refusal.length).toBeGreaterThan(5);
    expect(await area.getByText(refusal, { exact: true }).count()).toBe(0);
    expect(await area.getByText('No records found').count()).toBe(0);

    // Over the server's 200 characters (issue 11 defect 10): not sent, one message at the box.
    let sent = 0;
    const countSearch = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/portal/articles/search')) sent += 1;
    };
    page.on('request', countSearch);
    await area.getByRole('textbox', { name: 'Title words' }).fill(`Breaking ${'X'.repeat(200)}`);
    await area.getByRole('button', { name: 'Go' }).click();
    await visible(area.getByTestId('title-search-too-long').getByText('The search text is too long: at most 200 characters.'));
    page.off('request', countSearch);
    expect(sent).toBe(0);
    expect(await area.getByText('No records found').count()).toBe(0);
    await shot(page, 'article-list-title-search-too-long');

    // General search: Enter searches, an empty term clears.
    const textBox = area.getByRole('searchbox', { name: 'Search all articles' });
    await textBox.fill('parliament');
    const general = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/articles/search');
    await textBox.press('Enter');
    const generalBody = (await (await general).json()) as { total: number; data: Array<{ id: number; title: string }> };
    expect(generalBody.total).toBeGreaterThan(0);
    await visible(results.getByText(generalBody.data[0]!.title));
    await shot(page, 'article-list-editor-title-search');

    // Opening a result (view_all_articles): the editor opens for that article.
    await results.locator(`[data-open-article="${generalBody.data[0]!.id}"]`).click();
    await visible(page.getByTestId('article-editor'), 60_000);
    await shot(page, 'article-list-editor-search-opened');

    await textBox.fill('');
    await textBox.press('Enter');
    await results.waitFor({ state: 'detached' });
  } finally {
    await context.close();
  }
});

test('as submitter: no filter panel, no featured toggle, no submitters popover; search results link to the public page', async () => {
  const { page, context } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.submitter);
    await page.goto('/articles');
    await visible(page.getByTestId('article-portal'));
    await visible(page.getByRole('heading', { name: 'Search all titles (5 word limit)' }));
    // The toolbar and the list have rendered (the filter panel and the popover would be beside them).
    await visible(page.getByTestId('guidelines-link'));
    await visible(table(page));
    expect(await page.getByTestId('article-filters').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logged In submitters' }).count()).toBe(0);
    const count = await rows(page).count();
    if (count > 0) {
      // The featured state shows as an icon, never as a button to click.
      expect(
        await table(page)
          .getByRole('button', { name: /click to (feature|unfeature)/ })
          .count(),
      ).toBe(0);
    }
    await shot(page, 'article-list-submitter');

    // The title search finds published articles; a result is a link to its public url in a new tab.
    const area = page.getByTestId('title-search');
    await area.getByRole('textbox', { name: 'Title words' }).fill('parliament');
    const search = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/articles/search-title');
    await area.getByRole('textbox', { name: 'Title words' }).press('Enter');
    const body = (await (await search).json()) as { total: number; data: Array<{ id: number; title: string; url: string }> };
    expect(body.total).toBeGreaterThan(0);
    const link = area.getByRole('link', { name: body.data[0]!.title });
    await visible(link);
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('href')).resolves.toBe(body.data[0]!.url);
    await shot(page, 'article-list-submitter-title-search');
  } finally {
    await context.close();
  }
});
