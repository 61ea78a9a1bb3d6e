/**
 * Never losing a word: what is typed goes to the server as the user's working copy, so a browser
 * closed mid-edit loses nothing on any other device; a save made stale by someone else's save is
 * merged (different paragraphs: both kept, silently) or, when both changed the same words, shown
 * side by side for the user to choose. English and German, axe on the offer and the dialog.
 */
import type { Locator, Page, Response } from 'playwright-core';
import {
  type DemoUser,
  USERS,
  apiCall,
  createArticleThroughApi,
  expectNoAxeViolations,
  login,
  newPage,
  openArticleFromList,
  remoteLabel,
  sessionToken,
  shot,
  visible,
  withApiAndBrowser,
} from '../support';

jest.setTimeout(300_000);

const e2e = withApiAndBrowser();
type User = DemoUser;

const FIRST = 'The first paragraph tells what happened.';
const SECOND = 'The second paragraph tells why.';

const editorOf = (page: Page): Locator => page.getByTestId('article-editor');
const richText = (page: Page): Locator => editorOf(page).getByRole('textbox', { name: 'Text', exact: true });

async function freshArticle(title: string): Promise<string> {
  const token = await sessionToken(e2e.api.url, USERS.editor);
  return createArticleThroughApi(e2e.api.url, token, { title, text: `<p>${FIRST}</p><p>${SECOND}</p>` });
}

/** The article's text as the server holds it (read as the admin through the API, the lock that read took freed). */
async function serverText(id: string): Promise<string> {
  const token = await sessionToken(e2e.api.url, USERS.admin);
  const read = await apiCall(e2e.api.url, 'GET', `/api/portal/article?id=${id}`, undefined, token);
  await fetch(`${e2e.api.url}/api/portal/lock/${id}/release`, { method: 'POST', headers: { AUTHENTICATION: token } });
  return (read.body.data as { article: { text: string } }).article.text;
}

/** A signed-in page in a context of its own (no storage shared with any other), the portal's list shown. */
async function signedIn(user: User, language: 'en' | 'de' = 'en') {
  const opened = await newPage(e2e.browser, e2e.api.url);
  await login(opened.page, user);
  if (language === 'de') {
    await opened.page.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'de'));
    await opened.page.reload();
  }
  await visible(remoteLabel(opened.page, 'remote-articles'));
  await visible(opened.page.locator('tr[data-row-key]').first());
  return opened;
}

/** The answer of the next working copy write. */
const workingCopyWritten = (page: Page): Promise<Response> =>
  page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/working-copy'), {
    timeout: 30_000,
  });

/** Types `words` at the end of paragraph `index` of the Text field. */
async function typeInParagraph(page: Page, index: number, words: string, delay = 0): Promise<void> {
  const text = richText(page);
  await text.waitFor({ timeout: 90_000 });
  await text.locator('p').nth(index).click();
  await page.keyboard.press('End');
  await page.keyboard.type(words, { delay });
}

/** Opens the article, types into one paragraph, waits until the server holds the working copy, and closes the browser context. */
async function typeThenCloseBrowser(user: User, id: string, paragraph: number, words: string): Promise<void> {
  const { context, page } = await signedIn(user);
  try {
    expect((await openArticleFromList(page, id)).status()).toBe(200);
    const written = workingCopyWritten(page);
    await typeInParagraph(page, paragraph, words);
    expect((await written).status()).toBe(200);
    // What was typed after that first write goes at most 5 s later: wait for it, then close without any unload.
    await page.waitForTimeout(5500);
  } finally {
    await context.close();
  }
}

/** Someone else's save of the article from their own browser: opens it (taking over the lock if needed), types, saves. */
async function saveAsOther(id: string, paragraph: number, words: string): Promise<void> {
  const { context, page } = await signedIn(USERS.admin);
  try {
    expect((await openArticleFromList(page, id)).status()).toBe(200);
    const takeOver = editorOf(page).getByRole('button', { name: 'Take over', exact: true });
    if (await takeOver.isVisible()) {
      await takeOver.click();
      await editorOf(page).getByTestId('editor-lock').waitFor({ state: 'detached' });
    }
    await typeInParagraph(page, paragraph, words);
    await editorOf(page).getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Article saved', { exact: true }).last());
  } finally {
    await context.close();
  }
}

/** Reopens the article in a new browser context and restores the offered changes; the page. */
async function reopenAndRestore(user: User, id: string, language: 'en' | 'de' = 'en') {
  const opened = await signedIn(user, language);
  const { page } = opened;
  const read = openArticleFromList(page, id);
  const response = await read;
  expect(response.status()).toBe(200);
  const offer = await visible(editorOf(page).getByTestId('editor-draft'));
  return { ...opened, offer };
}

test('typed, the browser context closed, reopened in a new one: the changes are offered with a diff and come back', async () => {
  const id = await freshArticle('Working copy crash');
  await typeThenCloseBrowser(USERS.editor, id, 0, ' Words nobody saved.');
  const { context, page, offer } = await reopenAndRestore(USERS.editor, id);
  try {
    expect(await offer.innerText()).toMatch(/^Restore your unsaved changes from /);
    const changes = offer.getByTestId('editor-draft-changes');
    expect(await changes.locator('ins').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('nobody')]));
    await expectNoAxeViolations(page, 'the restore offer');
    await shot(page, 'working-copy-offer');
    await offer.getByRole('button', { name: 'Restore them' }).click();
    await visible(richText(page).getByText(`${FIRST} Words nobody saved.`));
    await editorOf(page).getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Article saved', { exact: true }).last());
  } finally {
    await context.close();
  }
  expect(await serverText(id)).toBe(`<p>${FIRST} Words nobody saved.</p><p>${SECOND}</p>`);
  // Saved: nothing is offered any more, on any device.
  const again = await signedIn(USERS.editor, 'de');
  try {
    expect((await openArticleFromList(again.page, id)).status()).toBe(200);
    await again.page.waitForTimeout(1000);
    expect(await editorOf(again.page).getByTestId('editor-draft').count()).toBe(0);
  } finally {
    await again.context.close();
  }
});

