import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountRecord, AccountSession } from 'contracts/schemas/account';
import type { Passkey } from 'contracts/schemas/passkeys';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18n, setLanguage, toast } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { fail, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { screens } from '../../routes';

// antd forms and tables are slow in jsdom on a busy machine.
jest.setTimeout(60_000);

// The account calls are answered at the network by the stub server: the screen runs the real
// accountApi and shared's HTTP client (envelope, messages, error codes).
const ACCOUNT = '/api/v2/account';
const SESSIONS = '/api/v2/account/sessions';
const PASSKEYS = '/api/v2/account/passkeys';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1';

let server: StubServer;
let account: AccountRecord;
let sessions: AccountSession[];
let passkeys: Passkey[];
let toasts: string[] = [];
let unsubscribe: () => void = () => undefined;

const row = (id: number, userAgent: string | null, current: boolean): AccountSession => ({
  id,
  user_agent: userAgent,
  ip: `10.0.0.${id}`,
  created: '2026-11-20T08:00:00.000Z',
  last_seen: '2026-11-27T09:30:00.000Z',
  current,
});

beforeEach(async () => {
  account = {
    id: 2,
    username: 'editor',
    name: 'Eddie Editor',
    email: 'editor@newsdesk.example',
    language: null,
    version: 3,
    two_factor: false,
    two_factor_required: false,
    recovery_codes_left: 0,
  };
  sessions = [row(11, FIREFOX, true), row(12, PHONE, false), row(13, null, false)];
  passkeys = [];
  server = setupStub()
    .on('get', ACCOUNT, () => ok(account))
    .on('get', SESSIONS, () => ok(sessions))
    .on('get', PASSKEYS, () => ok(passkeys));
  await signIn(server, 'tok-account', []);
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(`${event.type}:${event.message}`));
});

afterEach(async () => {
  unsubscribe();
  await setLanguage('en');
});

