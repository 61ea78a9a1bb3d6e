import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router-dom';
import { apiGet, i18n, requireRight, session, TOKEN_STORAGE_KEY, type User } from 'shared';
import { signIn as signInAt } from 'shared/test/fixtures';
import { deferred, fail, ok, setupStub, type StubReply, type StubServer } from 'shared/test/stubServer';
import { createRemoteLoader, type FederationRuntime } from '../features/remotes/remoteLoader';
import { createRoutes } from './router';
import { watchSessionExpiry } from './sessionExpiry';

// The browser's WebAuthn ceremony (a real one runs in the passkeys browser test): answers what it signed.
jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => ({ id: 'cred', signed: optionsJSON.challenge }),
}));

const MANIFEST = {
  remote_articles: 'http://localhost/remotes/remote-articles/mf-manifest.json',
  remote_categories: 'http://localhost:9/categories/mf-manifest.json',
  remote_importers: 'http://localhost/remotes/remote-importers/mf-manifest.json',
  remote_admin: 'http://localhost/remotes/remote-admin/mf-manifest.json',
  remote_desk: 'http://localhost/remotes/remote-desk/mf-manifest.json',
};

function screenModule(label: string, loader?: () => Promise<unknown>) {
  function Screen() {
    const data = useLoaderData() as unknown;
    return <div>{`${label} screen ${JSON.stringify(data ?? null)}`}</div>;
  }
  return { Component: Screen, loader };
}

const MODULES: Record<string, unknown> = {
  'remote_articles/routes': { screens: { portal: screenModule('portal', async () => ({ articles: 2 })) } },
  'remote_importers/routes': { screens: { list: screenModule('imports'), editor: screenModule('editor') } },
  'remote_categories/routes': { screens: { manager: screenModule('categories', async () => 'tree') } },
  'remote_admin/routes': { screens: { account: screenModule('account') } },
};

/** A Module Federation runtime stand-in: remotes listed in `down` fail to load. */
function fakeRuntime(down: Set<string>) {
  return {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      const remote = id.split('/')[0]!;
      if (down.has(remote)) throw new Error(`ScriptNetworkError: Failed to load script for ${remote}`);
      return MODULES[id];
    }),
  };
}

function renderApp(url: string, down = new Set<string>()) {
  const runtime = fakeRuntime(down);
  const loader = createRemoteLoader({ runtime: runtime as FederationRuntime, fetchManifest: async () => MANIFEST });
  const router = createMemoryRouter(createRoutes(loader), { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, runtime, down };
}

const ADMIN: User = { id: 1, username: 'admin', name: 'Alex Admin', email: null, roles: [] };
const ADMIN_RIGHTS = ['import', 'manage_categories'];
/** The answer of POST/GET /api/v2/session for the admin. */
const sessionAnswer = (token = 'tok', rights = ADMIN_RIGHTS) => ok({ auth: token, user: ADMIN, permissions: rights });

let server: StubServer;
/** Signs in through shared's real session against the stub server. */
const signIn = (rights: string[] = ADMIN_RIGHTS) => signInAt(server, 'tok', rights, ADMIN);

beforeAll(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../i18n/i18n').registerShellTranslations();
});
beforeEach(() => {
  server = setupStub();
});

const pathOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('guards', () => {
  test('signed out: a protected page redirects to /login, remembering where the user was', async () => {
    const { router, runtime } = renderApp('/import/edit/1');
    await screen.findByRole('button', { name: 'Log in' });
    expect(pathOf(router)).toBe('/login?next=%2Fimport%2Fedit%2F1');
    // No remote is downloaded for a visitor who is not signed in.
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  test('signed out: the root goes to /login; no navbar', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: 'Log in' });
    expect(pathOf(router)).toBe('/login');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('a stored token is checked first (temporary), then the page opens', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    server.on('get', '/api/v2/session', sessionAnswer('stored'));
    const { router } = renderApp('/articles');
    expect(await screen.findByText('portal screen {"articles":2}')).toBeInTheDocument();
    expect(server.callsTo('get', '/api/v2/session')[0]?.params).toEqual({ auth: 'stored' });
    expect(pathOf(router)).toBe('/articles');
  });

  test('signed in at /login goes to the root', async () => {
    await signIn();
    const { router } = renderApp('/login');
    expect(await screen.findByText('portal screen {"articles":2}')).toBeInTheDocument();
    expect(pathOf(router)).toBe('/');
  });

  test('any other path redirects to the root', async () => {
    await signIn();
    const { router } = renderApp('/no/such/page');
    await screen.findByText(/portal screen/);
    expect(pathOf(router)).toBe('/');
  });

  test('/404 shows only the centred 404, also when signed in', async () => {
    await signIn();
    renderApp('/404');
    const text = await screen.findByTestId('not-found');
    expect(text).toHaveTextContent(/^404$/);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('what /login starts for the screen after sign-in (issue 14)', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    document.head.replaceChildren();
  });

  test("once the form is interactive, the target remote's entry and ./routes chunks are prefetched, not run", async () => {
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './routes', assets: { js: { sync: ['routes.1.js'], async: ['list.2.js'] } } }],
    };
    const fetched: string[] = [];
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      fetched.push(String(url));
      return { ok: true, json: async () => manifest } as Response;
    }) as typeof fetch;
    const { runtime } = renderApp('/login?next=%2Fimport');
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(document.querySelectorAll('link[rel="prefetch"]').length).toBeGreaterThanOrEqual(3));
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href);
    expect(links).toEqual(
      expect.arrayContaining([
        'http://localhost/remotes/remote-importers/remoteEntry.js',
        'http://localhost/remotes/remote-importers/routes.1.js',
        'http://localhost/remotes/remote-importers/list.2.js',
      ]),
    );
    expect(fetched).toContain(MANIFEST.remote_importers);
    // Nothing of the remote ran.
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  test("on Log in, the target screen's remote loads while the password is checked", async () => {
    const { router, runtime } = renderApp('/login?next=%2Fimport');
    await screen.findByRole('button', { name: 'Log in' });
    const answer = deferred<StubReply>();
    server.on('post', '/api/v2/session', () => answer.promise);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'admin-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('remote_importers/routes'));
    expect(pathOf(router)).toBe('/login?next=%2Fimport');
    await act(async () => answer.resolve(sessionAnswer()));
    expect(await screen.findByText('imports screen null')).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });
});

