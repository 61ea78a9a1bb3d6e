/**
 * Category management as editor (create, reorder), the CategoryTree picker through federation in
 * the article and importer editors, and the server refusing changes to a submitter — real shell, remotes, API
 * and PGlite in headless Chromium.
 */
import type { Page } from 'playwright-core';
import { USERS, apiCall, login, newPage, shot, visible, withApiAndBrowser } from '../support';

const e2e = withApiAndBrowser();

test('an editor creates a sub-category under News and sees it in the tree', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    await page.goto(`${e2e.api.url}/categories`);
    const tree = page.getByTestId('category-tree');
    await visible(tree.getByRole('treeitem', { name: /^News, / }));

    await page.getByRole('button', { name: 'Add sub-category to News', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('New sub-category of News'));
    await dialog.getByLabel('Title').fill('E2E Investigations');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await visible(page.getByText('Saved', { exact: true }));
    await visible(tree.getByRole('treeitem', { name: 'E2E Investigations', exact: true }));
    await shot(page, 'categories-created');
  } finally {
    await context.close();
  }
});

test('an editor moves a main section down and back up; the order is kept on reload', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  const sections = async (): Promise<string[]> =>
    page
      .getByTestId('category-tree')
      .locator('[role="treeitem"][aria-level="2"]')
      // A row's name is its title, then the number of its sub-categories.
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')?.split(', ')[0] ?? ''));
  try {
    await login(page, USERS.editor);
    await page.goto(`${e2e.api.url}/categories`);
    const tree = page.getByTestId('category-tree');
    await visible(tree.getByRole('treeitem', { name: /^News, / }));
    const before = await sections();
    expect(before.slice(0, 2)).toEqual(['News', 'Sport']);
    await expect(page.getByRole('button', { name: 'Move News up', exact: true }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Move News down', exact: true }).click();
    await visible(page.getByText('Moved', { exact: true }));
    await page.getByRole('button', { name: 'Move News up', exact: true }).and(page.locator(':not([disabled])')).waitFor();
    expect(await sections()).toEqual(['Sport', 'News', ...before.slice(2)]);
    // The keyboard focus is back on the moved row's button (it was disabled during the call).
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move News down');
    await shot(page, 'categories-moved');

    await page.reload();
    await visible(tree.getByRole('treeitem', { name: /^News, / }));
    expect(await sections()).toEqual(['Sport', 'News', ...before.slice(2)]);

    await page.getByRole('button', { name: 'Move News up', exact: true }).click();
    // Wait for the reloaded tree (the buttons are also disabled while the call runs, so not those).
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="category-tree"] [role="treeitem"][aria-level="2"]')
        ?.getAttribute('aria-label')
        ?.startsWith('News, '),
    );
    expect(await sections()).toEqual(before);
  } finally {
    await context.close();
  }
});

// The picker is remote_categories/CategoryTree, loaded through federation by two other remotes.
const PICKER_HOSTS = [
  {
    editor: 'article editor',
    open: async (page: Page) => {
      await page.getByTestId('new-article').click();
      return page.getByTestId('article-editor').getByTestId('category-tree-picker');
    },
    topic: 'E2E Article Picker Topic',
  },
  {
    editor: 'importer editor',
    open: async (page: Page) => {
      await page.goto(`${e2e.api.url}/import/new`);
      return page.getByTestId('category-tree-picker');
    },
    topic: 'E2E Picker Topic',
  },
];

test.each(PICKER_HOSTS)(
  'the picker in the $editor shows a new sub-category; ticking a parent ticks its children',
  async ({ editor, open, topic }) => {
    const session = await apiCall(e2e.api.url, 'POST', '/api/v2/session', {
      username: USERS.editor.username,
      password: USERS.editor.password,
    });
    const token = (session.body.data as { auth: string }).auth;
    const created = await apiCall(e2e.api.url, 'POST', '/api/v2/portal/category', { title: topic, parent_id: '100' }, token);
    expect(created.status).toBe(200);

    const { context, page } = await newPage(e2e.browser, e2e.api.url);
    try {
      await login(page, USERS.editor);
      const picker = await open(page);
      const box = (title: string) => picker.getByRole('checkbox', { name: `Select ${title}`, exact: true });
      await visible(picker.getByRole('treeitem', { name: 'News', exact: true }));

      await box('News').check();
      await picker.getByRole('button', { name: 'Expand News', exact: true }).click();
      await visible(picker.getByRole('treeitem', { name: topic, exact: true }));
      for (const title of ['News', 'World', 'Politics', topic]) expect(await box(title).isChecked()).toBe(true);
      await picker.getByRole('button', { name: 'Expand World', exact: true }).click();
      expect(await box('Europe').isChecked()).toBe(true);
      expect(await box('Sport').isChecked()).toBe(false);
      await shot(page, `categories-picker-ticked-${editor.replace(/ /g, '-')}`);

      // Unticking the parent clears its subtree again.
      await box('News').uncheck();
      for (const title of ['News', 'World', 'Europe', topic]) expect(await box(title).isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  },
);

test('the server refuses category changes to a submitter', async () => {
  const session = await apiCall(e2e.api.url, 'POST', '/api/v2/session', {
    username: USERS.submitter.username,
    password: USERS.submitter.password,
  });
  const token = (session.body.data as { auth: string }).auth;
  const refused = await apiCall(e2e.api.url, 'POST', '/api/v2/portal/category', { title: 'Not allowed', parent_id: '8' }, token);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: 403, data: { error: 'no_right', params: { right: 'manage_categories' } } });
});
