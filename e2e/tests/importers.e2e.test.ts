/**
 * Scheduled imports end to end: an editor creates an importer for an RSS feed served on loopback
 * (the API allows loopback feeds with IMPORT_ALLOW_PRIVATE_HOSTS=1; the scheduler is off), runs it
 * as a simulation (marker, items listed, nothing created), runs it for real, and finds the articles
 * in the article list with the defaults applied — real shell, remotes, API and PGlite in Chromium.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { USERS, apiCall, login, newPage, shot, visible, withApiAndBrowser } from '../support';

const STAMP = Date.now().toString(36);
const STORIES = [1, 2, 3].map((n) => ({
  title: `E2E wire story ${n} ${STAMP}`,
  link: `https://news.example.org/e2e/${STAMP}/${n}`,
  body: `<p>Intro of story ${n}: <strong>imported</strong> from the loopback feed.</p>`,
}));

function rss(): string {
  const items = STORIES.map(
    (story, index) => `<item>
      <title>${story.title}</title>
      <link>${story.link}</link>
      <guid>${story.link}</guid>
      <pubDate>${new Date(Date.UTC(2026, 0, 10 + index, 9)).toUTCString()}</pubDate>
      <description><![CDATA[${story.body}]]></description>
    </item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>E2E Wire</title><link>https://news.example.org/</link><description>Test feed</description>
${items}
</channel></rss>`;
}

const e2e = withApiAndBrowser({ env: { IMPORT_ALLOW_PRIVATE_HOSTS: '1', IMPORT_SCHEDULER: '0' } });
let feed: http.Server;
let feedUrl = '';
let token = '';
let categoryId = 0;
const categoryTitle = `E2E Imports ${STAMP}`;

beforeAll(async () => {
  feed = http.createServer((request, response) => {
    if (request.url === '/feed.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(rss());
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`;

  const session = await apiCall(e2e.api.url, 'POST', '/api/v2/session', {
    username: USERS.editor.username,
    password: USERS.editor.password,
  });
  token = (session.body.data as { auth: string }).auth;
  // A fresh main category (parent 8), so the article list filtered by it shows only imported articles.
  const created = await apiCall(e2e.api.url, 'POST', '/api/v2/portal/category', { title: categoryTitle, parent_id: '8' }, token);
  expect(created.status).toBe(200);
  categoryId = (created.body.data as { id: number }).id;
});

afterAll(async () => {
  await new Promise((resolve) => feed?.close(resolve));
});

/** Opens an antd Select by its form label and picks an option by its text. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

async function articlesInCategory(): Promise<Array<{ id: number; title: string; state: number }>> {
  const res = await fetch(`${e2e.api.url}/api/portal/articles?category=${categoryId}&limit=20`, { headers: { AUTHENTICATION: token } });
  return ((await res.json()) as { data: Array<{ id: number; title: string; state: number }> }).data;
}

// The admin: an importer that publishes its articles needs approve_article (issue 11, defect 16).
test('an admin creates a publishing importer, simulates it, runs it, and finds the articles with the defaults applied', async () => {
  const { context, page, log } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.admin);
    await page.goto(`${e2e.api.url}/import`);
    await visible(page.getByRole('columnheader', { name: /^Action/ }));
    await page.getByRole('link', { name: /New/ }).click();
    await page.waitForURL(/\/import\/new$/);
    const form = page.getByTestId('importer-form');
    await visible(form);

    // Feed section.
    await form.getByLabel('Title', { exact: true }).fill(`E2E Wire ${STAMP}`);
    await form.getByLabel('Feed URL', { exact: true }).fill(feedUrl);
    await choose(page, 'Feed Type', 'RSS 0.9x / 2.0');
    // Article defaults: published, a content type, the user, a tag, the new category as topic and main category.
    await choose(page, 'Published State', 'Published');
    await choose(page, 'Type of Content', 'Article');
    await choose(page, 'User', 'Erin Editor');
    await form.getByRole('checkbox', { name: 'Use source link' }).check();
    await form.getByLabel('Tags', { exact: true }).fill(`e2e-tag-${STAMP}`);
    await form.getByRole('button', { name: 'Add tag', exact: true }).click();
    await visible(page.getByTestId('tag-list').getByText(`e2e-tag-${STAMP}`));
    const picker = page.getByTestId('category-tree-picker');
    await picker.getByRole('checkbox', { name: `Select ${categoryTitle}`, exact: true }).check();
    await choose(page, 'Main Category', categoryTitle);
    // Location: a suburb chosen with no country sets the country, its State/Region and the coordinates.
    await form.getByLabel('Suburb', { exact: true }).fill('Parramatta');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Parramatta, New South Wales, AU' })
      .first()
      .click();
    await visible(form.locator('.ant-form-item').filter({ hasText: 'State/Region' }).getByText('New South Wales', { exact: true }));
    await visible(form.locator('.ant-form-item').filter({ hasText: 'Country' }).getByText('Australia', { exact: true }));
    expect(await form.getByLabel('Latitude', { exact: true }).inputValue()).toMatch(/^-33\.8/);
    await shot(page, 'importers-editor-filled');
    await form.getByRole('button', { name: 'Save', exact: true }).click();

    await visible(page.getByText('Saved', { exact: true }));
    await page.waitForURL(/\/import$/);
    const row = page.getByRole('row').filter({ hasText: `E2E Wire ${STAMP}` });
    await visible(row);
    await visible(row.getByText('Never run'));
    // The saved location is the region the State/Region list offers for New South Wales.
    const importers = await apiCall(e2e.api.url, 'GET', '/api/v2/portal/importer', undefined, token);
    const saved = (importers.body.data as Array<{ id: number; title: string }>).find((item) => item.title === `E2E Wire ${STAMP}`)!;
    const states = await apiCall(e2e.api.url, 'GET', '/api/locations/states/AU', undefined, token);
    const nsw = (states.body.data as Array<{ state_id: number; state_name: string }>).find(
      (state) => state.state_name === 'New South Wales',
    )!;
    const one = await apiCall(e2e.api.url, 'GET', `/api/v2/portal/importer/${saved.id}`, undefined, token);
    expect((one.body.data as { defaults: Record<string, unknown> }).defaults).toMatchObject({
      country: 'AU',
      state: String(nsw.state_id),
      suburb: 'Parramatta',
    });
    await shot(page, 'importers-list-saved');

    // Simulation: the marker and the items, and nothing created.
    await row.getByRole('button', { name: `Run E2E Wire ${STAMP} now` }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Manually Run Import' });
    await visible(dialog);
    for (const name of ['Run All', 'Run Every 5 Mins', 'Run Hourly', 'Run Daily', 'Run Weekly', 'Close']) {
      await visible(dialog.getByRole('button', { name, exact: true }));
    }
    await dialog.getByRole('checkbox', { name: 'Simulation' }).check();
    await dialog.getByRole('button', { name: `Run "E2E Wire ${STAMP}"` }).click();
    const results = dialog.getByTestId('run-results');
    await visible(results, 60_000);
    await visible(results.getByTestId('simulation-marker'));
    for (const story of STORIES) await visible(results.getByText(story.title, { exact: true }));
    await shot(page, 'importers-run-simulated');
    expect(await articlesInCategory()).toEqual([]);

    // The preview popup shows the item's intro text.
    await results.getByRole('row').filter({ hasText: STORIES[0]!.title }).getByRole('button', { name: 'Preview' }).click();
    const frame = page.frameLocator('iframe[title="Preview"]');
    await visible(frame.getByText('imported', { exact: true }));
    await page.waitForTimeout(500); // let the popup's zoom-in animation finish for the screenshot
    await shot(page, 'importers-run-preview');
    await page.keyboard.press('Escape');

    // Complete clears; then the real run.
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await results.waitFor({ state: 'detached' });
    await dialog.getByRole('checkbox', { name: 'Simulation' }).uncheck();
    await dialog.getByRole('button', { name: `Run "E2E Wire ${STAMP}"` }).click();
    await visible(results, 60_000);
    expect(await results.getByTestId('simulation-marker').count()).toBe(0);
    for (const story of STORIES) await visible(results.getByText(story.title, { exact: true }));
    await visible(results.getByText(/3 created/));
    await shot(page, 'importers-run-real');
    // Running again creates nothing new: every item is a duplicate.
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await results.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: `Run "E2E Wire ${STAMP}"` }).click();
    await visible(results.getByText('3 seen, 0 created, 3 duplicates, 0 failed'), 60_000);
    await visible(results.getByText('No new items'));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await visible(row.getByText(/0 new, 3 duplicate, 0 failed/));

    // The run history chart of the row.
    await row.getByRole('button', { name: /expand/i }).click();
    const chart = page.getByTestId(/^run-history-/);
    await visible(chart);
    expect(await chart.locator('g[data-run]').count()).toBe(2);
    await shot(page, 'importers-list-history');

    // The articles in the article list, filtered by the category the importer gave them; published.
    const imported = await articlesInCategory();
    expect(imported.map((article) => article.title).sort()).toEqual(STORIES.map((story) => story.title).sort());
    expect(imported.every((article) => article.state === 1)).toBe(true);
    const opened = await fetch(`${e2e.api.url}/api/portal/article?id=${imported[0]!.id}`, { headers: { AUTHENTICATION: token } });
    const { article } = ((await opened.json()) as { data: { article: Record<string, unknown> } }).data;
    expect(article).toMatchObject({
      state: 1,
      main_category_id: categoryId,
      use_source_link: '1',
      topics: [categoryId],
      tags: [expect.objectContaining({ title: `e2e-tag-${STAMP}` })],
    });
    await page.goto(`${e2e.api.url}/?category=${categoryId}`);
    for (const story of STORIES) await visible(page.getByText(story.title, { exact: true }));
    await shot(page, 'importers-articles-list');

    expect(log.pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