describe('a session ended elsewhere (issue 11, defect 9)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    window.history.replaceState(null, '', '/');
  });

  test.each([
    ['en', 'Your session has ended, please sign in again', 'Log in'],
    ['de', 'Ihre Sitzung ist beendet, bitte melden Sie sich erneut an', 'Anmelden'],
  ])('%s: /login says so, and signing in returns to the page and its query', async (language, notice, submit) => {
    await act(() => i18n.changeLanguage(language));
    await signIn();
    window.history.replaceState(null, '', '/import?view=all');
    const { router } = renderApp('/import?view=all');
    await screen.findByText('imports screen null');
    watchSessionExpiry(session, (to) => void router.navigate(to, { replace: true }));

    // A call answered 401: shared signs out, marks the session expired and records where the user was.
    server.on('get', '/api/v2/portal/importer', fail(401, 'Unauthorized'));
    await act(async () => {
      await apiGet('/api/v2/portal/importer').catch(() => undefined);
    });
    await screen.findByRole('button', { name: submit });
    expect(pathOf(router)).toBe('/login?next=%2Fimport%3Fview%3Dall');
    expect(screen.getByTestId('login-notice')).toHaveTextContent(notice);

    server.on('post', '/api/v2/session', sessionAnswer());
    fireEvent.change(screen.getByLabelText(language === 'en' ? 'Username' : 'Benutzername'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(language === 'en' ? 'Password' : 'Passwort'), { target: { value: 'admin-demo' } });
    fireEvent.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText('imports screen null')).toBeInTheDocument();
    expect(pathOf(router)).toBe('/import?view=all');
    expect(screen.queryByText(notice)).toBeNull();
  });

  test('a plain visit of /login (not expired) shows no such message', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByText('Your session has ended, please sign in again')).toBeNull();
  });
});

