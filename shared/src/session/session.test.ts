import { session, isSignedIn } from './store';
import { TOKEN_STORAGE_KEY } from './storage';
import type { SessionState } from './types';
import { i18n, LANGUAGE_STORAGE_KEY, setLanguage } from '../i18n';
import { loading } from '../loading';
import { EDITOR, signIn } from '../test/fixtures';
import { deferred, fail, flush, header, ok, setupStub, type StubReply, type StubServer } from '../test/stubServer';

let server: StubServer;
let history: SessionState[];

beforeEach(() => {
  server = setupStub();
  history = [];
  session.subscribe((state) => history.push(state));
});

const statuses = () => history.map((s) => s.status).filter((s, i, all) => i === 0 || all[i - 1] !== s);
const stored = () => ({ local: window.localStorage.getItem(TOKEN_STORAGE_KEY), session: window.sessionStorage.getItem(TOKEN_STORAGE_KEY) });

function acceptLogin(token = 'tok-1', rights: unknown = ['create_article', 'view_all_articles']) {
  server
    .on('post', '/api/v2/session', ok({ auth: token, user: EDITOR, expires: '2030-01-01T00:00:00Z' }))
    .on('get', '/api/v2/user/permissions', ok(rights));
}

describe('initial state', () => {
  it("starts 'unknown' and not signed in", () => {
    const { status, token, user, permissions, ...rest } = session.getState();
    expect([status, token, user, permissions]).toEqual(['unknown', null, null, []]);
    // No error, no login under way, not expired, nowhere to return to.
    expect(rest).toEqual({ error: null, loggingIn: false, expired: false, returnTo: null, secondFactor: null, enrolSecondFactor: false });
    expect(isSignedIn(session.getState())).toBe(false);
  });
});

describe('isSignedIn', () => {
  it.each([
    ['signedIn', true],
    ['temporary', false],
    ['signedOut', false],
    ['unknown', false],
  ] as const)('%s → %s', (status, expected) => {
    expect(isSignedIn(status)).toBe(expected);
    expect(isSignedIn({ ...session.getState(), status })).toBe(expected);
  });

  it('null/undefined → false', () => {
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn(undefined)).toBe(false);
  });
});

