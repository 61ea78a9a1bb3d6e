/**
 * The import screens as users met them (issue 11): a submitter opening /import and /import/new by
 * URL (defect 4), latitude 999 in the import form (defect 6), and long names, feed URLs and item
 * titles in the importers table and the run results at 1280 px (defect 2).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { USERS, createImporterThroughApi, sessionToken, shot, signedInPage, visible, withApiAndBrowser } from '../support';

const STAMP = Date.now().toString(36);
const LONG_TITLE = `Breaking ${'X'.repeat(240)}`;
const LONG_NAME = `Wire ${STAMP} ${'N'.repeat(240)}`;

const e2e = withApiAndBrowser({ env: { IMPORT_ALLOW_PRIVATE_HOSTS: '1', IMPORT_SCHEDULER: '0' } });
let feed: http.Server;
let feedUrl = '';
let importerId = 0;

beforeAll(async () => {
  feed = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>E2E Wire</title><link>https://news.example.org/</link><description>Feed</description>
<item><title>${LONG_TITLE}</title><link>https://news.example.org/${STAMP}/long</link><guid>https://news.example.org/${STAMP}/long</guid>
<pubDate>${new Date(Date.UTC(2026, 0, 10, 9)).toUTCString()}</pubDate><description>Body</description></item>
</channel></rss>`);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  // A long feed URL too (the query is ignored by the loopback server).
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml?${'q'.repeat(300)}`;

  const token = await sessionToken(e2e.api.url, USERS.editor);
  importerId = await createImporterThroughApi(e2e.api.url, token, { title: LONG_NAME, feedUrl, published: false });
});

afterAll(async () => {
  await new Promise((resolve) => feed?.close(resolve));
});

/** The page scrolls sideways by this many px (0: it fits). */
const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a submitter (no right import) opens the import screens by URL (defect 4)', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signedInPage(e2e.browser, e2e.api.url, USERS.submitter));
  });
  afterAll(async () => page?.context().close());

  test.each(['/import', '/import/new', `/import/edit/ID`])(
    '%s: one "You do not have access to imports" view, no buttons, no error toast, no import call',
    async (path) => {
      const importCalls: string[] = [];
      const onRequest = (request: { url(): string }) => {
        if (new URL(request.url()).pathname.startsWith('/api/v2/portal/importer')) importCalls.push(request.url());
      };
      page.on('request', onRequest);
      await page.goto(path.replace('ID', String(importerId)));
      const denied = await visible(page.getByTestId('access-denied'));
      expect(await page.getByText('You do not have access to imports', { exact: true }).count()).toBe(1);
      expect(await denied.getByRole('link', { name: 'Go to the articles' }).count()).toBe(1);
      // Nothing of the screen itself: no New / Run buttons, no form, no rights error.
      expect(await page.getByRole('link', { name: 'New', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Run/ }).count()).toBe(0);
      expect(await page.getByTestId('importer-form').count()).toBe(0);
      expect(await page.locator('.ant-message-notice, .ant-notification-notice, [data-testid=toast]').count()).toBe(0);
      expect(importCalls).toEqual([]);
      page.off('request', onRequest);
    },
  );

  test('in German, and the way back leads to the articles', async () => {
    await page.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'de'));
    await page.goto('/import/new');
    await visible(page.getByText('Sie haben keinen Zugriff auf Importe', { exact: true }));
    await shot(page, 'defect4-submitter-import-new-de');
    await page.getByRole('link', { name: 'Zu den Artikeln' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'en'));
  });
});

