// The tabs of one browser share one session (tabs.ts). Each test's "other tab" is a BroadcastChannel
// of the same name (Node's, which jsdom lacks, put on the page's global like a browser has it).
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { resetSession, session } from './store';
import { SESSION_HELD_KEY, TOKEN_STORAGE_KEY } from './storage';
import { EDITOR } from '../test/fixtures';
import { ok, setupStub, type StubServer } from '../test/stubServer';

type Message = { type: string; token?: string; remember?: boolean };

let server: StubServer;
let otherTab: NodeBroadcastChannel;
let received: Message[];
const globals = globalThis as { BroadcastChannel?: unknown };

beforeAll(() => {
  globals.BroadcastChannel = NodeBroadcastChannel;
});
afterAll(() => {
  resetSession();
  delete globals.BroadcastChannel;
});
beforeEach(() => {
  server = setupStub();
  received = [];
  otherTab = new NodeBroadcastChannel('newsdesk.session');
  otherTab.onmessage = (event) => received.push((event as { data: unknown }).data as Message);
});
afterEach(() => {
  otherTab.close();
  session.logout().catch(() => undefined);
});

const stored = () => ({ local: window.localStorage.getItem(TOKEN_STORAGE_KEY), session: window.sessionStorage.getItem(TOKEN_STORAGE_KEY) });
const acceptToken = (token: string) =>
  server
    .on('get', '/api/v2/session', (config) =>
      (config.params as { auth?: string }).auth === token
        ? ok({ auth: token, user: EDITOR, expires: '2030-01-01T00:00:00Z', permissions: ['create_article'] })
        : { status: 401, data: { code: 401, data: null, message: 'Invalid session' } },
    )
    .on('post', '/api/v2/session', ok({ auth: token, user: EDITOR, expires: '2030-01-01T00:00:00Z', permissions: ['create_article'] }));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('tabs of one browser', () => {
  it('a tab without a token of its own takes the session another tab holds, kept per tab when not remembered', async () => {
    window.localStorage.setItem(SESSION_HELD_KEY, '1');
    acceptToken('tok-other');
    otherTab.onmessage = (event) => {
      if (((event as { data: unknown }).data as Message).type === 'ask')
        otherTab.postMessage({ type: 'share', token: 'tok-other', remember: false });
    };
    await expect(session.restore()).resolves.toBe(true);
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-other', user: EDITOR });
    // sessionStorage, like the tab it came from: it ends when the browser closes.
    expect(stored()).toEqual({ local: null, session: 'tok-other' });
  });

  it('a remembered session handed over stays remembered', async () => {
    window.localStorage.setItem(SESSION_HELD_KEY, '1');
    acceptToken('tok-kept');
    otherTab.onmessage = (event) => {
      if (((event as { data: unknown }).data as Message).type === 'ask')
        otherTab.postMessage({ type: 'share', token: 'tok-kept', remember: true });
    };
    await expect(session.restore()).resolves.toBe(true);
    expect(stored()).toEqual({ local: 'tok-kept', session: null });
  });

  it('no other tab answers: signed out, the login shows, no call made, the stale mark gone', async () => {
    window.localStorage.setItem(SESSION_HELD_KEY, '1');
    await expect(session.restore()).resolves.toBe(false);
    expect(session.getState()).toMatchObject({ status: 'signedOut', token: null, expired: false });
    expect(received).toEqual([{ type: 'ask' }]);
    expect(server.calls).toHaveLength(0);
    expect(window.localStorage.getItem(SESSION_HELD_KEY)).toBeNull();
  });

  it('no tab of this browser holds a session (a first visit): no question, the login shows at once', async () => {
    await expect(session.restore()).resolves.toBe(false);
    expect(session.getState().status).toBe('signedOut');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
  });

  it('a signed-in tab answers another tab’s question with its session; a signed-out one does not', async () => {
    acceptToken('tok-mine');
    await session.login('editor', 'editor-demo', false);
    const answers: Message[] = [];
    const asking = new NodeBroadcastChannel('newsdesk.session');
    asking.onmessage = (event) => answers.push((event as { data: unknown }).data as Message);
    try {
      asking.postMessage({ type: 'ask' });
      await until(() => answers.length > 0);
      expect(answers).toEqual([{ type: 'share', token: 'tok-mine', remember: false }]);
      server.on('delete', '/api/v2/session', ok(null));
      await session.logout();
      answers.length = 0;
      asking.postMessage({ type: 'ask' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answers.filter((message) => message.type === 'share')).toEqual([]);
    } finally {
      asking.close();
    }
  });

  it('signing out in one tab signs the others out (to the login, back to where they were afterwards)', async () => {
    acceptToken('tok-both');
    await session.login('editor', 'editor-demo', false);
    otherTab.postMessage({ type: 'signedOut' });
    await until(() => session.getState().status === 'signedOut');
    expect(session.getState()).toMatchObject({ status: 'signedOut', token: null, expired: true });
    expect(stored()).toEqual({ local: null, session: null });
  });

  it('signing out here tells the other tabs', async () => {
    acceptToken('tok-out');
    await session.login('editor', 'editor-demo', false);
    server.on('delete', '/api/v2/session', ok(null));
    await session.logout();
    await until(() => received.some((message) => message.type === 'signedOut'));
    expect(received).toContainEqual({ type: 'signedOut' });
  });
});
