/**
 * Bulk actions of the article list (issue 15, part 5) — real shell, remote-articles, API and PGlite
 * with the demo data in headless Chromium:
 * - as editor: tick three rows, Trash, confirm: one call, the rows leave the list, the total drops
 *   by three, one summary (and its toast) says 3 done; select-all on the page, then another page
 *   clears the selection;
 * - as approver: the toolbar offers what the rights allow (Approve, Unpublish, Trash, Restore; no
 *   Feature); trashing one own and two other people's articles: the own one goes, the two are
 *   refused per row, and the summary says why.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { USERS, apiCall, login, newPage, shot, visible, withApiAndBrowser } from '../support';

jest.setTimeout(240_000);

const e2e = withApiAndBrowser();

const portal = (page: Page): Locator => page.getByTestId('article-portal');
const rows = (page: Page): Locator => portal(page).locator('.ant-table').first().locator('tr[data-article-id]');
const rowCheckbox = (page: Page, id: number): Locator => page.getByRole('checkbox', { name: `Select article ${id}`, exact: true });

/** The next list answer (of the given status filter when named: a reload of the page before may still be answering). */
function nextList(page: Page, status?: string): Promise<Response> {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/portal/articles' &&
      r.request().method() === 'GET' &&
      (status === undefined || url.searchParams.get('status') === status)
    );
  });
}

function nextBulk(page: Page): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/articles/bulk' && r.request().method() === 'POST');
}

/** Presses the trash confirmation once its popover has finished opening (a click during its zoom-in can miss). */
async function confirmTrash(page: Page): Promise<void> {
  const confirm = page.getByTestId('bulk-trash-confirm');
  await visible(confirm);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await confirm.click();
}

async function shownIds(page: Page): Promise<number[]> {
  return (await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-article-id')))).map(Number);
}

/** The number in the pager's "N articles". */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.getByTestId('article-total').innerText();
  return Number(/(\d+)/.exec(text.replace(/[.,\s]/g, ''))?.[1]);
}