describe('login', () => {
  it('posts a form body, stores the token, loads rights and signs in', async () => {
    acceptLogin('tok-1');
    const pending = session.login('editor', 'editor-demo', false);
    expect(session.getState()).toMatchObject({ loggingIn: true, error: null });
    await expect(pending).resolves.toBe(true);

    const [post] = server.callsTo('post', '/api/v2/session');
    expect(header(post!, 'Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(post!.data).toBe('username=editor&password=editor-demo&remember=0');
    expect(header(post!, 'AUTHENTICATION')).toBeUndefined();
    const [rights] = server.callsTo('get', '/api/v2/user/permissions');
    expect(header(rights!, 'AUTHENTICATION')).toBe('tok-1');

    expect(session.getState()).toEqual({
      status: 'signedIn',
      token: 'tok-1',
      user: EDITOR,
      permissions: ['create_article', 'view_all_articles'],
      error: null,
      loggingIn: false,
      expired: false,
      returnTo: null,
      secondFactor: null,
      enrolSecondFactor: false,
    });
    expect(statuses()).toEqual(['unknown', 'signedIn']);
  });

  it('remember → localStorage only', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    acceptLogin('tok-r');
    await session.login('editor', 'pw', true);
    expect(server.callsTo('post', '/api/v2/session')[0]!.data).toBe('username=editor&password=pw&remember=1');
    expect(stored()).toEqual({ local: 'tok-r', session: null });
  });

  it('no remember → sessionStorage only', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    acceptLogin('tok-s');
    await session.login('editor', 'pw', false);
    expect(stored()).toEqual({ local: null, session: 'tok-s' });
  });

  it('loads the user with GET /api/v2/user when the login answer has none', async () => {
    server
      .on('post', '/api/v2/session', ok({ auth: 'tok-1' }))
      .on('get', '/api/v2/user/permissions', ok(['import']))
      .on('get', '/api/v2/user', ok(EDITOR));
    await expect(session.login('editor', 'pw', false)).resolves.toBe(true);
    expect(header(server.callsTo('get', '/api/v2/user')[0]!, 'AUTHENTICATION')).toBe('tok-1');
    expect(session.getState()).toMatchObject({ status: 'signedIn', user: EDITOR, permissions: ['import'] });
  });

  it('takes the rights the login answer carries: no second call before signing in', async () => {
    server.on(
      'post',
      '/api/v2/session',
      ok({ auth: 'tok-1', user: EDITOR, permissions: ['import', 'launch_rockets', 'manage_categories'] }),
    );
    await expect(session.login('editor', 'pw', false)).resolves.toBe(true);
    expect(server.callsTo('get', '/api/v2/user/permissions')).toHaveLength(0);
    expect(session.getState()).toMatchObject({
      status: 'signedIn',
      token: 'tok-1',
      user: EDITOR,
      permissions: ['import', 'manage_categories'],
    });
  });

  it('switches to the interface language kept in My account (any device); none kept leaves the language as it is', async () => {
    await setLanguage('en');
    server.on('post', '/api/v2/session', ok({ auth: 'tok-1', user: EDITOR, permissions: [], language: 'de' }));
    await expect(session.login('editor', 'pw', false)).resolves.toBe(true);
    expect(i18n.language).toBe('de');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');

    await session.logout();
    await setLanguage('en');
    server.on('post', '/api/v2/session', ok({ auth: 'tok-2', user: EDITOR, permissions: [], language: null }));
    await expect(session.login('editor', 'pw', false)).resolves.toBe(true);
    expect(i18n.language).toBe('en');
  });

  it('two-factor on: the password step keeps a challenge and no token; a wrong code stays on the code step; the right one signs in', async () => {
    server.on('post', '/api/v2/session', ok({ second_factor: 'totp', challenge: 'chal-1', expires: '2030-01-01T00:00:00Z' }));
    await expect(session.login('editor', 'pw', true)).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', token: null, secondFactor: { challenge: 'chal-1', remember: true } });
    expect(stored()).toEqual({ local: null, session: null });

    let accepted = false;
    server.on('post', '/api/v2/session/second-factor', () =>
      accepted
        ? ok({ auth: 'tok-2fa', user: EDITOR, permissions: ['import'], second_factor_enrolment: false })
        : fail(400, 'This code is not right', 400, '', { error: 'second_factor_code_wrong', field: 'code' }),
    );
    await expect(session.completeSecondFactor('000000')).resolves.toBe(false);
    expect(session.getState()).toMatchObject({
      status: 'signedOut',
      secondFactor: { challenge: 'chal-1' },
      error: expect.stringMatching(/^This code is not right/),
    });
    accepted = true;
    await expect(session.completeSecondFactor('123456')).resolves.toBe(true);
    expect(server.bodies('post', '/api/v2/session/second-factor').at(-1)).toEqual({ challenge: 'chal-1', code: '123456' });
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-2fa', secondFactor: null, permissions: ['import'] });
    expect(stored().local).not.toBeNull();
  });

  it("a password chosen through a link that answers the second step: adopted as the login's code step, not as a session", async () => {
    const answer = { second_factor: 'totp' as const, methods: ['totp' as const], challenge: 'chal-link', expires: '2030-01-01T00:00:00Z' };
    await expect(session.adopt(answer)).resolves.toBe(false);
    expect(session.getState()).toMatchObject({
      status: 'signedOut',
      token: null,
      secondFactor: { challenge: 'chal-link', remember: false, methods: ['totp'] },
    });
    expect(stored()).toEqual({ local: null, session: null });
    server.on('post', '/api/v2/session/second-factor', ok({ auth: 'tok-link', user: EDITOR, permissions: [] }));
    await expect(session.completeSecondFactor('123456')).resolves.toBe(true);
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-link', secondFactor: null });
  });

  it('an ended challenge goes back to the password form', async () => {
    server
      .on('post', '/api/v2/session', ok({ second_factor: 'totp', challenge: 'chal-2', expires: '2030-01-01T00:00:00Z' }))
      .on('post', '/api/v2/session/second-factor', fail(400, 'The sign-in has expired', 400, '', { error: 'sign_in_challenge_invalid' }));
    await session.login('editor', 'pw', false);
    await expect(session.completeSecondFactor('123456')).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ secondFactor: null, error: expect.stringMatching(/^The sign-in has expired/) });
  });

  it('signs in with a passkey: options, the ceremony the caller gives, the answer; a cancelled ceremony is said so', async () => {
    server
      .on('post', '/api/v2/session/passkey/options', ok({ options: { challenge: 'pk-1' }, expires: '2030-01-01T00:00:00Z' }))
      .on('post', '/api/v2/session/passkey', ok({ auth: 'tok-pk', user: EDITOR, permissions: ['import'] }));
    await expect(session.loginWithPasskey(() => Promise.reject(new Error('NotAllowedError')))).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', error: expect.stringMatching(/^The passkey was not used/) });
    const ceremony = jest.fn(async (options: Record<string, unknown>) => ({ id: 'cred', signed: options.challenge }));
    await expect(session.loginWithPasskey(ceremony, true)).resolves.toBe(true);
    expect(ceremony).toHaveBeenCalledWith({ challenge: 'pk-1' });
    expect(server.bodies('post', '/api/v2/session/passkey').at(-1)).toEqual({ response: { id: 'cred', signed: 'pk-1' }, remember: true });
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-pk', permissions: ['import'] });
    expect(stored().local).not.toBeNull();
  });

  it('the second step by a passkey: the methods of the password step, options for its challenge, the session', async () => {
    server
      .on(
        'post',
        '/api/v2/session',
        ok({ second_factor: 'totp', methods: ['totp', 'passkey'], challenge: 'chal-3', expires: '2030-01-01T00:00:00Z' }),
      )
      .on('post', '/api/v2/session/second-factor/passkey-options', ok({ options: { challenge: 'pk-2' }, expires: '2030-01-01T00:00:00Z' }))
      .on('post', '/api/v2/session/second-factor/passkey', ok({ auth: 'tok-pk2', user: EDITOR, permissions: [] }));
    await session.login('editor', 'pw', false);
    expect(session.getState().secondFactor).toEqual({ challenge: 'chal-3', remember: false, methods: ['totp', 'passkey'] });
    await expect(session.completeSecondFactorWithPasskey(async () => ({ id: 'cred' }))).resolves.toBe(true);
    expect(server.bodies('post', '/api/v2/session/second-factor/passkey-options').at(-1)).toEqual({ challenge: 'chal-3' });
    expect(server.bodies('post', '/api/v2/session/second-factor/passkey').at(-1)).toEqual({
      challenge: 'chal-3',
      response: { id: 'cred' },
    });
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-pk2', secondFactor: null });
  });

  it('single sign-on: the hand-off becomes a session kept for this browser session, or the code step', async () => {
    server.on('post', '/api/v2/sso/session', ok({ auth: 'tok-sso', user: EDITOR, permissions: ['import'] }));
    await expect(session.completeSingleSignOn('hand-1')).resolves.toBe(true);
    expect(server.bodies('post', '/api/v2/sso/session').at(-1)).toEqual({ handoff: 'hand-1' });
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-sso', permissions: ['import'] });
    expect(stored()).toEqual({ local: null, session: expect.stringContaining('tok-sso') });

    await session.logout();
    server.on('post', '/api/v2/sso/session', ok({ second_factor: 'totp', challenge: 'chal-sso', expires: '2030-01-01T00:00:00Z' }));
    await expect(session.completeSingleSignOn('hand-2')).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', secondFactor: { challenge: 'chal-sso', remember: false } });
  });

  it('single sign-on: a used hand-off and a refusal by code are shown as errors', async () => {
    server.on('post', '/api/v2/sso/session', fail(400, 'This single sign-on has expired', 400, '', { error: 'sso_handoff_invalid' }));
    await expect(session.completeSingleSignOn('used')).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', error: expect.stringMatching(/^This single sign-on has expired/) });
    session.clearError();
    await session.refused('sso_user_disabled');
    expect(session.getState().error).toBe('Your Newsdesk account is disabled');
    session.clearError();
    await session.refused('not_a_code');
    expect(session.getState().error).toBeNull();
  });

  it('a session that must enrol a second factor says so', async () => {
    server.on('post', '/api/v2/session', ok({ auth: 'tok-e', user: EDITOR, permissions: [], second_factor_enrolment: true }));
    await session.login('editor', 'pw', false);
    expect(session.getState()).toMatchObject({ status: 'signedIn', enrolSecondFactor: true });
    session.secondFactorEnrolled();
    expect(session.getState().enrolSecondFactor).toBe(false);
  });

  it('takes the rights a restored session carries', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-s');
    server.on('get', '/api/v2/session', ok({ auth: 'tok-s', user: EDITOR, permissions: ['approve_article'] }));
    await expect(session.restore()).resolves.toBe(true);
    expect(server.callsTo('get', '/api/v2/user/permissions')).toHaveLength(0);
    expect(session.getState()).toMatchObject({ status: 'signedIn', permissions: ['approve_article'] });
  });

  it('keeps only known rights', async () => {
    acceptLogin('tok-1', ['import', 'launch_rockets', 42, 'manage_categories']);
    await session.login('editor', 'pw', false);
    expect(session.getState().permissions).toEqual(['import', 'manage_categories']);
  });

  it('shows the server message on failure (HTTP 401 with envelope)', async () => {
    server.on('post', '/api/v2/session', fail(401, 'Invalid username or password', 401, 'Unauthorized'));
    await expect(session.login('editor', 'wrong', true)).resolves.toBe(false);
    expect(session.getState()).toMatchObject({
      status: 'signedOut',
      token: null,
      loggingIn: false,
      error: 'Invalid username or password',
      expired: false,
    });
    expect(stored()).toEqual({ local: null, session: null });
  });

  it('shows the server message on a non-200 envelope sent with HTTP 200', async () => {
    server.on('post', '/api/v2/session', fail(429, 'Too many attempts, wait a minute', 200));
    await session.login('editor', 'pw', false);
    expect(session.getState().error).toBe('Too many attempts, wait a minute');
  });

  it("falls back to 'Server error' when the envelope has no message", async () => {
    server.on('post', '/api/v2/session', fail(500, '', 200));
    await session.login('editor', 'pw', false);
    expect(session.getState().error).toBe('Server error');
  });

  it("'Server error' when the answer has no token", async () => {
    server.on('post', '/api/v2/session', ok({ user: EDITOR }));
    await session.login('editor', 'pw', false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', error: 'Server error' });
  });

  it('shows the HTTP status text on a transport failure', async () => {
    server.on('post', '/api/v2/session', { status: 502, statusText: 'Bad Gateway', data: '<html></html>' });
    await session.login('editor', 'pw', false);
    expect(session.getState().error).toBe('Bad Gateway');
  });

  it("'Network error' when no response comes", async () => {
    server.on('post', '/api/v2/session', { networkError: true });
    await session.login('editor', 'pw', false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', error: 'Network error', loggingIn: false });
  });

  it('gives the German texts in German', async () => {
    await setLanguage('de');
    try {
      server.on('post', '/api/v2/session', fail(500, '', 200));
      await session.login('editor', 'pw', false);
      expect(session.getState().error).toBe('Serverfehler');
    } finally {
      await setLanguage('en');
    }
  });

  it("shows a wrong password in the user's language, translated by the server's code", async () => {
    await setLanguage('de');
    try {
      server.on('post', '/api/v2/session', () => ({
        status: 401,
        data: { code: 401, data: { error: 'invalid_credentials' }, message: 'Invalid username or password' },
      }));
      await expect(session.login('editor', 'wrong', false)).resolves.toBe(false);
      expect(session.getState().error).toBe('Benutzername oder Passwort ist falsch');
    } finally {
      await setLanguage('en');
    }
  });

  it('a refusal on show follows a change of language (by its code, or by the client text it fell back to)', async () => {
    try {
      server.on('post', '/api/v2/session', () => ({
        status: 401,
        data: { code: 401, data: { error: 'invalid_credentials' }, message: 'Invalid username or password' },
      }));
      await session.login('editor', 'wrong', false);
      expect(session.getState().error).toBe('Invalid username or password');
      await setLanguage('de');
      expect(session.getState().error).toBe('Benutzername oder Passwort ist falsch');

      await setLanguage('en');
      server.on('post', '/api/v2/session', () => ({ status: 502, statusText: '', data: '' }));
      await session.login('editor', 'pw', false);
      expect(session.getState().error).toBe('Server error');
      await setLanguage('de');
      expect(session.getState().error).not.toBe('Server error');
      // A new attempt clears the refusal: a change of language brings none back.
      session.clearError();
      await setLanguage('en');
      expect(session.getState().error).toBeNull();
    } finally {
      await setLanguage('en');
    }
  });

  it('fails and clears the token when the rights cannot be loaded', async () => {
    server
      .on('post', '/api/v2/session', ok({ auth: 'tok-1', user: EDITOR }))
      .on('get', '/api/v2/user/permissions', fail(500, 'Database unavailable'));
    await expect(session.login('editor', 'pw', true)).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', token: null, error: 'Database unavailable', expired: false });
    expect(stored()).toEqual({ local: null, session: null });
  });

  it('a 401 while loading the rights is a login failure, not an expired session', async () => {
    window.history.replaceState({}, '', '/articles');
    server
      .on('post', '/api/v2/session', ok({ auth: 'tok-1', user: EDITOR }))
      .on('get', '/api/v2/user/permissions', fail(401, 'Session revoked'));
    await session.login('editor', 'pw', true);
    expect(session.getState()).toMatchObject({ status: 'signedOut', error: 'Session revoked', expired: false, returnTo: null });
  });

  it('a second login while one runs shares it', async () => {
    const answer = deferred<StubReply>();
    server.on('post', '/api/v2/session', () => answer.promise).on('get', '/api/v2/user/permissions', ok([]));
    const first = session.login('editor', 'pw', false);
    const second = session.login('editor', 'pw', false);
    expect(second).toBe(first);
    answer.resolve(ok({ auth: 'tok-1', user: EDITOR }));
    await first;
    expect(server.callsTo('post', '/api/v2/session')).toHaveLength(1);
  });

  it('clears the previous error and the expired mark', async () => {
    server.on('post', '/api/v2/session', fail(401, 'Invalid username or password'));
    await session.login('editor', 'wrong', false);
    acceptLogin();
    const pending = session.login('editor', 'pw', false);
    expect(session.getState().error).toBeNull();
    await pending;
    expect(session.getState()).toMatchObject({ status: 'signedIn', error: null, expired: false });
  });

  it('clearError() clears the error', async () => {
    server.on('post', '/api/v2/session', fail(401, 'Invalid username or password'));
    await session.login('editor', 'wrong', false);
    const count = history.length;
    session.clearError();
    expect(session.getState().error).toBeNull();
    session.clearError();
    expect(history.length).toBe(count + 1);
  });

  it('turns the loading indicator on while it runs', async () => {
    const answer = deferred<StubReply>();
    server.on('post', '/api/v2/session', () => answer.promise).on('get', '/api/v2/user/permissions', ok([]));
    const pending = session.login('editor', 'pw', false);
    await flush();
    expect(loading.count()).toBe(1);
    answer.resolve(ok({ auth: 't', user: EDITOR }));
    await pending;
    expect(loading.count()).toBe(0);
  });
});

