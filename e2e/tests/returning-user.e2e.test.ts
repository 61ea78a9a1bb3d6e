/**
 * A returning user's browser: a reload mid-edit, Back during a save, a second tab, the network
 * dropping and coming back, the browser closed mid-edit. After each: what the user sees next, and
 * what the server holds (the article, its edit lock as the live presence stream reports it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  USERS,
  apiCall,
  createArticleThroughApi,
  expectNoAxeViolations,
  launchPersistent,
  login,
  logoutControl,
  navLink,
  newPage,
  openArticleFromList,
  pathOf,
  remoteLabel,
  sessionToken,
  shot,
  track,
  visible,
  withApiAndBrowser,
} from '../support';

const e2e = withApiAndBrowser();
let adminToken: string;

beforeAll(async () => {
  adminToken = await sessionToken(e2e.api.url, USERS.admin);
});

/** A fresh article of the editor's, first in the portal's list (newest first); its id. */
async function freshArticle(title: string): Promise<string> {
  return createArticleThroughApi(e2e.api.url, await sessionToken(e2e.api.url, USERS.editor), { title, text: `<p>${title}.</p>` });
}

/** The live edit locks as the server reports them now (the presence stream's first snapshot). */
async function liveLocks(): Promise<{ article_id: number; held_by: { name: string } | null }[]> {
  const controller = new AbortController();
  const response = await fetch(`${e2e.api.url}/api/portal/events`, { headers: { authentication: adminToken }, signal: controller.signal });
  const reader = response.body!.getReader();
  let text = '';
  try {
    while (!text.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the presence stream ended before its snapshot (HTTP ${response.status}): ${text}`);
      text += new TextDecoder().decode(value);
    }
  } finally {
    controller.abort();
  }
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5))
    .join('');
  return (JSON.parse(data) as { locks: { article_id: number; held_by: { name: string } | null }[] }).locks;
}

const lockHeld = async (id: string) => (await liveLocks()).some((lock) => String(lock.article_id) === id && lock.held_by);

/** Waits until the server holds no live lock of the article (the server's own expiry is 15 minutes). */
async function lockFreed(id: string, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (await lockHeld(id)) {
    if (Date.now() > deadline) throw new Error(`article ${id}: its edit lock is still held after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The article as the server holds it (read as admin through the API). */
async function serverTitle(id: string): Promise<string> {
  const read = await apiCall(e2e.api.url, 'GET', `/api/portal/article?id=${id}`, undefined, adminToken);
  await fetch(`${e2e.api.url}/api/portal/lock/${id}/release`, { method: 'POST', headers: { AUTHENTICATION: adminToken } });
  return (read.body.data as { article: { title: string } }).article.title;
}

const titleField = (page: Page) => page.getByTestId('article-editor').locator('input[data-testid="editor-title"]');

/** Types a new title and waits until the editor has kept it in the draft store. */
async function typeTitle(page: Page, title: string): Promise<void> {
  await titleField(page).fill(title);
  await page.waitForFunction((expected) => Object.values(window.localStorage).some((value) => value.includes(expected)), title, {
    timeout: 10_000,
  });
}

async function portal(page: Page): Promise<void> {
  await visible(remoteLabel(page, 'remote-articles'));
  await visible(page.locator('tr[data-row-key]').first());
}

const saveButton = (page: Page) => page.getByTestId('editor-actions').getByRole('button', { name: 'Save', exact: true });

test('a reload mid-edit frees the lock at once and the portal announces the kept changes; opening offers them back', async () => {
  const id = await freshArticle('Reload mid-edit');
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    await portal(page);
    await openArticleFromList(page, id);
    expect(await lockHeld(id)).toBe(true);
    await typeTitle(page, 'Typed before the reload');
    await page.reload();
    await portal(page);
    await lockFreed(id);
    const kept = await visible(page.getByTestId('kept-drafts'));
    expect(await kept.innerText()).toContain('Typed before the reload');
    await shot(page, 'returning-kept-drafts');
    await expectNoAxeViolations(page, 'the portal announcing kept changes');
    await kept.getByRole('button', { name: `Open article ${id}` }).click();
    await visible(page.getByTestId('editor-draft'));
    await page.getByTestId('editor-draft').getByRole('button', { name: 'Restore them' }).click();
    expect(await titleField(page).inputValue()).toBe('Typed before the reload');
    expect(await serverTitle(id)).toBe('Reload mid-edit');
  } finally {
    await context.close();
  }
});

test('Back during a save: the save finishes (saved on the server, said so), then the browser goes back', async () => {
  const id = await freshArticle('Back during a save');
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    await navLink(page, 'Categories').click();
    await visible(remoteLabel(page, 'remote-categories'));
    await navLink(page, 'Articles').click();
    await portal(page);
    await openArticleFromList(page, id);
    await typeTitle(page, 'Saved although Back was pressed');
    // The save takes a moment on its way, so that Back comes while it runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/portal/article', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const isSave = (request: { method(): string; url(): string }) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/api/portal/article';
    const sent = page.waitForRequest(isSave);
    const saved = page.waitForResponse((response) => isSave(response.request()));
    await saveButton(page).click();
    await sent;
    await page.goBack();
    await visible(page.getByText('Saving… you go on as soon as the article is stored.'));
    expect(pathOf(page)).not.toBe('/categories');
    release();
    expect((await saved).status()).toBe(200);
    await visible(page.getByText('Article saved'));
    await page.waitForURL((url) => url.pathname === '/categories');
    await visible(remoteLabel(page, 'remote-categories'));
    expect(await serverTitle(id)).toBe('Saved although Back was pressed');
    await lockFreed(id);
    // Forward again: the portal, with no changes claimed as kept (the save stored them).
    await page.goForward();
    await portal(page);
    expect(await page.getByTestId('kept-drafts').count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('a second tab of the same browser shares the session, and claims no unsaved changes', async () => {
  const id = await freshArticle('Second tab');
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    // Not remembered: the token lives in the first tab's sessionStorage only.
    await login(page, USERS.editor);
    await portal(page);
    await openArticleFromList(page, id);
    const second = await context.newPage();
    track(second);
    await second.goto('/');
    await visible(logoutControl(second));
    expect(pathOf(second)).toBe('/');
    await portal(second);
    expect(await second.getByTestId('kept-drafts').count()).toBe(0);
    await openArticleFromList(second, id);
    await shot(second, 'returning-second-tab-editor');
    expect(await second.getByTestId('editor-draft').count()).toBe(0);
    expect(await second.evaluate(() => window.localStorage.getItem('newsdesk.auth'))).toBeNull();
  } finally {
    await context.close();
  }
});

test('the network drops during a save and comes back: the edits are kept, said so, and saved once back', async () => {
  const id = await freshArticle('Network drop');
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await login(page, USERS.editor);
    await portal(page);
    await openArticleFromList(page, id);
    await typeTitle(page, 'Typed while offline');
    await context.setOffline(true);
    await saveButton(page).click();
    await visible(page.getByTestId('editor-save-error'));
    expect(await titleField(page).inputValue()).toBe('Typed while offline');
    expect(await serverTitle(id)).toBe('Network drop');
    await context.setOffline(false);
    await saveButton(page).click();
    await visible(page.getByText('Article saved'));
    expect(await serverTitle(id)).toBe('Typed while offline');
  } finally {
    await context.close();
  }
});

test('the browser closed mid-edit: the lock is freed at once; reopened, the kept changes are announced', async () => {
  const id = await freshArticle('Browser closed');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-e2e-returning-'));
  const inBrowser = async (fn: (page: Page, context: BrowserContext) => Promise<void>) => {
    const context = await launchPersistent(profile, e2e.api.url);
    const page = context.pages()[0] ?? (await context.newPage());
    track(page);
    try {
      await fn(page, context);
    } finally {
      await context.close();
    }
  };
  try {
    await inBrowser(async (page) => {
      await login(page, USERS.editor, { remember: true });
      await portal(page);
      await openArticleFromList(page, id);
      await typeTitle(page, 'Typed before closing');
      // Closed the way a user closes it (the page's unload runs), then the browser.
      const closed = new Promise((resolve) => page.once('close', resolve));
      await page.close({ runBeforeUnload: true });
      await closed;
    });
    await lockFreed(id);
    await inBrowser(async (page) => {
      await page.goto('/');
      await portal(page);
      const kept = await visible(page.getByTestId('kept-drafts'));
      expect(await kept.innerText()).toContain('Typed before closing');
      await kept.getByRole('button', { name: `Open article ${id}` }).click();
      await visible(page.getByTestId('editor-draft'));
    });
    expect(await serverTitle(id)).toBe('Browser closed');
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