describe('two-factor sign-in', () => {
  const typeCredentials = () => {
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'admin-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  };

  test('the password step asks for the code; a wrong code says so; the right one opens the page the user was going to', async () => {
    server
      .on('post', '/api/v2/session', ok({ second_factor: 'totp', challenge: 'chal', expires: '2030-01-01T00:00:00Z' }))
      .on('post', '/api/v2/session/second-factor', (config) =>
        JSON.parse(String(config.data)).code === '123456'
          ? sessionAnswer()
          : fail(400, 'This code is not right', 400, '', { error: 'second_factor_code_wrong', field: 'code' }),
      );
    const { router } = renderApp('/login?next=%2Fimport');
    await screen.findByRole('button', { name: 'Log in' });
    typeCredentials();
    const code = await screen.findByLabelText('Code');
    expect(session.getState().status).toBe('signedOut');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(/This code is not right/);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('imports screen null')).toBeInTheDocument();
    expect(pathOf(router)).toBe('/import');
  });

  test('Back returns to the password form', async () => {
    server.on('post', '/api/v2/session', ok({ second_factor: 'totp', challenge: 'chal', expires: '2030-01-01T00:00:00Z' }));
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    typeCredentials();
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  test('a passkey: offered on the login page (password-less) and as the only second step of a user without an app', async () => {
    Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
    const options = ok({ options: { challenge: 'pk' }, expires: '2030-01-01T00:00:00Z' });
    server
      .on(
        'post',
        '/api/v2/session',
        ok({ second_factor: 'passkey', methods: ['passkey'], challenge: 'chal', expires: '2030-01-01T00:00:00Z' }),
      )
      .on('post', '/api/v2/session/passkey/options', options)
      .on('post', '/api/v2/session/passkey', sessionAnswer())
      .on('post', '/api/v2/session/second-factor/passkey-options', options)
      .on('post', '/api/v2/session/second-factor/passkey', sessionAnswer());
    try {
      const { router } = renderApp('/login?next=%2Fimport');
      fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
      expect(await screen.findByText('imports screen null')).toBeInTheDocument();
      expect(server.bodies('post', '/api/v2/session/passkey')).toEqual([{ response: { id: 'cred', signed: 'pk' }, remember: false }]);

      await act(() => session.logout());
      await act(() => router.navigate('/login?next=%2Fimport'));
      await screen.findByRole('button', { name: 'Log in' });
      typeCredentials();
      fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
      expect(screen.queryByLabelText('Code')).toBeNull();
      expect(await screen.findByText('imports screen null')).toBeInTheDocument();
      expect(server.bodies('post', '/api/v2/session/second-factor/passkey')).toEqual([
        { challenge: 'chal', response: { id: 'cred', signed: 'pk' } },
      ]);
    } finally {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    }
  });

  test('a role requiring two-factor of a user without it: My account opens first, and nothing else until it is set up', async () => {
    server.on('post', '/api/v2/session', ok({ auth: 'tok', user: ADMIN, permissions: ADMIN_RIGHTS, second_factor_enrolment: true }));
    const { router } = renderApp('/login?next=%2Fimport');
    await screen.findByRole('button', { name: 'Log in' });
    typeCredentials();
    expect(await screen.findByText('account screen null')).toBeInTheDocument();
    expect(pathOf(router)).toBe('/account');
    await act(() => router.navigate('/import'));
    expect(await screen.findByText('account screen null')).toBeInTheDocument();
    expect(pathOf(router)).toBe('/account');

    act(() => session.secondFactorEnrolled());
    await act(() => router.navigate('/import'));
    expect(await screen.findByText('imports screen null')).toBeInTheDocument();
  });
});

describe('routes → remote screens', () => {
  test.each([
    ['/', 'portal screen {"articles":2}'],
    ['/articles', 'portal screen {"articles":2}'],
    ['/import', 'imports screen null'],
    ['/import/new', 'editor screen null'],
    ['/import/edit/7', 'editor screen null'],
    ['/categories', 'categories screen "tree"'],
  ])('%s opens with its data loaded first', async (url, text) => {
    await signIn();
    renderApp(url);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });
});

describe('a remote that cannot load', () => {
  test('shows an inline error with Retry in the layout; Retry loads it without a reload', async () => {
    await signIn();
    const { router, runtime, down } = renderApp('/categories', new Set(['remote_categories']));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('This screen could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Failed to load script for remote_categories/)).toBeInTheDocument();
    // The layout stays: navbar and its links.
    expect(screen.getByRole('link', { name: 'Articles' })).toBeInTheDocument();

    // Other routes keep working.
    fireEvent.click(screen.getByRole('link', { name: 'Articles' }));
    expect(await screen.findByText('portal screen {"articles":2}')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Categories' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    // The remote is back: Retry shows the screen.
    down.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('categories screen "tree"')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(router.state.location.pathname).toBe('/categories');
    // Re-registered with force, so the runtime forgets the failed load.
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'remote_categories', entry: MANIFEST.remote_categories }], {
      force: true,
    });
    void retry;
  });

  test("a screen's loader error (e.g. API 500) shows the message and Retry runs it again", async () => {
    await signIn();
    let fail = true;
    MODULES['remote_importers/routes'] = {
      screens: {
        list: screenModule('imports', async () => {
          if (fail) throw new Error('Internal server error');
          return 'ok';
        }),
        editor: screenModule('editor'),
      },
    };
    renderApp('/import');
    expect(await screen.findByText('The data for this screen could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Internal server error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('imports screen "ok"')).toBeInTheDocument();
  });
});

describe('a screen the user has no right to (its loader calls requireRight)', () => {
  test.each([
    ['en', 'You do not have access to imports', 'Go to the articles'],
    ['de', 'Sie haben keinen Zugriff auf Importe', 'Zu den Artikeln'],
  ])('%s: one clear view, no Retry, no screen, and a way back', async (language, text, home) => {
    await act(() => i18n.changeLanguage(language));
    await signIn(['create_article']);
    const screenLoader = jest.fn(async () => 'data');
    MODULES['remote_importers/routes'] = {
      screens: {
        list: screenModule('imports', async () => {
          requireRight('import');
          return screenLoader();
        }),
        editor: screenModule('editor'),
      },
    };
    const { router } = renderApp('/import');
    expect(await screen.findByRole('heading', { name: text })).toBeInTheDocument();
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screenLoader).not.toHaveBeenCalled();
    expect(screen.queryByText(/imports screen/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Retry|Erneut/ })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: home }));
    expect(await screen.findByText('portal screen {"articles":2}')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await act(() => i18n.changeLanguage('en'));
  });
});

test('the banner shows on the login page too', async () => {
  renderApp('/login');
  await screen.findByRole('button', { name: 'Log in' });
  await waitFor(() =>
    expect(
      screen.getByText('You are currently using the non-secure version of the portal. Please log in at the secure address'),
    ).toBeInTheDocument(),
  );
});
