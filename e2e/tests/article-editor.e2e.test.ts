/**
 * The article editor in the portal's right column — real shell, remote-articles, the CategoryTree
 * picker of remote-categories through federation, API and PGlite in headless Chromium:
 * a submitter creates an article with an uploaded image, categories, a tag, a new author, an
 * event and a location and submits it; an approver publishes it; two browser contexts edit the
 * same article and the second save gets the version conflict with its text kept.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  USERS,
  apiCall,
  createArticleThroughApi,
  sessionToken,
  login,
  newPage,
  shot,
  visible,
  withApiAndBrowser,
  openArticleFromList,
} from '../support';

jest.setTimeout(240_000);

const e2e = withApiAndBrowser();

/** Creates a saveable article (image, topic, main category) through the API as `user`; its id. */
async function createArticle(user: { username: string; password: string }, title: string): Promise<string> {
  return createArticleThroughApi(e2e.api.url, await sessionToken(e2e.api.url, user), { title, text: '<p>The original text.</p>' });
}

const editorOf = (page: Page): Locator => page.getByTestId('article-editor');

interface LockSeen {
  mine: boolean;
  held_by: { id: number; name: string } | null;
}

/** Opens the article from the list (which takes the edit lock); the lock as the editor's read reported it. */
async function openFromList(page: Page, id: string): Promise<LockSeen> {
  const response = await openArticleFromList(page, id);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { lock: LockSeen } }).data.lock;
}

