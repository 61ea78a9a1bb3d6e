/**
 * Narrow screens: every screen (login, article list, article editor, categories, import list, import
 * editor new and edit, activity) at a phone's 390 px and a small tablet's 800 px, signed in as admin
 * (every navbar link and row action): the page never scrolls sideways (document scrollWidth ≤ the
 * viewport's width), no two visible controls overlap and none is cut off at the side. A screenshot
 * of each is kept in e2e/artifacts/shots.
 */
import type { Page } from 'playwright-core';
import {
  USERS,
  createImporterThroughApi,
  editorReady,
  networkSettled,
  newPage,
  sessionToken,
  shot,
  signedInPage,
  visible,
  withApiAndBrowser,
} from '../support';
import { layoutProblems } from '../support/layout';

const e2e = withApiAndBrowser({ env: { IMPORT_SCHEDULER: '0' } });
let importerId = 0;

beforeAll(async () => {
  const token = await sessionToken(e2e.api.url, USERS.admin);
  importerId = await createImporterThroughApi(e2e.api.url, token, {
    title: `Mobile wire ${Date.now().toString(36)}`,
    feedUrl: 'https://example.com/rss.xml',
    published: true,
  });
});

/** Settles the screen (no request running, no loading text), screenshots it and measures its layout. */
async function expectFits(page: Page, name: string): Promise<void> {
  await networkSettled(page);
  await page
    .getByText(/^(Loading\.\.\.|Wird geladen\.\.\.)$/)
    .first()
    .waitFor({ state: 'hidden', timeout: 30_000 });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await shot(page, name);
  const { viewportWidth, scrollWidth, overlaps, clipped } = await layoutProblems(page);
  expect({ screen: name, sideways: Math.max(0, scrollWidth - viewportWidth), overlaps, clipped }).toEqual({
    screen: name,
    sideways: 0,
    overlaps: [],
    clipped: [],
  });
}

describe.each([390, 800])('at %i px wide', (width) => {
  let page: Page;

  afterAll(async () => {
    await page?.context().close();
  });

  test('login', async () => {
    const opened = await newPage(e2e.browser, e2e.api.url);
    await opened.page.setViewportSize({ width, height: 800 });
    await opened.page.goto('/login');
    await visible(opened.page.getByTestId('login-box'));
    await expectFits(opened.page, `mobile-${width}-login`);
    await opened.context.close();
  });

  test('article list, then the editor open', async () => {
    ({ page } = await signedInPage(e2e.browser, e2e.api.url, USERS.admin));
    await page.setViewportSize({ width, height: 800 });
    await visible(page.locator('tr[data-row-key]').first());
    await expectFits(page, `mobile-${width}-articles`);
    if (width < 768) {
      // The row's actions are in its menu: the ⋮ button opens them, Escape closes them again.
      await page.locator('tr[data-row-key]').first().getByTestId('row-actions-menu').click();
      await visible(page.getByTestId('row-actions').getByTestId('delete-article'));
      await shot(page, `mobile-${width}-articles-row-menu`);
      await page.keyboard.press('Escape');
      await page.getByTestId('row-actions').waitFor({ state: 'detached' });
    }

    const id = await page.locator('tr[data-row-key]').first().getAttribute('data-row-key');
    await page.goto(`/articles?edit=${id}`);
    await editorReady(page);
    await expectFits(page, `mobile-${width}-article-editor`);
  });

  test('categories', async () => {
    await page.goto('/categories');
    await visible(page.getByRole('tree').first());
    await expectFits(page, `mobile-${width}-categories`);
  });

  test('import list, new and edit', async () => {
    await page.goto('/import');
    await visible(page.getByRole('row').nth(1));
    await expectFits(page, `mobile-${width}-import-list`);

    await page.goto('/import/new');
    await visible(page.getByTestId('importer-form'));
    await expectFits(page, `mobile-${width}-import-new`);

    await page.goto(`/import/edit/${importerId}`);
    await visible(page.getByTestId('category-tree-picker'));
    await expectFits(page, `mobile-${width}-import-edit`);
  });

  test('activity', async () => {
    await page.goto('/activity');
    await visible(page.getByTestId('activity-row').first());
    await expectFits(page, `mobile-${width}-activity`);
  });
});