describe('restore', () => {
  it('no stored token → signedOut without a call', async () => {
    await expect(session.restore()).resolves.toBe(false);
    expect(session.getState().status).toBe('signedOut');
    expect(server.calls).toHaveLength(0);
  });

  it('unknown → temporary → signedIn for a valid remembered token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-l');
    const check = deferred<StubReply>();
    server.on('get', '/api/v2/session', () => check.promise).on('get', '/api/v2/user/permissions', ok(['import']));
    const pending = session.restore();
    expect(session.getState()).toMatchObject({ status: 'temporary', token: 'tok-l' });
    expect(isSignedIn(session.getState())).toBe(false);
    check.resolve(ok({ auth: 'tok-l', user: EDITOR, expires: '2030-01-01T00:00:00Z' }));
    await expect(pending).resolves.toBe(true);
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-l', user: EDITOR, permissions: ['import'], error: null });
    expect(statuses()).toEqual(['temporary', 'signedIn']);
    expect(server.callsTo('get', '/api/v2/session')[0]!.params).toEqual({ auth: 'tok-l' });
    expect(header(server.callsTo('get', '/api/v2/user/permissions')[0]!, 'AUTHENTICATION')).toBe('tok-l');
    expect(stored()).toEqual({ local: 'tok-l', session: null });
  });

  it('restores a token kept in sessionStorage and keeps it there', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-s');
    server.on('get', '/api/v2/session', ok({ auth: 'tok-s', user: EDITOR })).on('get', '/api/v2/user/permissions', ok([]));
    await expect(session.restore()).resolves.toBe(true);
    expect(stored()).toEqual({ local: null, session: 'tok-s' });
  });

  it('stores a renewed token the server returns', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-old');
    server.on('get', '/api/v2/session', ok({ auth: 'tok-new', user: EDITOR })).on('get', '/api/v2/user/permissions', ok([]));
    await session.restore();
    expect(session.getState().token).toBe('tok-new');
    expect(stored()).toEqual({ local: 'tok-new', session: null });
  });

  it('loads the user when the session answer has none', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    server
      .on('get', '/api/v2/session', ok({ auth: 'tok' }))
      .on('get', '/api/v2/user/permissions', ok([]))
      .on('get', '/api/v2/user', ok(EDITOR));
    await session.restore();
    expect(session.getState().user).toEqual(EDITOR);
  });

  it('temporary → signedOut with both storages cleared for an invalid token: the session ended, marked expired with where the user was', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'bad');
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'bad-too');
    window.history.replaceState({}, '', '/articles?page=2');
    server.on('get', '/api/v2/session', fail(401, 'Session expired'));
    await expect(session.restore()).resolves.toBe(false);
    expect(session.getState()).toMatchObject({
      status: 'signedOut',
      token: null,
      user: null,
      error: null,
      expired: true,
      returnTo: '/articles?page=2',
    });
    expect(statuses()).toEqual(['temporary', 'signedOut']);
    expect(stored()).toEqual({ local: null, session: null });
  });

  it('an invalid token reported as envelope code with HTTP 200 is refused too', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'bad');
    server.on('get', '/api/v2/session', fail(401, 'Session expired', 200));
    await session.restore();
    expect(stored()).toEqual({ local: null, session: null });
  });

  it('keeps the token when the server cannot be reached, showing why', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    server.on('get', '/api/v2/session', { networkError: true });
    await expect(session.restore()).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', token: null, error: 'Network error', expired: false });
    expect(stored().local).toBe('tok');
  });

  it("keeps the token on a server failure ('Server error')", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    server.on('get', '/api/v2/session', fail(500, '', 500));
    await session.restore();
    expect(session.getState()).toMatchObject({ status: 'signedOut', error: 'Server error' });
    expect(stored().local).toBe('tok');
  });

  it('concurrent calls share one check', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const check = deferred<StubReply>();
    server.on('get', '/api/v2/session', () => check.promise).on('get', '/api/v2/user/permissions', ok([]));
    const first = session.restore();
    const second = session.restore();
    expect(second).toBe(first);
    check.resolve(ok({ auth: 'tok', user: EDITOR }));
    await Promise.all([first, second]);
    expect(server.callsTo('get', '/api/v2/session')).toHaveLength(1);
    expect(statuses()).toEqual(['temporary', 'signedIn']);
  });

  it('when already signed in, resolves true without a call', async () => {
    await signIn(server);
    const before = server.calls.length;
    await expect(session.restore()).resolves.toBe(true);
    expect(server.calls.length).toBe(before);
  });

  it('a later check runs again once the first has finished', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    server.on('get', '/api/v2/session', { networkError: true });
    await session.restore();
    server.on('get', '/api/v2/session', ok({ auth: 'tok', user: EDITOR })).on('get', '/api/v2/user/permissions', ok([]));
    await expect(session.restore()).resolves.toBe(true);
  });

  it('a logout during the check wins', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const check = deferred<StubReply>();
    server
      .on('get', '/api/v2/session', () => check.promise)
      .on('get', '/api/v2/user/permissions', ok([]))
      .on('delete', '/api/v2/session', ok(null));
    const pending = session.restore();
    await session.logout();
    check.resolve(ok({ auth: 'tok', user: EDITOR }));
    await expect(pending).resolves.toBe(false);
    expect(session.getState().status).toBe('signedOut');
    expect(stored()).toEqual({ local: null, session: null });
  });
});