describe('as editor', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signedInPage(e2e.browser, e2e.api.url, USERS.editor));
  });
  afterAll(async () => page?.context().close());

  test('latitude 999: the field says why, nothing is sent; a server refusal shows at its field too (defect 6)', async () => {
    await page.goto(`/import/edit/${importerId}`);
    const form = await visible(page.getByTestId('importer-form'));
    const latitudeItem = form.locator('.ant-form-item').filter({ has: page.getByLabel('Latitude', { exact: true }) });
    let saves = 0;
    const countSaves = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/portal/importer') saves += 1;
    };
    page.on('request', countSaves);
    await page.getByLabel('Latitude', { exact: true }).fill('999');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(latitudeItem.getByText('Enter a latitude from -90 to 90 (up to 12 decimals)', { exact: true }));
    expect(saves).toBe(0);
    await shot(page, 'defect6-latitude-999');

    // A refusal of the API naming the field (docs/ARCHITECTURE.md "Errors": data.error, data.field)
    // shows at that field, in the form's words, with no toast. The envelope is the API's own shape,
    // answered here for a value the form lets through (the server's checks are the API tests').
    await page.getByLabel('Latitude', { exact: true }).fill('45');
    await latitudeItem.getByText('Enter a latitude from -90 to 90 (up to 12 decimals)', { exact: true }).waitFor({ state: 'hidden' });
    await page.route('**/api/v2/portal/importer', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 400,
          message: 'defaults.latitude is not in the expected form',
          data: { error: 'field_pattern', field: 'defaults.latitude', params: { field: 'defaults.latitude' } },
        }),
      }),
    );
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(latitudeItem.getByText('Enter a latitude from -90 to 90 (up to 12 decimals)', { exact: true }));
    expect(await page.getByText(/defaults\.latitude/).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/import/edit/${importerId}`);
    await page.unroute('**/api/v2/portal/importer');
    page.off('request', countSaves);
  });

  test('long name and feed URL: ellipsised with the full text on hover, no sideways scroll at 1280 px; same for a long item title in the run results (defect 2)', async () => {
    await page.goto('/import');
    const row = page.locator(`tr[data-row-key="${importerId}"]`);
    await visible(row);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Nor does the table scroll inside its own box.
    const listTable = page.getByTestId('import-list').locator('.ant-table-content, .ant-table-body').first();
    expect(await listTable.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    // Full text on hover (the title attribute), the actions still on screen.
    expect(await row.getByTitle(LONG_NAME, { exact: true }).count()).toBe(1);
    expect(await row.getByTitle(feedUrl, { exact: true }).count()).toBe(1);
    const runButton = row.locator('button:has(.anticon-play-circle)');
    const box = await runButton.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    await shot(page, 'defect2-importers-table-long-name');

    await runButton.click();
    const dialog = await visible(page.getByRole('dialog').filter({ hasText: 'Manually Run Import' }));
    await dialog.getByRole('checkbox', { name: 'Simulation' }).check();
    await dialog.getByRole('button', { name: /^Run "/ }).click();
    const results = dialog.getByTestId('run-results');
    const titleCell = results.getByTitle(LONG_TITLE, { exact: true });
    await visible(titleCell);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const table = results.locator('.ant-table-content, .ant-table-body').first();
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    // Nothing in the modal runs past its edges (the single-run button carries the long name too).
    const modalBox = (await dialog.locator('.ant-modal-content, .ant-modal-container').first().boundingBox())!;
    expect(modalBox.x).toBeGreaterThanOrEqual(0);
    expect(modalBox.x + modalBox.width).toBeLessThanOrEqual(1280);
    const single = (await dialog.getByRole('button', { name: /^Run "/ }).boundingBox())!;
    expect(single.x + single.width).toBeLessThanOrEqual(modalBox.x + modalBox.width);
    expect(await dialog.getByRole('button', { name: /^Run "/ }).getAttribute('title')).toBe(`Run "${LONG_NAME}"`);
    await visible(results.getByRole('button', { name: 'Preview' }));
    const preview = await results.getByRole('button', { name: 'Preview' }).boundingBox();
    const modal = await dialog.locator('.ant-modal-content, .ant-modal-container').first().boundingBox();
    expect(preview && modal && preview.x + preview.width).toBeLessThanOrEqual((modal?.x ?? 0) + (modal?.width ?? 0));
    await shot(page, 'defect2-run-results-long-title');
  });
});