test('while typing the editor writes the working copy at most once per 5 s, and nothing while idle', async () => {
  const id = await freshArticle('Working copy rate');
  const { context, page } = await signedIn(USERS.editor);
  try {
    expect((await openArticleFromList(page, id)).status()).toBe(200);
    const writes: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/working-copy')) writes.push(Date.now());
    });
    const started = Date.now();
    // About 15 s of steady typing (a key every 250 ms).
    await typeInParagraph(page, 0, ` ${'typing on and on '.repeat(4).slice(0, 60)}`, 250);
    const typedFor = Date.now() - started;
    await page.waitForTimeout(6000);
    const afterTyping = writes.length;
    await page.waitForTimeout(10_000);
    const gaps = writes.slice(1).map((time, index) => time - writes[index]!);
    console.log(
      `working copy writes: ${afterTyping} in ${Math.round(typedFor / 1000)} s of typing (+6 s), smallest gap ${Math.min(...gaps)} ms, ${writes.length - afterTyping} in 10 s idle`,
    );
    expect(afterTyping).toBeGreaterThanOrEqual(2);
    expect(afterTyping).toBeLessThanOrEqual(Math.ceil(typedFor / 5000) + 1);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(4900);
    expect(writes.length).toBe(afterTyping);
  } finally {
    await context.close();
  }
});

test('the restore offer in German', async () => {
  const id = await freshArticle('Working copy German');
  await typeThenCloseBrowser(USERS.editor, id, 1, ' Ungespeicherte Wörter.');
  const { context, page, offer } = await reopenAndRestore(USERS.editor, id, 'de');
  try {
    expect(await offer.innerText()).toMatch(/^Ihre ungespeicherten Änderungen vom .* wiederherstellen/);
    await expectNoAxeViolations(page, 'the restore offer (German)');
    await shot(page, 'working-copy-offer-de');
    await offer.getByRole('button', { name: 'Verwerfen', exact: true }).click();
    await offer.waitFor({ state: 'detached' });
  } finally {
    await context.close();
  }
  expect(await serverText(id)).toBe(`<p>${FIRST}</p><p>${SECOND}</p>`);
});

test('two users edit different paragraphs: the stale save merges by itself and both are kept', async () => {
  const id = await freshArticle('Working copy merge');
  await typeThenCloseBrowser(USERS.editor, id, 0, ' Editor words.');
  await saveAsOther(id, 1, ' Admin words.');
  const { context, page, offer } = await reopenAndRestore(USERS.editor, id);
  try {
    expect(await offer.innerText()).toContain('The article has been saved again since then');
    await offer.getByRole('button', { name: 'Restore them' }).click();
    await editorOf(page).getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Merged with the changes saved meanwhile', { exact: true }).last());
    await visible(page.getByText('Article saved', { exact: true }).last());
    expect(await page.getByTestId('merge-dialog').count()).toBe(0);
  } finally {
    await context.close();
  }
  expect(await serverText(id)).toBe(`<p>${FIRST} Editor words.</p><p>${SECOND} Admin words.</p>`);
});

test('both changed the same words: side by side, keep mine / keep theirs / edit; nothing saved unseen (English and German)', async () => {
  const id = await freshArticle('Working copy conflict');
  await typeThenCloseBrowser(USERS.editor, id, 1, ' Mine.');
  await saveAsOther(id, 1, ' Theirs.');
  const english = await reopenAndRestore(USERS.editor, id);
  try {
    await english.offer.getByRole('button', { name: 'Restore them' }).click();
    await editorOf(english.page).getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = await visible(english.page.getByTestId('merge-dialog'));
    expect(await dialog.innerText()).toContain('Alex Admin saved the article while you edited it');
    expect(await dialog.getByTestId('merge-mine-text').innerText()).toContain(`${SECOND} Mine.`);
    expect(await dialog.getByTestId('merge-theirs-text').innerText()).toContain(`${SECOND} Theirs.`);
    await expectNoAxeViolations(english.page, 'the merge dialog');
    await shot(english.page, 'working-copy-merge-dialog');
    // Not now: nothing saved, the form keeps the user's text.
    await english.page.getByRole('button', { name: 'Not now', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  } finally {
    await english.context.close();
  }
  expect(await serverText(id)).toBe(`<p>${FIRST}</p><p>${SECOND} Theirs.</p>`);

  const german = await reopenAndRestore(USERS.editor, id, 'de');
  try {
    await german.offer.getByRole('button', { name: 'Wiederherstellen', exact: true }).click();
    await editorOf(german.page).getByRole('button', { name: 'Speichern', exact: true }).click();
    const dialog = await visible(german.page.getByTestId('merge-dialog'));
    await expectNoAxeViolations(german.page, 'the merge dialog (German)');
    await shot(german.page, 'working-copy-merge-dialog-de');
    await dialog.getByRole('radio', { name: 'Meine behalten', exact: true }).check();
    await german.page.getByRole('button', { name: 'Mit dieser Auswahl speichern', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(german.page.getByText('Artikel gespeichert', { exact: true }).last());
  } finally {
    await german.context.close();
  }
  expect(await serverText(id)).toBe(`<p>${FIRST}</p><p>${SECOND} Mine.</p>`);
});
