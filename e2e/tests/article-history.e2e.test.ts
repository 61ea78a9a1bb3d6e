/**
 * Revision history in the article editor (issue 15, part 1) — real shell, remote-articles, API and
 * PGlite in headless Chromium: an editor saves an article twice (title, then text), opens History,
 * sees the three revisions newest first with what changed, compares the first with the last side by
 * side (words marked), restores the first after confirming, and the editor shows its content at the
 * new version; the server agrees.
 */
import type { Locator, Page } from 'playwright-core';
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

const tokenOf = (user: { username: string; password: string }): Promise<string> => sessionToken(e2e.api.url, user);

/** Creates a saveable article through the API as `user`; its id. */
async function createArticle(user: { username: string; password: string }, title: string): Promise<string> {
  return createArticleThroughApi(e2e.api.url, await tokenOf(user), { title, text: '<p>The original text of the story.</p>' });
}

const editorOf = (page: Page): Locator => page.getByTestId('article-editor');
const richText = (page: Page, label: string): Locator => editorOf(page).getByRole('textbox', { name: label, exact: true });

/** Opens the article from the list and waits until the editor has read it. */
async function openFromList(page: Page, id: string): Promise<void> {
  expect((await openArticleFromList(page, id)).status()).toBe(200);
}

/** Saves with the editor's Save button (a plain save closes the editor). */
async function save(page: Page): Promise<void> {
  await editorOf(page).getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page.getByText('Article saved', { exact: true }).last());
  await editorOf(page).waitFor({ state: 'detached', timeout: 30_000 });
}

test('save twice, open History, compare two revisions, restore the first and see its content', async () => {
  const title = `E2E history ${Date.now()}`;
  const id = await createArticle(USERS.editor, title);
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);

    // Save 1: the title.
    await openFromList(page, id);
    await visible(editorOf(page).getByTestId('editor-version').getByText('Version 1'));
    await editorOf(page).getByTestId('editor-title').fill(`${title} revised`);
    await save(page);

    // Save 2: the text, in the rich-text editor (a lazy chunk: its first load may take a while).
    await openFromList(page, id);
    await richText(page, 'Text').waitFor({ timeout: 90_000 });
    await richText(page, 'Text').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Later words were added.');
    await save(page);

    // History: three revisions, newest first, each with who and what changed.
    await openFromList(page, id);
    await visible(editorOf(page).getByTestId('editor-version').getByText('Version 3'));
    await editorOf(page).getByTestId('editor-history').click();
    const panel = page.getByTestId('article-history');
    await visible(panel.getByTestId('history-item').nth(2));
    expect(await panel.getByTestId('history-summary').allTextContents()).toEqual([
      'Text changed',
      'Title changed',
      'First recorded version',
    ]);
    expect(await panel.getByTestId('history-item').first().textContent()).toContain('Version 3');
    expect(await panel.getByTestId('history-item').first().textContent()).toContain('Erin Editor');
    await shot(page, 'article-history-list');

    // Compare the first with the last: side by side, the changed words marked.
    await panel.getByRole('checkbox', { name: 'Choose version 1 to compare' }).check();
    await panel.getByRole('checkbox', { name: 'Choose version 3 to compare' }).check();
    await panel.getByRole('button', { name: 'Compare', exact: true }).click();
    const comparison = await visible(panel.getByTestId('history-comparison'));
    await visible(comparison.getByRole('columnheader', { name: 'Version 1 (older)' }));
    await visible(comparison.getByRole('columnheader', { name: 'Version 3 (newer)' }));
    expect((await comparison.locator('[data-testid="history-diff-title"] [data-side="newer"] ins').textContent())?.trim()).toBe('revised');
    expect(await comparison.locator('[data-testid="history-diff-text"] [data-side="newer"] ins').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Later')]),
    );
    expect(await comparison.locator('[data-testid="history-diff-text"] [data-side="older"] del').count()).toBe(0);
    await comparison.scrollIntoViewIfNeeded();
    await shot(page, 'article-history-compare');

    // Restore the first, after confirming: the editor shows its content at the new version.
    await panel.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Restore version 1?' });
    await visible(confirm);
    await shot(page, 'article-history-confirm');
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await visible(page.getByText('Version 1 restored: the article is now at version 4'));
    await visible(editorOf(page).getByTestId('editor-version').getByText('Version 4'));
    expect(await editorOf(page).getByTestId('editor-title').inputValue()).toBe(title);
    await richText(page, 'Text').waitFor({ timeout: 90_000 });
    expect(await richText(page, 'Text').textContent()).toBe('The original text of the story.');
    await shot(page, 'article-history-restored');

    // The restore is itself a revision, and the server has the restored content.
    await editorOf(page).getByTestId('editor-history').click();
    await visible(panel.getByTestId('history-item').nth(3));
    expect(await panel.getByTestId('history-summary').first().textContent()).toBe('Restored version 1: Title, Text changed');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // In German: the panel, its one-line summaries and the comparison.
    await page.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'de'));
    await page.reload();
    await openFromList(page, id);
    await editorOf(page).getByRole('button', { name: 'Verlauf', exact: true }).click();
    await visible(panel.getByTestId('history-item').nth(3));
    expect(await panel.getByTestId('history-summary').allTextContents()).toEqual([
      'Version 1 wiederhergestellt: Titel, Text geändert',
      'Text geändert',
      'Titel geändert',
      'Erste gespeicherte Fassung',
    ]);
    await panel.getByRole('checkbox', { name: 'Version 2 zum Vergleich wählen' }).check();
    await panel.getByRole('checkbox', { name: 'Version 4 zum Vergleich wählen' }).check();
    await panel.getByRole('button', { name: 'Vergleichen', exact: true }).click();
    await visible(panel.getByTestId('history-comparison').getByRole('columnheader', { name: 'Version 2 (älter)' }));
    await shot(page, 'article-history-compare-de');
    await page.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'en'));

    const stored = await apiCall(e2e.api.url, 'GET', `/api/portal/article?id=${id}`, undefined, await tokenOf(USERS.admin));
    expect((stored.body.data as { article: Record<string, unknown> }).article).toMatchObject({
      title,
      version: 4,
      text: '<p>The original text of the story.</p>',
    });
  } finally {
    await context.close();
  }
});
