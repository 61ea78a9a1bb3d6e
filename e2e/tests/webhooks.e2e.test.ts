/**
 * Signed webhooks in the real shell, remote-admin, API (delivery worker on, a fast tick) and PGlite:
 * the admin opens Webhooks from the navbar, creates a subscription to a receiver this test starts,
 * an article is published, the receiver gets the signed event (verified with the `standardwebhooks`
 * verifier), and the delivery log shows it delivered with its answer; redeliver sends it again.
 * axe on the screen, the dialog and the log drawer, in English and German.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  USERS,
  apiCall,
  createArticleThroughApi,
  englishOnPage,
  expectNoAxeViolations,
  login,
  navLink,
  newPage,
  remoteLabel,
  sessionToken,
  shot,
  visible,
  withApiAndBrowser,
} from '../support';

jest.setTimeout(240_000);

const e2e = withApiAndBrowser({ env: { WEBHOOK_WORKER: '1', WEBHOOK_WORKER_TICK_MS: '200', IMPORT_ALLOW_PRIVATE_HOSTS: '1' } });

interface Received {
  body: string;
  headers: Record<string, string>;
}

let server: http.Server;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function until<T>(read: () => T | undefined, timeout = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeout) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('a subscription receives a signed publish event, shown in the delivery log', async () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal`;
  const { page } = await newPage(e2e.browser, e2e.api.url);
  await login(page, USERS.admin);
  await navLink(page, 'Webhooks').click();
  await page.waitForURL((address) => address.pathname === '/admin/webhooks');
  await visible(remoteLabel(page, 'remote-admin'));
  await visible(page.getByText('No webhooks yet'));
  await expectNoAxeViolations(page, 'Webhooks');

  await page.getByRole('button', { name: 'New webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'New webhook' });
  await visible(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await visible(dialog.getByText('Please enter Name'));
  await expectNoAxeViolations(page, 'Webhook dialog with errors');
  await dialog.getByLabel('Name').fill('Portal');
  await dialog.getByLabel('URL').fill(url);
  await shot(page, 'webhooks-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await visible(page.getByRole('cell', { name: 'Portal', exact: true }));
  await shot(page, 'webhooks-list');

  const token = await sessionToken(e2e.api.url, USERS.admin);
  const id = await createArticleThroughApi(e2e.api.url, token, { title: 'Webhook e2e story', text: '<p>Out now.</p>' });
  const published = await apiCall(e2e.api.url, 'POST', '/api/portal/article/update', { id, field: 'state', value: '1' }, token);
  expect(published.status).toBe(200);

  const event = await until(() => received.find((entry) => JSON.parse(entry.body).data?.id === Number(id)));
  const webhooks = await apiCall(e2e.api.url, 'GET', '/api/v2/webhooks', undefined, token);
  const secret = (webhooks.body.data as Array<{ secret: string }>)[0]!.secret;
  expect(new Webhook(secret).verify(event.body, event.headers)).toMatchObject({ type: 'article.published' });

  await page.getByRole('button', { name: 'Delivery log of Portal' }).click();
  const drawer = page.getByRole('dialog', { name: 'Delivery log: Portal' });
  await visible(drawer.getByText('Delivered'));
  await visible(drawer.getByRole('cell', { name: '200', exact: true }));
  await expectNoAxeViolations(page, 'Webhook delivery log');
  await shot(page, 'webhooks-log');

  const before = received.length;
  await drawer
    .getByRole('button', { name: /^Redeliver delivery / })
    .first()
    .click();
  await until(() => (received.length > before ? true : undefined));
  await drawer.getByRole('button', { name: 'Refresh' }).click();
  await visible(drawer.getByRole('cell', { name: '2', exact: true }));
  await page.context().close();
});

test('the German Webhooks screen', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  await context.addInitScript(() => window.localStorage.setItem('newsdesk.lang', 'de'));
  await page.goto('/login');
  await page.locator('input[name=username]').fill(USERS.admin.username);
  await page.locator('input[name=password]').fill(USERS.admin.password);
  await page.locator('form[name=login] button[type=submit]').click();
  await page.waitForURL((address) => address.pathname === '/', { timeout: 30_000 });
  await page.goto('/admin/webhooks');
  await visible(page.getByRole('heading', { name: 'Webhooks' }));
  await visible(page.getByRole('cell', { name: 'Portal', exact: true }));
  await expectNoAxeViolations(page, 'Webhooks (German)');
  await page.getByRole('button', { name: 'Webhook Portal bearbeiten' }).click();
  await visible(page.getByRole('dialog', { name: 'Webhook Portal bearbeiten' }));
  await expectNoAxeViolations(page, 'Webhook dialog (German)');
  expect(await englishOnPage(page)).toEqual([]);
  await shot(page, 'webhooks-dialog-de');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Zustellprotokoll von Portal' }).click();
  await visible(page.getByText('Zugestellt').first());
  await expectNoAxeViolations(page, 'Webhook delivery log (German)');
  await shot(page, 'webhooks-log-de');
  await context.close();
});