describe('logout', () => {
  it('sends DELETE with the token, clears both storages and signs out', async () => {
    await signIn(server, 'tok-1');
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    server.on('delete', '/api/v2/session', ok(null));
    const pending = session.logout();
    expect(session.getState()).toMatchObject({ status: 'signedOut', token: null, user: null, permissions: [] });
    await pending;
    const [del] = server.callsTo('delete', '/api/v2/session');
    expect(header(del!, 'AUTHENTICATION')).toBe('tok-1');
    expect(stored()).toEqual({ local: null, session: null });
  });

  it('ignores a failing DELETE', async () => {
    await signIn(server);
    server.on('delete', '/api/v2/session', { networkError: true });
    await expect(session.logout()).resolves.toBeUndefined();
    expect(session.getState().status).toBe('signedOut');
  });

  it('a 401 on DELETE does not mark the session expired', async () => {
    await signIn(server);
    server.on('delete', '/api/v2/session', fail(401, 'Session expired'));
    await session.logout();
    expect(session.getState()).toMatchObject({ status: 'signedOut', expired: false });
  });

  it('without a token makes no call', async () => {
    await session.logout();
    expect(server.calls).toHaveLength(0);
    expect(session.getState().status).toBe('signedOut');
  });

  it('clears expired and returnTo', async () => {
    await signIn(server);
    window.history.replaceState({}, '', '/import');
    session.expire();
    expect(session.getState()).toMatchObject({ expired: true, returnTo: '/import' });
    await session.logout();
    expect(session.getState()).toMatchObject({ expired: false, returnTo: null });
  });

  it('a login still running when the user logs out does not sign in', async () => {
    const answer = deferred<StubReply>();
    server.on('post', '/api/v2/session', () => answer.promise).on('get', '/api/v2/user/permissions', ok([]));
    const pending = session.login('editor', 'pw', true);
    await session.logout();
    answer.resolve(ok({ auth: 'tok', user: EDITOR }));
    await expect(pending).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', loggingIn: false });
  });
});