function renderAccount() {
  const router = createMemoryRouter(
    [
      { path: '/account', loader: screens.account.loader, Component: screens.account.Component, HydrateFallback: () => null },
      { path: '/login', Component: () => <p>login page</p> },
    ],
    { initialEntries: ['/account'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const sessionRows = () => within(screen.getByTestId('account-sessions')).getAllByRole('row').slice(1);

describe('My account', () => {
  it('shows the profile and the sessions: device, address, this device', async () => {
    renderAccount();
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Eddie Editor');
    expect(screen.getByLabelText('Email')).toHaveValue('editor@newsdesk.example');
    const rows = sessionRows();
    expect(rows.map((element) => element.textContent)).toEqual([
      expect.stringMatching(/^Firefox · Linux This device10\.0\.0\.11Nov 27, 2026/),
      expect.stringMatching(/^Safari · iOS 10\.0\.0\.12/),
      expect.stringMatching(/^Unknown device 10\.0\.0\.13/),
    ]);
    expect(within(rows[0]!).getByTestId('this-device')).toBeInTheDocument();
  });

  it('saves name and language with the version; German applies at once', async () => {
    const user = userEvent.setup();
    server.on('post', ACCOUNT, (config) => {
      const sent = JSON.parse(String(config.data)) as { version: number; name: string; language: 'de' | null };
      account = { ...account, name: sent.name, language: sent.language, version: account.version + 1 };
      return ok(account, { message: 'Saved' });
    });
    renderAccount();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Edda Editor');
    await user.click(screen.getByRole('combobox', { name: 'Interface language' }));
    await user.click(await screen.findByText('Deutsch', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(server.bodies('post', ACCOUNT)).toEqual([{ version: 3, name: 'Edda Editor', email: 'editor@newsdesk.example', language: 'de' }]);
    expect(toasts).toContain('success:Ihr Konto ist gespeichert');
    expect(await screen.findByRole('heading', { name: 'Mein Konto' })).toBeInTheDocument();
  });

  it('a stale save says so and loads the current data on request', async () => {
    const user = userEvent.setup();
    const current = { ...account, name: 'Changed Elsewhere', version: 4 };
    server.on(
      'post',
      ACCOUNT,
      fail(409, 'Your account was changed meanwhile', 409, '', { error: 'account_stale_version', field: 'version', current }),
    );
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/changed meanwhile/);
    await user.click(within(alert).getByRole('button', { name: 'Load the current data' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Changed Elsewhere');

    server.on('post', ACCOUNT, () => ok({ ...current, version: 5 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('post', ACCOUNT).at(-1)).toMatchObject({ version: 4, name: 'Changed Elsewhere' }));
  });

  it('changes the password: a wrong current one is shown at its field; then the other sessions are gone from the list', async () => {
    const user = userEvent.setup();
    server.on('post', '/api/v2/account/password', (config) => {
      const sent = JSON.parse(String(config.data)) as { current_password: string };
      if (sent.current_password !== 'editor-demo') {
        return fail(400, 'The current password is not correct', 400, '', { error: 'password_current_wrong', field: 'current_password' });
      }
      sessions = sessions.filter((session) => session.current);
      return ok({ ended: 2 }, { message: 'Password changed' });
    });
    renderAccount();
    await user.type(await screen.findByLabelText('Current password'), 'guess');
    await user.type(screen.getByLabelText('New password'), 'lantern ferry crosses at noon');
    await user.type(screen.getByLabelText('New password again'), 'lantern ferry crosses at noon');
    expect(screen.getByTestId('password-strength')).toHaveTextContent(/strong|good/);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();

    const current = screen.getByLabelText('Current password');
    await user.clear(current);
    await user.type(current, 'editor-demo');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(toasts).toContain('success:Password changed; 2 other sessions ended'));
    await waitFor(() => expect(sessionRows()).toHaveLength(1));
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('refuses a too short new password before sending it', async () => {
    const user = userEvent.setup();
    renderAccount();
    await user.type(await screen.findByLabelText('Current password'), 'editor-demo');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password needs at least 12 characters')).toBeInTheDocument();
    expect(server.callsTo('post', '/api/v2/account/password')).toHaveLength(0);
  });

  it('signs one other session out, then every other after confirming', async () => {
    const user = userEvent.setup();
    server
      .on('delete', `${SESSIONS}/:id`, (_config, { id }) => {
        sessions = sessions.filter((session) => session.id !== Number(id));
        return ok(null, { message: 'Signed out' });
      })
      .on('post', `${SESSIONS}/end-others`, () => {
        const ended = sessions.filter((session) => !session.current).length;
        sessions = sessions.filter((session) => session.current);
        return ok({ ended }, { message: 'Signed out' });
      });
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari · iOS' }));
    await waitFor(() => expect(sessionRows()).toHaveLength(2));
    expect(server.callsTo('delete', `${SESSIONS}/:id`).map((call) => call.url)).toEqual([`${SESSIONS}/12`]);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(sessionRows()).toHaveLength(1));
    expect(toasts).toContain('success:1 other session ended');
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('signing this device out is the ordinary sign-out', async () => {
    const user = userEvent.setup();
    server.on('delete', '/api/v2/session', ok(null));
    const router = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Sign out Firefox · Linux' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(server.callsTo('delete', '/api/v2/session')).toHaveLength(1);
    await act(async () => undefined);
  });

  it('sets up two-factor: QR code and key, confirmed by a code; the recovery codes shown once; then removed with the password', async () => {
    const user = userEvent.setup();
    const recovery = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}k`);
    server
      .on(
        'post',
        `${ACCOUNT}/two-factor`,
        ok({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Newsdesk:editor', qr: 'data:image/png;base64,iVBORw0KGgo=' }),
      )
      .on('post', `${ACCOUNT}/two-factor/confirm`, (config) => {
        if (JSON.parse(String(config.data)).code !== '123456') {
          return fail(400, 'This code is not right', 400, '', { error: 'second_factor_code_wrong', field: 'code' });
        }
        account = { ...account, two_factor: true, recovery_codes_left: 10 };
        return ok({ recovery_codes: recovery });
      })
      .on('post', `${ACCOUNT}/two-factor/remove`, () => {
        account = { ...account, two_factor: false, recovery_codes_left: 0 };
        return ok(null);
      });
    renderAccount();
    const card = await screen.findByTestId('two-factor');
    await user.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await within(card).findByRole('img', { name: 'QR code to add Newsdesk to an authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(within(card).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await user.type(within(card).getByLabelText('Code'), '000000');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(/This code is not right/);
    await user.clear(within(card).getByLabelText('Code'));
    await user.type(within(card).getByLabelText('Code'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    const list = await within(card).findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recovery);

    await user.click(within(card).getByRole('button', { name: 'I have kept them' }));
    expect(await within(card).findByText('On. 10 recovery codes left.')).toBeInTheDocument();
    expect(within(card).queryByRole('list')).toBeNull();

    await user.type(within(card).getByLabelText('Or your password'), 'editor-demo');
    await user.click(within(card).getByRole('button', { name: 'Remove two-factor sign-in' }));
    expect(await within(card).findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(server.bodies('post', `${ACCOUNT}/two-factor/remove`)).toEqual([{ password: 'editor-demo' }]);
  });

  it('makes new recovery codes, confirmed by the password: a wrong one is said; the new codes are shown once', async () => {
    const user = userEvent.setup();
    account = { ...account, two_factor: true, recovery_codes_left: 3 };
    const fresh = Array.from({ length: 10 }, (_, index) => `newco-des${index}x`);
    server.on('post', `${ACCOUNT}/two-factor/recovery-codes`, (config) => {
      if (JSON.parse(String(config.data)).password !== 'editor-demo') {
        return fail(400, 'The current password is not right', 400, '', { error: 'password_current_wrong', field: 'password' });
      }
      account = { ...account, recovery_codes_left: 10 };
      return ok({ recovery_codes: fresh }, { message: 'New recovery codes made' });
    });
    renderAccount();
    const card = await screen.findByTestId('two-factor');
    expect(within(card).getByText('On. 3 recovery codes left.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    expect(within(dialog).getByRole('button', { name: 'Make new codes' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Or your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/current password is not correct/);
    await user.clear(within(dialog).getByLabelText('Or your password'));
    await user.type(within(dialog).getByLabelText('Or your password'), 'editor-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    const list = await within(card).findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(toasts).toContain('success:New recovery codes made');
    expect(server.bodies('post', `${ACCOUNT}/two-factor/recovery-codes`)).toEqual([{ password: 'wrong' }, { password: 'editor-demo' }]);
    await user.click(within(card).getByRole('button', { name: 'I have kept them' }));
    expect(await within(card).findByText('On. 10 recovery codes left.')).toBeInTheDocument();
  });

  it('lists the passkeys (name, added, last used) and removes one with the password after confirming', async () => {
    const user = userEvent.setup();
    passkeys = [
      { id: 5, name: 'Laptop', created: '2026-11-20T08:00:00.000Z', last_used: null },
      { id: 6, name: 'Phone', created: '2026-11-21T08:00:00.000Z', last_used: '2026-11-27T09:30:00.000Z' },
    ];
    server.on('post', `${PASSKEYS}/:id/remove`, (config) => {
      if (JSON.parse(String(config.data)).password !== 'editor-demo') {
        return fail(400, 'The current password is not right', 400, '', { error: 'password_current_wrong', field: 'password' });
      }
      passkeys = passkeys.filter((passkey) => !String(config.url).includes(`/${passkey.id}/`));
      return ok(null);
    });
    renderAccount();
    const card = await screen.findByTestId('passkeys');
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((item) => within(item).getAllByRole('cell')[0]?.textContent)).toEqual(['Laptop', 'Phone']);
    expect(within(rows[0]!).getByText('Never')).toBeInTheDocument();
    expect(within(screen.getByTestId('two-factor')).getByText(/your passkeys already count as two-factor sign-in/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Remove the passkey Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey Laptop' });
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'editor-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).getAllByRole('row')).toHaveLength(2));
    expect(toasts).toContain('success:Passkey removed');
    expect(server.callsTo('post', `${PASSKEYS}/:id/remove`).map((call) => call.url)).toEqual([
      `${PASSKEYS}/5/remove`,
      `${PASSKEYS}/5/remove`,
    ]);
  });
});
