/**
 * Issue 11, defect 21: the shell is served with a Content-Security-Policy (and X-Frame-Options,
 * Referrer-Policy, X-Content-Type-Options), and the shell and every remote work under it — with
 * one remote on another origin (the CSP allows the origins of the remotes manifest): no
 * `securitypolicyviolation` event and no CSP console error while signing in and using every screen.
 */
import type { Page } from 'playwright-core';
import {
  login,
  navLink,
  networkSettled,
  newPage,
  openNewImportThroughNavbar,
  remoteLabel,
  shot,
  USERS,
  visible,
  withRemoteOnItsOwnOrigin,
  type PageLog,
} from '../support';

let page: Page;
let log: PageLog;
let shellHeaders: Record<string, string>;
const violations: string[] = [];

// remote_categories on its own origin, as a deployment may put it.
const e2e = withRemoteOnItsOwnOrigin('remote-categories');

beforeAll(async () => {
  ({ page, log } = await newPage(e2e.browser, e2e.api.url));
  // Reported by the page itself, before any of its scripts run.
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });

  const shell = await page.goto('/login');
  shellHeaders = (await shell?.allHeaders()) ?? {};
  await login(page, USERS.admin);
  // Portal, then an article opened in the editor.
  await visible(remoteLabel(page, 'remote-articles'));
  const firstRow = page.locator('tr[data-row-key] td').nth(1);
  await visible(firstRow);
  await firstRow.click();
  await visible(page.getByTestId('article-editor').getByTestId('editor-title'));
  await networkSettled(page);
  await shot(page, 'csp-article-editor');
  // Categories (from the other origin), the import list and the import editor.
  await navLink(page, 'Categories').click();
  await visible(remoteLabel(page, 'remote-categories'));
  await networkSettled(page);
  await shot(page, 'csp-categories');
  await openNewImportThroughNavbar(page);
  await networkSettled(page);
  await shot(page, 'csp-import-editor');
}, 180_000);

test('the shell is served with the security headers, its CSP allowing the remote on the other origin', () => {
  expect(shellHeaders['x-content-type-options']).toBe('nosniff');
  expect(shellHeaders['x-frame-options']).toBe('DENY');
  expect(shellHeaders['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = shellHeaders['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(new RegExp(`script-src [^;]*${e2e.remote.url.replace(/[.:/]/g, '\\$&')}`));
});

// A reload revalidates the page (If-None-Match / If-Modified-Since: 304) and the browser merges the
// 304's headers into the cached page: with the wrong policy there every script is blocked (blank page).
test('every screen reloaded twice with the cache on still works, under the shell’s policy', async () => {
  const screens: [string, string][] = [
    ['/', 'remote-articles'],
    ['/articles', 'remote-articles'],
    ['/categories', 'remote-categories'],
    ['/import', 'remote-importers'],
    ['/import/new', 'remote-importers'],
    ['/activity', 'remote-articles'],
  ];
  const documents: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') {
      const csp = response.headers()['content-security-policy'] ?? '';
      documents.push(`${new URL(response.url()).pathname} ${response.status()} ${/script-src 'self'/.test(csp) ? 'shell policy' : csp}`);
    }
  });
  for (const [url, remote] of screens) {
    await page.goto(url);
    await visible(remoteLabel(page, remote));
    for (let reload = 1; reload <= 2; reload++) {
      await page.reload();
      await visible(remoteLabel(page, remote));
      await visible(navLink(page, 'Articles'));
    }
  }
  await shot(page, 'csp-activity-reloaded');
  expect(documents.filter((line) => !line.endsWith('shell policy'))).toEqual([]);
  expect(documents).toHaveLength(screens.length * 3);
}, 180_000);

test('no CSP violation while signing in and using every screen', () => {
  const cspConsole = log.consoleErrors.filter((text) => /Content Security Policy|Content-Security-Policy/i.test(text));
  expect({ violations, cspConsole }).toEqual({ violations: [], cspConsole: [] });
  expect(log.pageErrors).toEqual([]);
});