describe('expire (what a 401 does)', () => {
  it('signedIn → signedOut, expired, returnTo; login afterwards clears expired but keeps returnTo', async () => {
    await signIn(server);
    window.history.replaceState({}, '', '/import/new?x=1');
    session.expire();
    expect(session.getState()).toMatchObject({ status: 'signedOut', token: null, expired: true, returnTo: '/import/new?x=1' });
    expect(stored()).toEqual({ local: null, session: null });
    await signIn(server);
    expect(session.getState()).toMatchObject({ status: 'signedIn', expired: false, returnTo: '/import/new?x=1' });
    expect(session.consumeReturnTo()).toBe('/import/new?x=1');
  });

  it('temporary → signedOut, expired; the running check is dropped', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const check = deferred<StubReply>();
    server.on('get', '/api/v2/session', () => check.promise).on('get', '/api/v2/user/permissions', ok([]));
    const pending = session.restore();
    session.expire();
    check.resolve(ok({ auth: 'tok', user: EDITOR }));
    await expect(pending).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', expired: true });
  });

  it('when not signed in, only records where to return to (a stored token is left for restore)', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'unchecked');
    window.history.replaceState({}, '', '/articles');
    const count = history.length;
    session.expire();
    expect(session.getState()).toMatchObject({ status: 'unknown', expired: false, returnTo: '/articles' });
    expect(stored().local).toBe('unchecked');
    session.expire();
    expect(history.length).toBe(count + 1);
  });
});

describe('subscribe', () => {
  it('stops notifying after unsubscribe', async () => {
    const seen: string[] = [];
    const off = session.subscribe((s) => seen.push(s.status));
    await session.restore();
    off();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'x');
    server.on('get', '/api/v2/session', fail(401));
    await session.restore();
    expect(seen).toEqual(['signedOut']);
  });

  it('hands out a new state object on every change', async () => {
    const before = session.getState();
    acceptLogin();
    await session.login('editor', 'pw', false);
    expect(session.getState()).not.toBe(before);
    expect(before.status).toBe('unknown');
  });
});
