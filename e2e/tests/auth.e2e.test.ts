/**
 * Sign-in, rights in the navbar, Remember Me, logout, guards and redirects, 404, banner and the
 * loading overlay — real shell + remotes + API + PGlite in headless Chromium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  BANNER_TEXT,
  USERS,
  apiCall,
  launchPersistent,
  login,
  loginForm,
  logout,
  logoutControl,
  navLink,
  newPage,
  pathOf,
  remoteLabel,
  shot,
  track,
  visible,
  type DemoUser,
  withApiAndBrowser,
} from '../support';

const TOKEN_KEY = 'newsdesk.auth';

const e2e = withApiAndBrowser();

/** Runs `fn` with a fresh context (no storage) and closes it afterwards. */
async function withPage(fn: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    await fn(page);
  } finally {
    await context.close();
  }
}

const storedToken = (page: Page) =>
  page.evaluate((key) => ({ local: localStorage.getItem(key), session: sessionStorage.getItem(key) }), TOKEN_KEY);

describe('sign in as each demo user: the navbar shows what their rights allow', () => {
  const cases = Object.entries(USERS) as [string, DemoUser][];

  test.each(cases)('%s', async (name, user) => {
    await withPage(async (page) => {
      await login(page, user);
      expect(pathOf(page)).toBe('/');
      await visible(navLink(page, 'Articles'));
      // The root opens the article portal (remote_articles).
      await visible(remoteLabel(page, 'remote-articles'));
      const canImport = user.rights.includes('import');
      const canCategories = user.rights.includes('manage_categories');
      if (canImport) await visible(navLink(page, 'Import'));
      if (canCategories) await visible(navLink(page, 'Categories'));
      expect(await navLink(page, 'Import').count()).toBe(canImport ? 1 : 0);
      expect(await navLink(page, 'Categories').count()).toBe(canCategories ? 1 : 0);
      await visible(logoutControl(page));
      await shot(page, `auth-navbar-${name}`);
    });
  });
});

test('the navbar does not show when signed out', async () => {
  await withPage(async (page) => {
    await page.goto('/login');
    await visible(loginForm.submit(page));
    expect(await navLink(page, 'Articles').count()).toBe(0);
    expect(await logoutControl(page).count()).toBe(0);
  });
});

test('a wrong password shows the server message in a danger alert', async () => {
  // The message the server gives for a wrong password, asked directly.
  const direct = await apiCall(e2e.api.url, 'POST', '/api/v2/session', { username: 'editor', password: 'not-the-password' });
  expect(direct.status).toBeGreaterThanOrEqual(400);
  const message = direct.body.message;
  expect(message).toBeTruthy();

  await withPage(async (page) => {
    await login(page, { ...USERS.editor, password: 'not-the-password' }, { expectSuccess: false });
    const alert = page.getByRole('alert').filter({ hasText: message });
    await visible(alert);
    // antd's "danger" alert is type="error".
    expect(await alert.first().getAttribute('class')).toMatch(/ant-alert-error|danger/);
    expect(pathOf(page)).toBe('/login');
    expect(await storedToken(page)).toEqual({ local: null, session: null });
    await shot(page, 'auth-wrong-password');
    // The form is usable again: the right password now signs in.
    await loginForm.password(page).fill(USERS.editor.password);
    await loginForm.submit(page).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visible(logoutControl(page));
  });
});

test('with the German UI, a wrong password shows the German text of the server error (translated by its code)', async () => {
  const direct = await apiCall(e2e.api.url, 'POST', '/api/v2/session', { username: 'editor', password: 'not-the-password' });
  expect(direct.status).toBe(401);
  expect(direct.body.data).toMatchObject({ error: 'invalid_credentials' });

  await withPage(async (page) => {
    await page.addInitScript(() => localStorage.setItem('newsdesk.lang', 'de'));
    await page.goto('/login');
    await page.getByLabel('Benutzername').fill(USERS.editor.username);
    await page.getByLabel('Passwort').fill('not-the-password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort ist falsch' });
    await visible(alert);
    expect(await page.getByText('Invalid username or password').count()).toBe(0);
    expect(pathOf(page)).toBe('/login');
    await shot(page, 'auth-wrong-password-de');
  });
});

describe('Remember Me', () => {
  let profile: string;
  beforeEach(() => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-e2e-profile-'));
  });
  afterEach(() => fs.rmSync(profile, { recursive: true, force: true }));

  /** Runs `fn` in a browser on the profile, then closes the browser: two calls are a browser restart. */
  async function inBrowserOnProfile(fn: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
    const context = await launchPersistent(profile, e2e.api.url);
    const page = context.pages()[0] ?? (await context.newPage());
    track(page);
    try {
      await fn(page, context);
    } finally {
      await context.close();
    }
  }

  test('with it, the session survives closing and reopening the browser', async () => {
    await inBrowserOnProfile(async (page) => {
      await login(page, USERS.editor, { remember: true });
      const stored = await storedToken(page);
      expect(stored.local).toBeTruthy();
      expect(stored.session).toBeNull();
    });

    await inBrowserOnProfile(async (page) => {
      await page.goto('/articles');
      await visible(logoutControl(page));
      expect(pathOf(page)).toBe('/articles');
      await visible(remoteLabel(page, 'remote-articles'));
      await shot(page, 'auth-remember-me-after-restart');
    });
  });

  test('without it, the session ends with the browser (a new tab shares it; a browser restart is signed out)', async () => {
    await inBrowserOnProfile(async (page, context) => {
      await login(page, USERS.editor);
      const stored = await storedToken(page);
      expect(stored.session).toBeTruthy();
      expect(stored.local).toBeNull();
      // The same tab keeps the session across a reload.
      await page.reload();
      await visible(logoutControl(page));
      expect(pathOf(page)).toBe('/');
      // Another tab of the same browser shares the session (handed over by the first tab), kept
      // in its own sessionStorage: it too ends with the browser.
      const other = await context.newPage();
      track(other);
      await other.goto('/articles');
      await visible(logoutControl(other));
      expect(pathOf(other)).toBe('/articles');
      expect(await storedToken(other)).toEqual({ local: null, session: stored.session });
    });

    await inBrowserOnProfile(async (page) => {
      await page.goto('/articles');
      await page.waitForURL((url) => url.pathname === '/login');
      await visible(loginForm.submit(page));
      expect(await storedToken(page)).toEqual({ local: null, session: null });
    });
  });
});

