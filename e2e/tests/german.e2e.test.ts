/**
 * The German UI shows no English: each screen and its error states (server refusals included,
 * translated by their code) scanned for the texts of the English tables (e2e/support/german.ts:
 * every feature's locales, the API error catalogue, antd's English), in the visible text and in the
 * elements' aria-label, placeholder, title and alt. The login page offers the language; the choice
 * lasts (localStorage) and sets the document's language.
 */
import type { Page } from 'playwright-core';
import {
  USERS,
  apiCall,
  createArticleThroughApi,
  editorReady,
  englishOnPage,
  expectNoAxeViolations,
  networkSettled,
  newPage,
  openArticleFromList,
  sessionToken,
  shot,
  visible,
  withApiAndBrowser,
} from '../support';

const e2e = withApiAndBrowser();

/** A page whose UI is German from the first render (the stored choice). */
async function germanPage(): Promise<Page> {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  await context.addInitScript(() => window.localStorage.setItem('newsdesk.lang', 'de'));
  return page;
}

async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill(user.password);
  await page.locator('form[name=login] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

/** The screen settled (no running request, no loading text), then no English on it. */
async function expectGerman(page: Page, screen: string): Promise<void> {
  await networkSettled(page);
  await page
    .getByText(/^Wird geladen\.\.\.$/)
    .first()
    .waitFor({ state: 'hidden', timeout: 30_000 });
  const found = await englishOnPage(page);
  if (found.length > 0) await shot(page, `german-${screen}`);
  expect({ screen, english: found }).toEqual({ screen, english: [] });
}

test('the login page offers the language: German is kept across a reload, sets lang, and the refusal follows the choice', async () => {
  const { page } = await newPage(e2e.browser, e2e.api.url);
  await page.goto('/login');
  const choice = page.getByRole('combobox', { name: /^(Language|Sprache)$/ });
  await visible(choice);
  await choice.selectOption('de');
  await visible(page.getByRole('button', { name: 'Anmelden' }));
  expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('newsdesk.lang')])).toEqual(['de', 'de']);
  await expectGerman(page, 'login');

  await page.reload();
  await visible(page.getByRole('button', { name: 'Anmelden' }));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

  await page.getByLabel('Benutzername').fill(USERS.editor.username);
  await page.getByLabel('Passwort').fill('not-the-password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await visible(page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort ist falsch' }));
  await expectGerman(page, 'login-refused');
  await shot(page, 'german-login-refused');

  // The refusal shown is its code's text in the language chosen now, not the one it arrived in.
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await visible(page.getByRole('alert').filter({ hasText: 'Invalid username or password' }));
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await visible(page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort ist falsch' }));
});

