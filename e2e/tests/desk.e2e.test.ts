/**
 * The desk in the real shell, remote-desk, API and PGlite in headless Chromium, two browser contexts:
 * the editor opens the News board from the navbar and moves a story to the next stage by keyboard
 * only (focus, Shift+Right arrow; the move is announced); the approver's open board shows the move by
 * itself, without a reload (the event stream). axe finds no WCAG 2.1 AA violation on the board in
 * English and in German. An editor plans a story opened from the board (assignee, a past deadline,
 * a target length); the assignee's open board shows it assigned and, at the overdue job's next tick,
 * overdue, and its Mine filter keeps their stories.
 */
import type { Locator, Page } from 'playwright-core';
import { USERS, expectNoAxeViolations, login, markPage, navLink, newPage, remoteLabel, shot, visible, withApiAndBrowser } from '../support';

jest.setTimeout(240_000);

/** The overdue job runs here, every 2 s: a story planned with a past deadline turns overdue on open boards by itself. */
const e2e = withApiAndBrowser({ env: { OVERDUE_SCHEDULER: '1', OVERDUE_SCHEDULER_TICK_SECONDS: '2' } });

/** How long the approver waits for the editor's move without a reload (the product aims at 2 s; here: that it arrives by itself). */
const LIVE_MS = 10_000;

