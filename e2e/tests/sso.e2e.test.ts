/**
 * Single sign-on in the browser against a real OpenID provider (oidc-provider on loopback, its
 * development login page): the login page offers "Sign in with Newsroom ID" beside the form; the
 * demo submitter signs in at the provider, whose groups claim maps them to the editor role, and lands
 * in the shell signed in with the editor's navbar (Import, Categories). A refusal sent back by the
 * API (/login?sso_error=…) shows its coded message, in German too. axe on the login page with the
 * button and with the refusal. The client authenticates by client_secret_post (OIDC_CLIENT_AUTH), the
 * only method this provider accepts from it. The admin's Users screen then tags Sam as linked to the
 * provider (EN + DE, axe).
 */
import { startProvider, type TestProvider } from '../../api/test/oidc/provider';
import {
  USERS,
  expectNoAxeViolations,
  getFreePort,
  login,
  logoutControl,
  navLink,
  newPage,
  shot,
  visible,
  withApiAndBrowser,
} from '../support';

let provider: TestProvider;
const CLIENT = { clientId: 'newsdesk-e2e', clientSecret: 'an-e2e-client-secret-long-enough' };

const e2e = withApiAndBrowser(async () => {
  const port = await getFreePort();
  const redirectUri = `http://127.0.0.1:${port}/api/v2/sso/callback`;
  provider = await startProvider({
    ...CLIENT,
    redirectUri,
    // The client registered for client_secret_post: the secret goes in the token request's body.
    tokenEndpointAuthMethod: 'client_secret_post',
    accounts: { 'sub-sam': { email: 'submitter@newsdesk.example', email_verified: true, name: 'Sam Submitter', groups: ['desk-chiefs'] } },
  });
  return {
    port,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT.clientId,
      OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      OIDC_CLIENT_AUTH: 'client_secret_post',
      OIDC_NAME: 'Newsroom ID',
      OIDC_REDIRECT_URI: redirectUri,
      OIDC_ROLES_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'desk-chiefs=editor,staff=submitter',
      OIDC_ALLOWED_DOMAINS: 'newsdesk.example',
    },
  };
});
afterAll(() => provider?.stop());

test('"Sign in with Newsroom ID": the provider signs the submitter in as an editor; a refusal is shown by its code', async () => {
  const { page } = await newPage(e2e.browser, e2e.api.url);
  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Sign in with Newsroom ID' });
  await visible(button);
  await expectNoAxeViolations(page, 'Login with single sign-on');
  await shot(page, 'sso-login');

  await button.click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill('sub-sam');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await page.waitForURL((url) => url.origin === e2e.api.url && url.pathname !== '/login', { timeout: 30_000 });
  await visible(logoutControl(page));
  // The editor's navbar, not the submitter's: the groups claim mapped the role.
  await visible(navLink(page, 'Import'));
  await visible(navLink(page, 'Categories'));
  expect(page.url()).not.toContain('sso=');
  await shot(page, 'sso-signed-in');

  // Signed out, a refusal the API redirects with: its message, then in German.
  await logoutControl(page).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.goto('/login?sso_error=sso_user_disabled');
  await visible(page.getByTestId('login-error').getByText('Your Newsdesk account is disabled'));
  expect(new URL(page.url()).search).toBe('');
  await expectNoAxeViolations(page, 'Login with a single sign-on refusal');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await visible(page.getByTestId('login-error').getByText('Ihr Newsdesk-Konto ist deaktiviert'));
  await visible(page.getByRole('link', { name: 'Anmelden mit Newsroom ID' }));
  await shot(page, 'sso-refused-de');

  // The admin sees Sam linked to the provider on the Users screen.
  const { page: admin } = await newPage(e2e.browser, e2e.api.url);
  await login(admin, USERS.admin);
  await admin.goto('/admin/users');
  const issuerHost = new URL(provider.issuer).host;
  const samRow = admin.getByRole('row').filter({ hasText: 'Sam Submitter' });
  const tag = await visible(samRow.getByTestId('sso-tag'));
  expect(await tag.textContent()).toBe(`SSO · ${issuerHost}`);
  expect(await tag.getAttribute('title')).toBe(`Signs in by single sign-on at ${provider.issuer}`);
  expect(await admin.getByRole('row').filter({ hasText: 'Alex Admin' }).getByTestId('sso-tag').count()).toBe(0);
  await expectNoAxeViolations(admin, 'Users with an SSO-linked user');
  await shot(admin, 'sso-users-tag');
  await admin.evaluate(() => window.localStorage.setItem('newsdesk.lang', 'de'));
  await admin.reload();
  const tagDe = await visible(admin.getByRole('row').filter({ hasText: 'Sam Submitter' }).getByTestId('sso-tag'));
  expect(await tagDe.getAttribute('title')).toBe(`Meldet sich per Single Sign-on bei ${provider.issuer} an`);
  await expectNoAxeViolations(admin, 'Users with an SSO-linked user, German');
});