test('as editor: bulk-trash three rows — they leave the list, the total drops by three, one summary', async () => {
  const { page } = await newPage(e2e.browser, e2e.api.url);
  await login(page, USERS.editor);
  const first = nextList(page);
  await page.goto('/articles?limit=10');
  const firstBody = (await (await first).json()) as { total: number; data: Array<{ id: number }> };
  await visible(rows(page).first());
  const before = await shownTotal(page);
  expect(before).toBe(firstBody.total);

  // The editor's rights offer every action but Approve and Unpublish (approve_article).
  const toolbar = page.getByTestId('bulk-toolbar');
  await visible(toolbar);
  const offered = await toolbar.getByRole('button').allInnerTexts();
  expect(offered.map((text) => text.trim())).toEqual(['Trash', 'Restore', 'Feature', 'Unfeature']);
  await expect(toolbar.getByRole('button', { name: 'Trash' }).isDisabled()).resolves.toBe(true);

  // Tick three rows: the count follows, the row does not open in the editor.
  const ids = (await shownIds(page)).slice(1, 4);
  expect(ids).toHaveLength(3);
  for (const id of ids) await rowCheckbox(page, id).check();
  await expect(page.getByTestId('bulk-count').innerText()).resolves.toBe('3 selected');
  expect(await page.getByTestId('article-editor').count()).toBe(0);
  const header = page.getByRole('checkbox', { name: 'Select all articles on this page' });
  await expect(header.evaluate((el) => el.closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate'))).resolves.toBe(true);
  await shot(page, 'bulk-actions-editor-three-selected');

  // Trash asks first; confirming sends one call with the three ids.
  await toolbar.getByRole('button', { name: 'Trash' }).click();
  await visible(page.getByText('Move 3 articles to the trash?'));
  await shot(page, 'bulk-actions-editor-confirm-trash');
  const bulk = nextBulk(page);
  const reload = nextList(page);
  await confirmTrash(page);
  const answer = await bulk;
  expect(answer.request().postDataJSON()).toEqual({ ids, action: 'trash' });
  const result = (await answer.json()) as { code: number; data: { done: number; refused: number; results: Array<{ outcome: string }> } };
  expect(result.code).toBe(200);
  expect(result.data).toMatchObject({ done: 3, refused: 0 });
  const after = (await (await reload).json()) as { total: number };
  expect(after.total).toBe(before - 3);

  // The consequence on screen: the rows gone, the total down by three, one summary and its toast, nothing selected.
  await page.waitForFunction(
    (gone) =>
      [...document.querySelectorAll('[data-testid="article-portal"] tr[data-article-id]')].every(
        (tr) => !gone.includes(Number(tr.getAttribute('data-article-id'))),
      ),
    ids,
  );
  await page.waitForFunction(
    (total) => document.querySelector('[data-testid="article-total"]')?.textContent === `${total} articles`,
    before - 3,
  );
  expect(await shownTotal(page)).toBe(before - 3);
  const summary = page.getByTestId('bulk-summary');
  await visible(summary);
  await expect(summary.innerText()).resolves.toContain('Trash: 3 done');
  expect(await page.getByTestId('bulk-refusals').count()).toBe(0);
  await visible(page.locator('.ant-message-notice').filter({ hasText: 'Trash: 3 done' }));
  await expect(page.getByTestId('bulk-count').innerText()).resolves.toBe('0 selected');
  await shot(page, 'bulk-actions-editor-trashed');

  // The three are in the trash now.
  const trash = nextList(page, '-2');
  await page.goto('/articles?status=-2&limit=100');
  const trashed = ((await (await trash).json()) as { data: Array<{ id: number }> }).data.map((item) => item.id);
  expect(trashed).toEqual(expect.arrayContaining(ids));

  // Select all on this page, then another page: the selection is gone.
  await page.goto('/articles?limit=5');
  await visible(rows(page).first());
  await page.getByRole('checkbox', { name: 'Select all articles on this page' }).check();
  await expect(page.getByTestId('bulk-count').innerText()).resolves.toBe('5 selected');
  const page2 = nextList(page);
  await portal(page).locator('.ant-pagination-item-2').first().click();
  await page2;
  await page.waitForFunction(() => document.querySelector('[data-testid="bulk-count"]')?.textContent === '0 selected');
  expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
  await page.context().close();
});

test("as approver: the rights decide the toolbar; a mix of own and other people's articles is trashed per row, the summary says why", async () => {
  const { page } = await newPage(e2e.browser, e2e.api.url);
  await login(page, USERS.approver);
  const listed = nextList(page);
  await page.goto('/articles?limit=20');
  const items = ((await (await listed).json()) as { data: Array<{ id: number; createdBy: number | null }> }).data;
  await visible(rows(page).first());
  const toolbar = page.getByTestId('bulk-toolbar');
  const offered = await toolbar.getByRole('button').allInnerTexts();
  expect(offered.map((text) => text.trim())).toEqual(['Approve', 'Unpublish', 'Trash', 'Restore']);

  // One of the approver's own articles and two of other people's (the demo data has both on the first page).
  const session = await apiCall(e2e.api.url, 'POST', '/api/v2/session', {
    username: USERS.approver.username,
    password: USERS.approver.password,
  });
  const approverId = (session.body.data as { user: { id: number } }).user.id;
  const own = items.find((item) => item.createdBy === approverId)?.id as number;
  const others = items
    .filter((item) => item.createdBy !== approverId)
    .slice(0, 2)
    .map((item) => item.id);
  expect(own).toBeGreaterThan(0);
  expect(others).toHaveLength(2);
  for (const id of [own, ...others]) await rowCheckbox(page, id).check();
  const totalBefore = await shownTotal(page);

  await toolbar.getByRole('button', { name: 'Trash' }).click();
  const bulk = nextBulk(page);
  const reload = nextList(page);
  await confirmTrash(page);
  const result = (await (await bulk).json()) as { data: { done: number; refused: number } };
  expect(result.data).toMatchObject({ done: 1, refused: 2 });
  await reload;
  const summary = page.getByTestId('bulk-summary');
  await visible(summary);
  await expect(summary.innerText()).resolves.toContain('Trash: 1 done, 2 refused');
  // The ids in page order (the order the call sent them).
  const refusedInOrder = items.map((item) => item.id).filter((id) => others.includes(id));
  await expect(page.getByTestId('bulk-refusals').innerText()).resolves.toBe(
    `#${refusedInOrder[0]}, #${refusedInOrder[1]}: You can only delete your own articles`,
  );
  await visible(page.locator('.ant-message-notice').filter({ hasText: 'Trash: 1 done, 2 refused' }));
  await page.waitForFunction(
    (total) => document.querySelector('[data-testid="article-total"]')?.textContent === `${total} articles`,
    totalBefore - 1,
  );
  const after = await shownIds(page);
  expect(after).not.toContain(own);
  expect(after).toEqual(expect.arrayContaining(others));
  await shot(page, 'bulk-actions-approver-mixed');

  // Closing the summary removes it.
  await summary.getByRole('button', { name: 'Close the summary' }).click();
  await summary.waitFor({ state: 'detached' });
  await page.context().close();
});