/** The column of a stage, by its heading. */
const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage} \\(`) });

async function openBoard(page: Page, nav: string): Promise<void> {
  await navLink(page, nav).click();
  await page.waitForURL((url) => url.pathname === '/desk');
  await visible(remoteLabel(page, 'remote-desk'));
  await visible(page.getByTestId('desk-board'));
}

test("an editor moves a story by keyboard; the approver's open board shows it without a reload", async () => {
  const { page: editor } = await newPage(e2e.browser, e2e.api.url);
  await login(editor, USERS.editor);
  await openBoard(editor, 'Desk');
  await visible(editor.getByRole('heading', { name: 'Desk: News' }));
  await expectNoAxeViolations(editor, 'Board');
  await shot(editor, 'desk-board');

  const { page: approver } = await newPage(e2e.browser, e2e.api.url);
  await login(approver, USERS.approver);
  await openBoard(approver, 'Desk');
  const sameApproverPage = await markPage(approver);

  const story = column(editor, 'Pitch').getByRole('article').first();
  const title = (await story.locator('.nd-desk-card-title').textContent()) ?? '';
  expect(title).not.toBe('');
  await visible(column(approver, 'Pitch').getByRole('article', { name: `${title}, in Pitch` }));

  await story.focus();
  await editor.keyboard.press('Shift+ArrowRight');
  await visible(column(editor, 'Writing').getByRole('article', { name: `${title}, in Writing` }));
  await visible(editor.getByTestId('desk-announcement').filter({ hasText: `${title} moved to Writing` }));
  await shot(editor, 'desk-board-moved');

  await visible(column(approver, 'Writing').getByRole('article', { name: `${title}, in Writing` }), LIVE_MS);
  expect(
    await column(approver, 'Pitch')
      .getByRole('article', { name: `${title}, in Pitch` })
      .count(),
  ).toBe(0);
  expect(await sameApproverPage()).toBe(true);
  await shot(approver, 'desk-board-live');
  await editor.context().close();
  await approver.context().close();
});

test('the German board', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  await context.addInitScript(() => window.localStorage.setItem('newsdesk.lang', 'de'));
  // The login form speaks German too: filled by its field names.
  await page.goto('/login');
  await page.locator('input[name=username]').fill(USERS.editor.username);
  await page.locator('input[name=password]').fill(USERS.editor.password);
  await page.locator('form[name=login] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await openBoard(page, 'Ressort');
  await visible(page.getByRole('heading', { name: 'Ressort: News' }));
  await visible(page.getByText(/Umschalt\+Pfeil rechts/));
  await expectNoAxeViolations(page, 'Board (German)');
  await shot(page, 'desk-board-de');
  await context.close();
});

/** Picks an option of an antd Select (the dropdown renders in the page body). */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

test("an editor plans a story from the board: the assignee's open board shows it assigned, overdue, under Mine", async () => {
  const { page: approver } = await newPage(e2e.browser, e2e.api.url);
  await login(approver, USERS.approver);
  await openBoard(approver, 'Desk');
  const sameApproverPage = await markPage(approver);

  const { page: editor } = await newPage(e2e.browser, e2e.api.url);
  await login(editor, USERS.editor);
  await openBoard(editor, 'Desk');
  const story = column(editor, 'Editing').getByRole('article').first();
  const title = (await story.locator('.nd-desk-card-title').textContent()) ?? '';
  expect(title).not.toBe('');
  // Enter on a focused card opens it in the editor.
  await story.focus();
  await editor.keyboard.press('Enter');
  await editor.waitForURL((url) => url.pathname === '/articles');
  // The editor has the article (its title filled), then its Planning panel opens (the header again if a
  // late render of the editor closed it).
  await editor.waitForFunction(() => Boolean(document.querySelector<HTMLInputElement>('#title')?.value));
  const panel = editor.getByTestId('planning-panel');
  const header = editor.getByRole('button', { name: 'Planning' });
  for (let attempt = 0; attempt < 3 && !(await panel.isVisible()); attempt += 1) {
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await panel.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  }
  await visible(panel);
  await choose(
    editor,
    panel.locator('#planning-assignees').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
    'Avery Approver',
  );
  const deadline = panel.getByTestId('planning-deadline');
  await deadline.click();
  await deadline.fill('2020-01-06 09:00');
  await deadline.press('Enter');
  await panel.locator('#planning-target').fill('450');
  await panel.getByTestId('planning-save').click();
  await visible(editor.getByText('Planning saved'));
  await editor.mouse.move(0, 0);
  await expectNoAxeViolations(editor, 'editor with the Planning panel');
  await shot(editor, 'desk-planning-editor');

  // The approver's board, open all along: the card is assigned to them, then overdue (the job's next tick).
  const card = column(approver, 'Editing').getByRole('article', { name: `${title}, in Editing, overdue` });
  await visible(card, LIVE_MS);
  await visible(card.getByText('Assigned to Avery Approver'));
  await visible(card.getByText(/of 450 words$/));
  expect(await sameApproverPage()).toBe(true);
  await approver.getByRole('button', { name: 'Mine' }).click();
  const shown = await approver.getByRole('article').count();
  expect(shown).toBeGreaterThan(0);
  for (const each of await approver.getByRole('article').all()) await visible(each.getByText(/Assigned to .*Avery Approver/));
  await expectNoAxeViolations(approver, 'Board with a planned, overdue story and the Mine filter');
  await shot(approver, 'desk-board-planned');
  await editor.context().close();
  await approver.context().close();
});

test('an admin manages a desk: a stage moved by keyboard, a member added, saved; the screen in English and German passes axe', async () => {
  const { page } = await newPage(e2e.browser, e2e.api.url);
  await login(page, USERS.admin);
  await openBoard(page, 'Desk');
  await page.getByRole('link', { name: 'Manage desks' }).click();
  await page.waitForURL((url) => url.pathname === '/desk/manage');
  await visible(page.getByRole('heading', { name: 'Manage desks' }));
  await page.getByRole('combobox', { name: 'Desk' }).selectOption({ label: 'Sport' });
  const ready = page.getByRole('button', { name: 'Move Ready, stage 5 of 5' });
  await ready.focus();
  await page.keyboard.press('Alt+ArrowUp');
  await visible(page.getByTestId('desk-admin-announcement').filter({ hasText: 'Ready moved to position 4 of 5' }));
  await page.getByRole('checkbox', { name: 'Sam Submitter' }).check();
  await page.getByRole('button', { name: 'Save desk' }).click();
  await visible(page.getByText('Desk Sport saved'));
  await expectNoAxeViolations(page, 'Manage desks');
  await shot(page, 'desk-manage');
  // Saved: the Sport board has Ready before Copy now.
  await page.goto('/desk?desk=2');
  await visible(page.getByRole('heading', { name: 'Desk: Sport' }));
  const headings = await page.locator('.nd-desk-column-title').allTextContents();
  expect(headings.map((text) => text.replace(/\s*\(\d+\)$/, ''))).toEqual(['Pitch', 'Writing', 'Editing', 'Ready', 'Copy']);
  await page.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'de'));
  await page.goto('/desk/manage');
  await visible(page.getByRole('heading', { name: 'Ressorts verwalten' }));
  await expectNoAxeViolations(page, 'Manage desks (German)');
  await shot(page, 'desk-manage-de');
  await page.context().close();
});