test('logout clears the session, goes to /login, and protected pages then redirect to /login', async () => {
  await withPage(async (page) => {
    await login(page, USERS.admin, { remember: true });
    const before = await storedToken(page);
    const token = before.local ?? before.session;
    expect(token).toBeTruthy();

    const revoked = page.waitForResponse((res) => res.url().includes('/api/v2/session') && res.request().method() === 'DELETE', {
      timeout: 15_000,
    });
    await logout(page);
    expect((await revoked).status()).toBe(200);
    expect(pathOf(page)).toBe('/login');
    await visible(loginForm.submit(page));
    expect(await storedToken(page)).toEqual({ local: null, session: null });

    for (const route of ['/', '/articles', '/import', '/import/new', '/categories']) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/login');
      await visible(loginForm.submit(page));
    }
    // The server side of the session is revoked too (DELETE /api/v2/session).
    const raw = token!.startsWith('{') ? (JSON.parse(token!) as { token?: string; auth?: string }) : null;
    const plain = raw ? (raw.token ?? raw.auth ?? '') : token!;
    const restored = await apiCall(e2e.api.url, 'GET', `/api/v2/session?auth=${encodeURIComponent(plain)}`);
    expect(restored.status).toBe(401);
  });
});

describe('guards and redirects', () => {
  test('a signed-in user at /login is sent to the root', async () => {
    await withPage(async (page) => {
      await login(page, USERS.editor);
      await page.goto('/login');
      await page.waitForURL((url) => url.pathname === '/');
      await visible(logoutControl(page));
    });
  });

  test('an unknown path redirects to the root (then to /login when signed out)', async () => {
    await withPage(async (page) => {
      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/login');
      await login(page, USERS.editor);
      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/');
      await visible(remoteLabel(page, 'remote-articles'));
    });
  });

  test('a signed-out visitor of a protected page is sent to /login', async () => {
    await withPage(async (page) => {
      await page.goto('/import/edit/1');
      await page.waitForURL((url) => url.pathname === '/login');
      await visible(loginForm.submit(page));
    });
  });

  test('/404 shows only the centred text 404', async () => {
    for (const signedIn of [false, true]) {
      await withPage(async (page) => {
        if (signedIn) await login(page, USERS.editor);
        await page.goto('/404');
        const text = page.getByText('404', { exact: true });
        await visible(text);
        expect(pathOf(page)).toBe('/404');
        // Only the text 404 (apart from the insecure-connection banner of the root view).
        const bodyText = (await page.locator('body').innerText()).replace(BANNER_TEXT, '').trim();
        expect(bodyText).toBe('404');
        expect(await loginForm.submit(page).count()).toBe(0);
        // Centred horizontally in the window.
        const box = (await text.boundingBox())!;
        const width = page.viewportSize()!.width;
        const centre = box.x + box.width / 2;
        const style = await text.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const r = range.getBoundingClientRect();
          return { x: r.x, width: r.width };
        });
        const textCentre = style.x + style.width / 2;
        expect(Math.abs(textCentre - width / 2)).toBeLessThan(width * 0.05);
        expect(centre).toBeGreaterThan(0);
        await shot(page, `auth-404-${signedIn ? 'signed-in' : 'signed-out'}`);
      });
    }
  });
});

test('the insecure-connection banner shows its exact text over http', async () => {
  await withPage(async (page) => {
    await page.goto('/login');
    await visible(page.getByText(BANNER_TEXT, { exact: true }));
    await login(page, USERS.submitter);
    await visible(page.getByText(BANNER_TEXT, { exact: true }));
    await shot(page, 'auth-banner-signed-in');
  });
});

test('the loading overlay "Loading..." shows during a slow request', async () => {
  await withPage(async (page) => {
    await login(page, USERS.admin);
    await visible(remoteLabel(page, 'remote-articles'));
    // The root view's overlay: a status region reading Loading...
    const overlay = page.getByRole('status').filter({ hasText: 'Loading...' }).first();
    // Make the next API calls slow.
    let delayed = 0;
    await page.route('**/api/**', async (route) => {
      delayed += 1;
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue().catch(() => undefined);
    });
    await navLink(page, 'Import').click();
    await visible(overlay, 5000);
    await shot(page, 'auth-loading-overlay');
    await overlay.waitFor({ state: 'hidden', timeout: 30_000 });
    await page.unroute('**/api/**');
    expect(delayed).toBeGreaterThan(0);
    await visible(remoteLabel(page, 'remote-importers'));
    expect(pathOf(page)).toBe('/import');
  });
});
