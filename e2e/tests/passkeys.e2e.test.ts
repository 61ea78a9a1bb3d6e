/**
 * Passkeys in Chromium with a virtual authenticator (Chrome DevTools Protocol WebAuthn domain:
 * resident keys, user verification, the user verified): the editor adds a passkey in My account,
 * signs out and signs in with the passkey only (no name, no password); then, in German, signs in with
 * the password and answers the second step with the passkey. The product runs on
 * http://localhost:PORT with PUBLIC_URL set to it (browsers refuse an IP address as the relying party
 * ID). axe on My account with its passkeys, the remove dialog and the login page in English, and on
 * My account, the login page and the passkey step in German.
 */
import type { CDPSession, Page } from 'playwright-core';
import {
  USERS,
  expectNoAxeViolations,
  getFreePort,
  login,
  logout,
  logoutControl,
  newPage,
  sessionToken,
  shot,
  visible,
  withApiAndBrowser,
} from '../support';

jest.setTimeout(180_000);

let origin = '';
const e2e = withApiAndBrowser(async () => {
  const port = await getFreePort();
  origin = `http://localhost:${port}`;
  return { port, env: { PUBLIC_URL: origin } };
});

/** A virtual platform authenticator on the page (a fingerprint reader that always recognises the user). */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const signedIn = async (page: Page) => {
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  await visible(logoutControl(page));
};

test('adds a passkey in My account, signs in with it alone, then as the second step after the password (English and German)', async () => {
  const { page } = await newPage(e2e.browser, origin);
  const { cdp, authenticatorId } = await addAuthenticator(page);
  await login(page, USERS.editor);
  await page.goto('/account');
  const card = await visible(page.getByTestId('passkeys'));
  await visible(card.getByText('No passkeys yet.'));
  await expectNoAxeViolations(page, 'My account, no passkeys');

  await card.getByLabel('Name of the new passkey').fill('Laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await visible(card.getByRole('cell', { name: 'Laptop', exact: true }));
  await visible(card.getByRole('cell', { name: 'Never', exact: true }));
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await expectNoAxeViolations(page, 'My account with a passkey');
  await shot(page, 'passkeys-account');

  await card.getByRole('button', { name: 'Remove the passkey Laptop' }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Remove the passkey Laptop' }));
  await expectNoAxeViolations(page, 'Remove a passkey');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Signed out, the passkey alone signs in: no name, no password.
  await logout(page);
  const passkeyButton = await visible(page.getByRole('button', { name: 'Sign in with a passkey' }));
  await expectNoAxeViolations(page, 'Login with the passkey button');
  await shot(page, 'passkeys-login');
  await passkeyButton.click();
  await signedIn(page);
  await page.goto('/account');
  await visible(page.getByTestId('passkeys').getByRole('cell', { name: 'Laptop', exact: true }));
  await expect(page.getByTestId('passkeys').getByRole('cell', { name: 'Never', exact: true }).count()).resolves.toBe(0);

  // German, from here on.
  await page.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'de'));
  await page.reload();
  await visible(page.getByRole('heading', { name: 'Passkeys' }));
  await visible(page.getByRole('button', { name: 'Passkey hinzufügen' }));
  await expectNoAxeViolations(page, 'My account with a passkey, German');
  await shot(page, 'passkeys-account-de');
  await page
    .getByRole('button', { name: 'Abmelden' })
    .or(page.getByRole('link', { name: 'Abmelden' }))
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/login');
  await visible(page.getByRole('button', { name: 'Anmeldung mit Passkey' }));
  await expectNoAxeViolations(page, 'Login with the passkey button, German');

  // The password now asks for the second factor: the editor's passkey (no authenticator app).
  await page.locator('input[name=username]').fill(USERS.editor.username);
  await page.locator('input[name=password]').fill(USERS.editor.password);
  await page.locator('form[name=login] button[type=submit]').click();
  const useIt = await visible(page.getByRole('button', { name: 'Passkey verwenden' }));
  await visible(page.getByText('Bestätigen Sie die Anmeldung mit einem Ihrer Passkeys.'));
  await expectNoAxeViolations(page, 'Second step by a passkey, German');
  await shot(page, 'passkeys-second-step-de');
  await useIt.click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  await visible(page.getByText('Erin Editor', { exact: true }));
});

/** An invitation made through the API as the admin (no SMTP: the link comes back); the link, on the product's origin. */
async function invite(name: string, email: string): Promise<string> {
  const token = await sessionToken(e2e.api.url, USERS.admin);
  const json = async (path: string, payload?: object) => {
    const response = await fetch(`${e2e.api.url}${path}`, {
      method: payload ? 'POST' : 'GET',
      headers: { AUTHENTICATION: token, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    return ((await response.json()) as { data: unknown }).data;
  };
  const roles = (await json('/api/v2/roles')) as Array<{ id: number; name: string }>;
  const submitter = roles.find((role) => role.name === 'submitter')?.id;
  const { link } = (await json('/api/v2/users/invite', { name, email, roles: [submitter] })) as { link: string };
  return link;
}

test('accepts an invitation with a passkey instead of a password: signed in at once, the link then used up (English and German)', async () => {
  const link = await invite('Paula Passkey', 'paula.passkey@newsdesk.example');
  expect(link.startsWith(`${origin}/invitation#`)).toBe(true);
  const { context, page } = await newPage(e2e.browser, origin);
  const { cdp, authenticatorId } = await addAuthenticator(page);
  await page.goto(link);
  const instead = await visible(page.getByRole('button', { name: 'Use a passkey instead' }));
  await expectNoAxeViolations(page, 'Invitation with the passkey choice');
  await shot(page, 'passkeys-invitation');
  await instead.click();
  await signedIn(page);
  await visible(page.getByText('Paula Passkey', { exact: true }));
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // The link worked once.
  await logout(page);
  await page.goto(link);
  await visible(page.getByTestId('account-link-error'));
  // The passkey alone signs in.
  await page.goto('/login');
  await (await visible(page.getByRole('button', { name: 'Sign in with a passkey' }))).click();
  await signedIn(page);
  await visible(page.getByText('Paula Passkey', { exact: true }));
  await context.close();

  // German: the same choice on another invitation.
  const german = await invite('Gerd Passkey', 'gerd.passkey@newsdesk.example');
  const { context: deContext, page: de } = await newPage(e2e.browser, origin);
  await de.goto('/login');
  await de.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'de'));
  await de.goto(german);
  await visible(de.getByRole('button', { name: 'Stattdessen einen Passkey verwenden' }));
  await expectNoAxeViolations(de, 'Invitation with the passkey choice, German');
  await shot(de, 'passkeys-invitation-de');
  await deContext.close();
});