/** Opens a collapsed panel of the editor by its header. */
async function openPanel(page: Page, name: string): Promise<void> {
  const header = editorOf(page).getByRole('button', { name, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

/** Picks an option of an antd Select (the dropdown renders in the page body). */
async function choose(page: Page, select: Locator, option: string, search?: string): Promise<void> {
  await select.click();
  if (search) await page.keyboard.type(search);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** The rich-text editor's editing area (ProseMirror) of a field. */
const richText = (page: Page, label: string): Locator => editorOf(page).getByRole('textbox', { name: label, exact: true });

test('a submitter creates and submits an article; an approver publishes it', async () => {
  const title = `E2E article ${Date.now()}`;
  const png = await sharp({ create: { width: 480, height: 300, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();

  const submitter = await newPage(e2e.browser, e2e.api.url);
  const page = submitter.page;
  try {
    await login(page, USERS.submitter);
    await page.getByTestId('new-article').click();
    await visible(editorOf(page).getByText('New article'));

    await editorOf(page).getByTestId('editor-title').fill(title);
    // The rich-text editor is a lazy chunk: on a busy CI machine its first load can take a while.
    await richText(page, 'Intro').waitFor({ timeout: 90_000 });
    await richText(page, 'Intro').click();
    await page.keyboard.type('A short intro for the preview.');
    await richText(page, 'Text').click();
    await page.keyboard.type('The body of the article, typed in the rich-text editor.');
    // The link dialog: its target defaults to a new window.
    await page.keyboard.press('Control+A');
    const textItem = editorOf(page).locator('.ant-form-item', { has: page.getByRole('textbox', { name: 'Text', exact: true }) });
    await textItem.getByRole('button', { name: 'Link', exact: true }).click();
    const linkDialog = page.getByRole('dialog');
    expect(await linkDialog.getByRole('checkbox', { name: 'Open in a new window' }).isChecked()).toBe(true);
    await linkDialog.getByLabel('URL').fill('https://example.org/harbour');
    await linkDialog.getByRole('button', { name: 'OK' }).click();
    await visible(richText(page, 'Text').locator('a[href="https://example.org/harbour"][target="_blank"]'));

    // Saving without an image is refused with the spec's message.
    await editorOf(page).getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Please add at least one image', { exact: true }));

    // Upload one image with a caption: it becomes the main image.
    await editorOf(page).getByLabel('Image caption', { exact: true }).fill('Harbour at dawn');
    await editorOf(page).getByTestId('editor-images').locator('input[type=file]').setInputFiles({
      name: 'harbour.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await visible(editorOf(page).locator('[data-testid^="editor-image-"]'));

    // Categories through the federated picker: ticking a parent ticks its children.
    const picker = editorOf(page).getByTestId('category-tree-picker');
    await picker.getByRole('checkbox', { name: 'Select News', exact: true }).check();
    await page.getByRole('button', { name: 'Expand News', exact: true }).click();
    expect(await picker.getByRole('checkbox', { name: 'Select Science', exact: true }).isChecked()).toBe(true);
    await choose(page, editorOf(page).getByTestId('editor-main-category'), 'News');

    await openPanel(page, 'Tags and authors');
    const tags = editorOf(page).getByTestId('editor-tags');
    await tags.getByLabel('Tags', { exact: true }).fill('E2E harbour');
    await tags.getByLabel('Tags', { exact: true }).press('Enter');
    await visible(tags.locator('.ant-tag', { hasText: 'E2E harbour' }));

    const authors = editorOf(page).getByTestId('editor-authors');
    const authorName = `E2E Writer ${Date.now() % 100000}`;
    await authors.getByRole('combobox').fill(authorName);
    await authors.getByRole('button', { name: 'Create author' }).click();
    await visible(authors.getByText(authorName));

    await openPanel(page, 'Event');
    await editorOf(page).getByLabel('This article announces an event').check();
    await editorOf(page).getByLabel('Venue', { exact: true }).fill('Town Hall');
    // The pickers take typed text in the interface's format (English: 2027-03-14), confirmed by Enter.
    for (const [label, text] of [
      ['Date', '2027-03-14'],
      ['Start time', '18:30'],
    ] as const) {
      const input = editorOf(page).getByLabel(label, { exact: true });
      await input.click();
      await input.fill(text);
      await input.press('Enter');
      expect(await input.inputValue()).toBe(text);
    }

    await openPanel(page, 'Location');
    await choose(page, editorOf(page).getByTestId('editor-country'), 'Australia', 'Austral');
    await choose(page, editorOf(page).getByTestId('editor-state'), 'New South Wales', 'New South');

    await openPanel(page, 'Preview');
    await visible(editorOf(page).getByTestId('preview-image'));
    await shot(page, 'article-editor-filled');

    await editorOf(page).getByRole('button', { name: 'Save and submit', exact: true }).click();
    await visible(page.getByText('Article submitted', { exact: true }));
    await shot(page, 'article-editor-submitted');

    // What the server stored: every part of the form made the round trip.
    const heading = await visible(editorOf(page).getByText(/^Edit article \d+$/));
    const id = Number((await heading.textContent())!.replace(/\D/g, ''));
    const session = await apiCall(e2e.api.url, 'POST', '/api/v2/session', {
      username: USERS.submitter.username,
      password: USERS.submitter.password,
    });
    const token = (session.body.data as { auth: string }).auth;
    const stored = await apiCall(e2e.api.url, 'GET', `/api/portal/article?id=${id}`, undefined, token);
    const saved = (stored.body.data as { article: Record<string, unknown> }).article;
    expect(saved).toMatchObject({
      title,
      state: 4,
      main_category_id: 100,
      tags: [expect.objectContaining({ title: 'E2E harbour' })],
      authors: [expect.objectContaining({ name: authorName })],
      event: expect.objectContaining({ venue: 'Town Hall', date: '2027-03-14', start_time: expect.stringMatching(/^18:30/) }),
      location: expect.objectContaining({ country_code: 'AU' }),
    });
    expect(saved.topics).toEqual(expect.arrayContaining([100, 101, 109]));
    expect((saved.images as Array<{ description: string }>)[0]!.description).toBe('Harbour at dawn');
    expect(saved.text).toMatch(/<a [^>]*href="https:\/\/example.org\/harbour"[^>]*target="_blank"/);
  } finally {
    await submitter.context.close();
  }

  const approver = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(approver.page, USERS.approver);
    const row = approver.page.locator('tr[data-row-key]', { hasText: title });
    await visible(row);
    await row.getByRole('button', { name: 'Approve (publish)' }).click();
    // Published: the title becomes a link to the public url.
    await visible(row.getByRole('link', { name: title }));
    await shot(approver.page, 'article-editor-published');
  } finally {
    await approver.context.close();
  }
});

test('two browser contexts edit the same article: the second, stale save merges with the first (other fields) and keeps its text', async () => {
  const first = await newPage(e2e.browser, e2e.api.url);
  const second = await newPage(e2e.browser, e2e.api.url);
  try {
    const id = await createArticle(USERS.editor, `E2E conflict ${Date.now()}`);
    await Promise.all([login(first.page, USERS.editor), login(second.page, USERS.editor)]);
    // Both contexts are the same user: both reads report the lock as theirs.
    for (const { page } of [first, second]) {
      expect(await openFromList(page, id)).toMatchObject({ mine: true, held_by: { name: expect.any(String) } });
      await visible(editorOf(page).getByText(`Edit article ${id}`));
    }

    // A third user sees who holds the lock and may take it over (admin has edit_all_articles).
    const third = await newPage(e2e.browser, e2e.api.url);
    try {
      await login(third.page, USERS.admin);
      const seen = await openFromList(third.page, id);
      expect(seen).toMatchObject({ mine: false, held_by: { name: expect.any(String) } });
      const lock = editorOf(third.page).getByTestId('editor-lock');
      await visible(lock.getByText(/is editing this article since/));
      await visible(lock.getByRole('button', { name: 'Take over' }));
      expect(await editorOf(third.page).getByTestId('editor-title').isDisabled()).toBe(true);
      await shot(third.page, 'article-editor-locked');
      await editorOf(third.page).getByTestId('editor-actions').getByRole('button', { name: 'Close' }).click();
    } finally {
      await third.context.close();
    }

    const title = `Changed by the first context ${Date.now()}`;
    await editorOf(first.page).getByTestId('editor-title').fill(title);
    await editorOf(first.page).getByRole('button', { name: 'Save', exact: true }).click();
    await visible(first.page.getByText('Article saved', { exact: true }));

    // The second context still has the old version: its save is stale, and as it changed another field
    // (the text, not the title) the two are merged: nothing of either is lost.
    const words = 'Words typed in the second context that must not be lost.';
    await richText(second.page, 'Text').click();
    await second.page.keyboard.press('End');
    await second.page.keyboard.type(` ${words}`);
    await editorOf(second.page).getByRole('button', { name: 'Save', exact: true }).click();
    // The merged save closes the editor like any save: the list shows the first context's title.
    await visible(second.page.getByText('Merged with the changes saved meanwhile', { exact: true }).last());
    await visible(second.page.locator(`tr[data-row-key="${id}"]`, { hasText: title }));
    // What another reader gets from the server: both changes.
    const stored = await apiCall(
      e2e.api.url,
      'GET',
      `/api/portal/article?id=${id}`,
      undefined,
      await sessionToken(e2e.api.url, USERS.admin),
    );
    const article = (stored.body.data as { article: { title: string; text: string } }).article;
    expect(article.title).toBe(title);
    expect(article.text).toContain(words);
    await shot(second.page, 'article-editor-merged');
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

/** An antd message toast of the error kind, whatever its text ("canceled" was one). */
const errorToasts = (page: Page): Locator => page.locator('.ant-message-notice .anticon-close-circle');

/** The list read (GET /api/portal/articles) that answers after `action`. */
async function listReloadAfter(page: Page, action: () => Promise<void>): Promise<{ status: number; total: number }> {
  const reload = page.waitForResponse(
    (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/portal/articles',
    { timeout: 30_000 },
  );
  await action();
  const response = await reload;
  return { status: response.status(), total: ((await response.json()) as { total: number }).total };
}

// Issue 11 defect 1: a plain Save showed "Article saved", then a red "canceled" toast and an empty list.
test('a plain Save closes the editor and reloads the list with the saved row: no error toast, totals right', async () => {
  const id = await createArticle(USERS.admin, `E2E save ${Date.now()}`);
  const { context, page, log } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.admin);
    await openFromList(page, id);
    const newTitle = `E2E saved ${Date.now()}`;
    await editorOf(page).getByTestId('editor-title').fill(newTitle);
    const reload = await listReloadAfter(page, () => editorOf(page).getByRole('button', { name: 'Save', exact: true }).click());
    expect(reload.status).toBe(200);
    await visible(page.getByText('Article saved', { exact: true }));
    // The list shows the saved row with its new title, and the count the API gave.
    await visible(page.locator(`tr[data-row-key="${id}"]`, { hasText: newTitle }));
    await visible(page.getByTestId('article-total').getByText(`${reload.total} articles`, { exact: true }));
    expect(reload.total).toBeGreaterThan(0);
    expect(await page.getByText('No records found').count()).toBe(0);
    expect(await errorToasts(page).count()).toBe(0);
    expect(await page.locator('.ant-alert-error').count()).toBe(0);
    expect(await editorOf(page).count()).toBe(0);
    expect(log.pageErrors).toEqual([]);
    await shot(page, 'article-save-list-reloaded');
  } finally {
    await context.close();
  }
});

// Issue 11 defects 2 and 8: a long title keeps the table on screen; below 992 px the editor opens
// under the list, out of view: it scrolls into view with the cursor in its title.
test('a long title wraps (no horizontal scroll at 1280 px); at a narrow width the editor opens in view with its title focused', async () => {
  const longTitle = `Breaking ${'X'.repeat(240)}`;
  const id = await createArticle(USERS.admin, longTitle);
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.admin);
    const row = page.locator(`tr[data-row-key="${id}"]`);
    await visible(row);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // Submitter and the actions of that row stay inside the window.
    const actions = await row.getByTestId('row-actions').boundingBox();
    expect(actions && actions.x + actions.width).toBeLessThanOrEqual(1280);
    expect(await row.locator('[data-long-text]').getAttribute('title')).toBe(longTitle);
    await shot(page, 'article-list-long-title');

    await page.setViewportSize({ width: 800, height: 700 });
    await openFromList(page, id);
    const title = editorOf(page).getByTestId('editor-title');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'editor-title', undefined, {
      timeout: 15_000,
    });
    const box = await title.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(700);
    await shot(page, 'article-editor-narrow');
  } finally {
    await context.close();
  }
});
