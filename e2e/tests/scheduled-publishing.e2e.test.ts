/**
 * Scheduled publishing (issue 15, part 3) — real shell, remote-articles, API (publishing job on,
 * one-second tick) and PGlite in headless Chromium whose time zone is Asia/Kolkata (UTC+5:30):
 * - an admin gives an Unpublished article a Start publishing time about a minute ahead, entered in
 *   the browser's zone, and presses Schedule; the API stores it in UTC; the editor's Publishing panel
 *   says it is Scheduled; the list shows the row as Scheduled (clock icon, its time in the user's
 *   zone) and the Scheduled status filter lists it;
 * - then nobody acts: the row turns Published in the list by itself (the job publishes it, the list
 *   loads again after its time);
 * - axe: the list with a Scheduled row and the editor's Publishing panel, in English and German.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  USERS,
  apiCall,
  createArticleThroughApi,
  sessionToken,
  expectNoAxeViolations,
  login,
  shot,
  track,
  visible,
  withApiAndBrowser,
  openArticleFromList,
} from '../support';

jest.setTimeout(300_000);

// UTC+5:30 all year (a half-hour offset, no daylight saving); Chromium names it Asia/Calcutta.
const ZONE = 'Asia/Kolkata';
const ZONE_OFFSET_MS = (5 * 60 + 30) * 60_000;

const e2e = withApiAndBrowser({ env: { PUBLISH_SCHEDULER: '1', PUBLISH_SCHEDULER_TICK_SECONDS: '1' } });

const adminToken = (): Promise<string> => sessionToken(e2e.api.url, USERS.admin);

/** A saveable article (image, topic, main category) made through the API, then Unpublished (approved, then unpublished). */
async function unpublishedArticle(token: string, title: string): Promise<string> {
  const id = await createArticleThroughApi(e2e.api.url, token, { title, text: '<p>Goes out later.</p>' });
  for (const value of ['1', '0']) {
    const changed = await apiCall(e2e.api.url, 'POST', '/api/portal/article/update', { id, field: 'state', value }, token);
    expect(changed.status).toBe(200);
  }
  return id;
}

/** A page in the user's zone (the browser's), optionally in German from the first render. */
async function pageInZone(language?: 'de'): Promise<{ context: BrowserContext; page: Page; log: ReturnType<typeof track> }> {
  const context = await e2e.browser.newContext({ baseURL: e2e.api.url, viewport: { width: 1280, height: 800 }, timezoneId: ZONE });
  if (language) await context.addInitScript((lng) => window.localStorage.setItem('newsdesk.lang', lng), language);
  const page = await context.newPage();
  return { context, page, log: track(page) };
}

const editorOf = (page: Page): Locator => page.getByTestId('article-editor');
const rowOf = (page: Page, id: string): Locator => page.locator(`tr[data-row-key="${id}"]`);
const statusOf = (page: Page, id: string): Locator => rowOf(page, id).locator('[data-status]').first();

/**
 * Opens the row in the editor and waits for the editor's read of the article (the title shows
 * before it arrives, and the form settles only after it).
 */
async function openInEditor(page: Page, id: string): Promise<void> {
  expect((await openArticleFromList(page, id, rowOf(page, id).getByText(/e2e/))).status()).toBe(200);
}

/** Opens the row in the editor, then its Publishing panel (`panel`: its name in the UI language), which names the user's zone. */
async function openPublishingPanel(page: Page, id: string, panel: string, zoneNote: RegExp): Promise<void> {
  await openInEditor(page, id);
  const publishing = editorOf(page).getByRole('button', { name: panel, exact: true });
  const note = editorOf(page).getByTestId('publish-time-zone').getByText(zoneNote);
  // The editor may open the panel by itself (an article with a schedule) just after its first paint:
  // a click read as "closed" a moment earlier would close it again, so look, click, and look again.
  for (let attempt = 0; attempt < 5 && !(await note.isVisible()); attempt += 1) {
    if ((await publishing.getAttribute('aria-expanded')) !== 'true') await publishing.click();
    await note.waitFor({ state: 'visible', timeout: 3_000 }).catch(() => undefined);
  }
  await visible(note);
}

