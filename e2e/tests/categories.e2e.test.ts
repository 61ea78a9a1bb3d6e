/**
 * Category management as editor, and the server refusing it to a submitter — real shell,
 * remote-categories, API and PGlite in headless Chromium.
 */
import type { Browser } from 'playwright-core';
import { USERS, apiCall, launchBrowser, login, newPage, shot, startApi, visible, type ApiServer } from '../support';

let api: ApiServer;
let browser: Browser;

beforeAll(async () => {
  api = await startApi();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

test('an editor creates a sub-category under News and sees it in the tree', async () => {
  const { context, page } = await newPage(browser, api.url);
  try {
    await login(page, USERS.editor);
    await page.goto(`${api.url}/categories`);
    const tree = page.getByTestId('category-tree');
    await visible(tree.getByRole('treeitem', { name: 'News', exact: true }));

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

test('the server refuses category changes to a submitter', async () => {
  const session = await apiCall(api.url, 'POST', '/api/v2/session', {
    username: USERS.submitter.username,
    password: USERS.submitter.password,
  });
  const token = (session.body.data as { auth: string }).auth;
  const refused = await apiCall(api.url, 'POST', '/api/v2/portal/category', { title: 'Not allowed', parent_id: '8' }, token);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: 403, data: null });
});