describe('signed in, German', () => {
  let page: Page;
  let token = '';

  beforeAll(async () => {
    token = await sessionToken(e2e.api.url, USERS.admin);
    page = await germanPage();
    await signIn(page, USERS.admin);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  test('the portal, and the title search refusing more than 5 words', async () => {
    await visible(page.locator('tr[data-row-key]').first());
    await expectGerman(page, 'portal');

    const area = page.getByTestId('title-search');
    await area.getByRole('textbox', { name: 'Wörter im Titel' }).fill('eins zwei drei vier fünf sechs');
    await area.getByRole('textbox', { name: 'Wörter im Titel' }).press('Enter');
    await visible(page.locator('.ant-message-notice').first());
    await expectGerman(page, 'title-search-refused');
  });

  test('a bulk action with refusals: the summary names each reason in German', async () => {
    const approver = await germanPage();
    try {
      await signIn(approver, USERS.approver);
      await approver.goto('/articles?limit=20');
      const boxes = approver.locator('tr[data-article-id] input[type=checkbox]');
      await visible(boxes.first());
      for (let index = 0; index < 6; index += 1) await boxes.nth(index).check();
      await approver.getByTestId('bulk-toolbar').getByRole('button', { name: 'In den Papierkorb' }).click();
      const bulk = approver.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/bulk') && r.request().method() === 'POST');
      await approver.getByTestId('bulk-trash-confirm').click();
      const result = (await (await bulk).json()) as { data: { refused: number } };
      expect(result.data.refused).toBeGreaterThan(0);
      await visible(approver.getByTestId('bulk-refusals'));
      await expectGerman(approver, 'bulk-refusals');
      await shot(approver, 'german-bulk-refusals');
    } finally {
      await approver.context().close();
    }
  });

  test('the article editor, a location chosen, and a stale save merged', async () => {
    const id = await createArticleThroughApi(e2e.api.url, token, { title: `Deutsch ${Date.now()}`, text: '<p>Text</p>' });
    await page.goto('/articles?limit=5');
    await visible(page.locator(`tr[data-row-key="${id}"]`));
    await openArticleFromList(page, id);
    await editorReady(page);
    const editor = page.getByTestId('article-editor');
    await expectGerman(page, 'editor');

    // A country chosen: its select offers to clear it (a labelled button).
    await editor.getByRole('button', { name: 'Ort', exact: true }).click();
    const country = editor.getByRole('combobox', { name: 'Land', exact: true });
    await country.click();
    await country.fill('Austral');
    await visible(page.locator('.ant-select-item-option').filter({ hasText: 'Australien' }).first());
    await country.press('Enter');
    await visible(editor.getByTestId('editor-country').getByText('Australien'));
    await expectGerman(page, 'editor-country');

    // The event's date in the German format (typed day first, shown so), its calendar open: German, axe clean.
    await editor.getByRole('button', { name: 'Veranstaltung', exact: true }).click();
    await editor.getByLabel('Dieser Artikel kündigt eine Veranstaltung an').check();
    const day = editor.getByLabel('Datum', { exact: true });
    expect(await day.getAttribute('placeholder')).toBe('tt.mm.jjjj');
    await day.click();
    await day.fill('14.03.2027');
    await day.press('Enter');
    expect(await day.inputValue()).toBe('14.03.2027');
    await day.click();
    await visible(page.locator('.ant-picker-dropdown:visible'));
    // German weeks start on Monday (English: Su first).
    expect(await page.locator('.ant-picker-dropdown:visible .ant-picker-content thead th').first().textContent()).toBe('Mo');
    await expectGerman(page, 'editor-event-date-picker');
    await shot(page, 'german-editor-date-picker');
    await expectNoAxeViolations(page, 'editor, event date picker open (de)');
    await page.keyboard.press('Escape');
    // No event after all (its venue is required): the save below reaches the server.
    await editor.getByLabel('Dieser Artikel kündigt eine Veranstaltung an').uncheck();

    // Someone else changes the article meanwhile: this editor's save is a stale one (409), merged with
    // theirs (another field), said in German. (A real conflict's German dialog: working-copy.e2e.)
    const changed = await apiCall(e2e.api.url, 'POST', '/api/portal/article/update', { id, field: 'featured', value: '1' }, token);
    expect(changed.status).toBe(200);
    await editor.getByTestId('editor-title').fill(`Geändert ${Date.now()}`);
    await editor.getByTestId('editor-actions').getByRole('button', { name: 'Speichern', exact: true }).click();
    await visible(page.getByText('Mit den zwischenzeitlich gespeicherten Änderungen zusammengeführt', { exact: true }).last());
    await expectGerman(page, 'editor-merged');
    await shot(page, 'german-editor-merged');
    await page.keyboard.press('Escape');
  });

  test.each([
    ['categories', '/categories', 'category-manager'],
    ['import list', '/import', 'import-list'],
    ['import editor', '/import/new', 'importer-form'],
    ['activity', '/activity', 'activity-total'],
  ] as const)('%s', async (screen, url, testId) => {
    await page.goto(url);
    await visible(page.getByTestId(testId));
    await expectGerman(page, screen.replace(/ /g, '-'));
  });
});