/** Picks an option of an antd Select (the dropdown renders in the page body). */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached', timeout: 10_000 });
}

/** An instant on the wall clock of ZONE as the start picker shows it: 2027-03-14 18:30 (en), 14.03.2027 18:30 (de). */
function wallClock(utcMs: number, language: 'en' | 'de' = 'en'): string {
  const iso = new Date(utcMs + ZONE_OFFSET_MS).toISOString();
  const [year, month, day, time] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10), iso.slice(11, 16)];
  return language === 'de' ? `${day}.${month}.${year} ${time}` : `${year}-${month}-${day} ${time}`;
}

/** Types a start time into the Publishing panel's picker and confirms it (Enter), as a user does. */
async function typeStart(page: Page, text: string): Promise<void> {
  const input = editorOf(page).getByTestId('publish-up');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await page.waitForFunction(
    (shown) => (document.querySelector('[data-testid="publish-up"]') as HTMLInputElement | null)?.value === shown,
    text,
  );
}

/** Spaces as Intl writes them (narrow no-break space before AM/PM) made plain. */
const plain = (text: string | null): string => (text ?? '').replace(/[\s\u202f\u00a0]+/g, ' ').trim();

test('an article scheduled a minute ahead, in the user time zone, turns published in the list without anyone acting', async () => {
  const token = await adminToken();
  const title = `Scheduled e2e ${Date.now().toString(36)}`;
  const id = await unpublishedArticle(token, title);
  const { context, page, log } = await pageInZone();
  try {
    await login(page, USERS.admin);
    await visible(rowOf(page, id));
    expect(await statusOf(page, id).getAttribute('data-status')).toBe('other'); // Unpublished: the minus

    // The next whole minute at least 60 s ahead (the input takes minutes): 60-120 s from now.
    const goesOut = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
    await openPublishingPanel(page, id, 'Publishing', /^In your time zone \(Asia\/(Kolkata|Calcutta)\)\./);
    await typeStart(page, wallClock(goesOut));
    await shot(page, 'scheduled-publishing-editor');
    await page.mouse.move(0, 0); // the pointer off the buttons (axe checks the screen at rest, not a hover colour)
    await expectNoAxeViolations(page, 'editor with the Publishing panel (en)');

    // The panel says what is stored: no schedule yet (the time typed is not saved).
    expect(await editorOf(page).getByTestId('schedule-status').getAttribute('data-schedule')).toBe('none');
    // Saved in UTC (the wall time typed in Kolkata, 5 h 30 min earlier), then scheduled.
    const saving = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/portal/article');
    const scheduling = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/portal/article/${id}/schedule`,
    );
    await editorOf(page).getByTestId('editor-actions').getByRole('button', { name: 'Schedule', exact: true }).click();
    const sent = new URLSearchParams((await saving).postData() ?? '');
    expect(sent.get('publish_up')).toBe(new Date(goesOut).toISOString().slice(0, 19).replace('T', ' '));
    expect((await scheduling).status()).toBe(200);
    await visible(page.getByText('Article scheduled', { exact: true }));
    // The editor says so itself: the panel and the tag beside its heading.
    await page.waitForFunction(() => document.querySelector('[data-testid="schedule-status"][data-schedule="scheduled"]') !== null);
    await visible(editorOf(page).getByTestId('editor-scheduled'));

    // The row is Scheduled: its own icon, its label says when, in the user's zone.
    await page.waitForFunction((rowId) => document.querySelector(`tr[data-row-key="${rowId}"] [data-status="scheduled"]`) !== null, id);
    const expectedTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(goesOut);
    expect(plain(await statusOf(page, id).getAttribute('aria-label'))).toBe(plain(`Scheduled: goes out ${expectedTime}`));
    expect(await statusOf(page, id).getAttribute('title')).toBe(await statusOf(page, id).getAttribute('aria-label'));

    // The status filter's Scheduled choice lists it.
    // (The list also loads quietly by itself meanwhile: the answer to the filter is the one asking for -3.)
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/portal/articles' && new URL(r.url()).searchParams.get('status') === '-3',
    );
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Scheduled');
    const listed = await answer;
    expect(new URL(listed.url()).searchParams.get('status')).toBe('-3');
    const ids = ((await listed.json()) as { data: Array<{ id: number }> }).data.map((a) => String(a.id));
    expect(ids).toContain(id);
    await visible(rowOf(page, id));
    await shot(page, 'scheduled-publishing-list-scheduled');
    await expectNoAxeViolations(page, 'article list with a Scheduled row (en)');
    expect(Date.now()).toBeLessThan(goesOut); // all of the above happened before its time

    // Back to every status; from here on nobody acts. The row turns Published by itself.
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Any status');
    await page.waitForFunction((rowId) => document.querySelector(`tr[data-row-key="${rowId}"] [data-status="scheduled"]`) !== null, id);
    const loads: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/portal/articles') loads.push(r.url());
    });
    await page.waitForFunction((rowId) => document.querySelector(`tr[data-row-key="${rowId}"] [data-status="published"]`) !== null, id, {
      timeout: goesOut - Date.now() + 60_000,
      polling: 500,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(goesOut);
    expect(loads.length).toBeGreaterThan(0); // the list loaded again by itself
    expect(await statusOf(page, id).getAttribute('aria-label')).toBe('Published');
    await shot(page, 'scheduled-publishing-list-published');

    const stored = await apiCall(e2e.api.url, 'GET', `/api/portal/articles?status=1&search=${encodeURIComponent(title)}`, undefined, token);
    expect((stored.body.data as Array<{ id: number; state: number }>).find((a) => String(a.id) === id)).toMatchObject({ state: 1 });
    expect(log.pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('German: the Scheduled row, the status filter and the Publishing panel (axe clean)', async () => {
  const token = await adminToken();
  const id = await unpublishedArticle(token, `Geplant e2e ${Date.now().toString(36)}`);
  // A day ahead: this test is about the screens, not the clock.
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') + ':00';
  const { context, page } = await pageInZone('de');
  try {
    // The login form in German: its fields by name.
    await page.goto('/login');
    await page.locator('input[name=username]').fill(USERS.admin.username);
    await page.locator('input[name=password]').fill(USERS.admin.password);
    await page.locator('form[name=login] button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await visible(rowOf(page, id));
    await openPublishingPanel(page, id, 'Veröffentlichung', /^In Ihrer Zeitzone \(Asia\/(Kolkata|Calcutta)\)\./);
    // The German format (day first); the picker's calendar open, for axe and the German scan.
    await typeStart(page, wallClock(Date.parse(`${tomorrow.replace(' ', 'T')}Z`), 'de'));
    await editorOf(page).getByTestId('publish-up').click();
    await visible(page.locator('.ant-picker-dropdown:visible'));
    // German weeks: Monday first, named Mo (English: Su first).
    expect(await page.locator('.ant-picker-dropdown:visible .ant-picker-content thead th').first().textContent()).toBe('Mo');
    await shot(page, 'scheduled-publishing-picker-de');
    await expectNoAxeViolations(page, 'editor with the start picker open (de)');
    await page.keyboard.press('Escape');
    // The calendar fades out: axe reads the panel once it has gone (mid-fade colours are blends).
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, 'editor with the Publishing panel (de)');
    await editorOf(page).getByTestId('editor-actions').getByRole('button', { name: 'Planen', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="schedule-status"][data-schedule="scheduled"]') !== null);
    expect(await editorOf(page).getByTestId('schedule-status').textContent()).toMatch(/^Geplant: erscheint /);
    await page.mouse.move(0, 0); // the pointer off the button it pressed (axe checks the screen at rest)
    await shot(page, 'scheduled-publishing-editor-de');
    await expectNoAxeViolations(page, 'editor of a Scheduled article (de)');
    await page.waitForFunction((rowId) => document.querySelector(`tr[data-row-key="${rowId}"] [data-status="scheduled"]`) !== null, id);
    expect(await statusOf(page, id).getAttribute('aria-label')).toMatch(/^Geplant: erscheint /);
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Geplant');
    await visible(rowOf(page, id));
    await shot(page, 'scheduled-publishing-list-de');
    await expectNoAxeViolations(page, 'article list with a Scheduled row (de)');
  } finally {
    await context.close();
  }
});
