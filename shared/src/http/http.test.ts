import axios from 'axios';
import { ApiError } from './ApiError';
import { apiDelete, apiGet, apiPost, apiRequest, toFormBody } from './api';
import { http } from './client';
import { configureShared } from '../config';
import { setLanguage } from '../i18n';
import { loading } from '../loading';
import { session } from '../session/store';
import { toast, type ToastEvent } from '../toast';
import { EDITOR, signIn } from '../test/fixtures';
import { deferred, fail, flush, header, ok, setupStub, type StubServer } from '../test/stubServer';

let server: StubServer;
let toasts: ToastEvent[];

beforeEach(() => {
  server = setupStub();
  toasts = [];
  toast.subscribe((event) => toasts.push(event));
  window.history.replaceState({}, '', '/');
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('request headers', () => {
  it('sends no AUTHENTICATION header when signed out, but always the no-cache headers', async () => {
    server.on('get', '/api/x', ok(1));
    await apiGet('/api/x');
    const [call] = server.calls;
    expect(header(call!, 'AUTHENTICATION')).toBeUndefined();
    expect(header(call!, 'Cache-Control')).toBe('no-cache');
    expect(header(call!, 'Pragma')).toBe('no-cache');
  });

  it('sends the token in AUTHENTICATION when signed in', async () => {
    await signIn(server, 'tok-abc');
    server.on('get', '/api/x', ok(1));
    await apiGet('/api/x');
    expect(header(server.callsTo('get', '/api/x')[0]!, 'AUTHENTICATION')).toBe('tok-abc');
  });

  it('sends the token while a stored token is being checked (temporary)', async () => {
    window.localStorage.setItem('newsdesk.auth', 'stored-tok');
    const check = deferred<ReturnType<typeof ok>>();
    server.on('get', '/api/v2/session', () => check.promise).on('get', '/api/x', ok(1));
    const restoring = session.restore();
    expect(session.getState().status).toBe('temporary');
    await apiGet('/api/x');
    expect(header(server.callsTo('get', '/api/x')[0]!, 'AUTHENTICATION')).toBe('stored-tok');
    check.resolve(fail(401, 'Invalid session'));
    await restoring;
  });

  it('stops sending the token after logout', async () => {
    await signIn(server);
    server.on('delete', '/api/v2/session', ok(null)).on('get', '/api/x', ok(1));
    await session.logout();
    await apiGet('/api/x');
    expect(header(server.callsTo('get', '/api/x')[0]!, 'AUTHENTICATION')).toBeUndefined();
  });

  it('keeps an AUTHENTICATION header the caller set', async () => {
    await signIn(server, 'tok-1');
    server.on('get', '/api/x', ok(1));
    await apiGet('/api/x', undefined, { headers: { AUTHENTICATION: 'other' } });
    expect(header(server.callsTo('get', '/api/x')[0]!, 'AUTHENTICATION')).toBe('other');
  });

  it('never sends the token to another origin (e.g. a geocoding service)', async () => {
    await signIn(server, 'tok-1');
    server.on('get', '/geocode', { status: 200, data: { results: [] } });
    await http.get('https://maps.example.com/geocode');
    const call = server.callsTo('get', '/geocode')[0]!;
    expect(header(call, 'AUTHENTICATION')).toBeUndefined();
    expect(header(call, 'Cache-Control')).toBeUndefined();
  });

  it('sends the token to the configured API origin', async () => {
    await signIn(server, 'tok-1');
    configureShared({ apiBaseUrl: 'https://api.example.com/' });
    server.on('get', '/api/x', ok(1));
    await apiGet('/api/x');
    const call = server.callsTo('get', '/api/x')[0]!;
    expect(call.baseURL).toBe('https://api.example.com');
    expect(header(call, 'AUTHENTICATION')).toBe('tok-1');
    expect(http.getUri(call)).toBe('https://api.example.com/api/x');
  });

  it('does not send a token with the login call', async () => {
    await signIn(server, 'tok-1');
    server.on('post', '/api/v2/session', ok({ auth: 'tok-2', user: EDITOR }));
    await http.post('/api/v2/session', toFormBody({ username: 'a', password: 'b', remember: '0' }));
    const logins = server.callsTo('post', '/api/v2/session');
    expect(header(logins[logins.length - 1]!, 'AUTHENTICATION')).toBeUndefined();
  });
});

describe('envelope', () => {
  it('apiRequest resolves the whole envelope (data + total) when code is 200', async () => {
    server.on('get', '/api/list', ok([{ id: 1 }], { total: 42, message: 'fine' }));
    await expect(apiRequest({ url: '/api/list' })).resolves.toEqual({ code: 200, data: [{ id: 1 }], message: 'fine', total: 42 });
  });

  it('apiGet passes params and resolves data', async () => {
    server.on('get', '/api/list', (config) => ok({ echoed: config.params }));
    await expect(apiGet('/api/list', { limit: 5, sort: 'id' })).resolves.toEqual({ echoed: { limit: 5, sort: 'id' } });
  });

  it('throws ApiError with the envelope message on a non-200 code', async () => {
    server.on('get', '/api/x', fail(409, 'Title already used', 200));
    const error = await rejection(apiGet('/api/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Title already used', code: 409, status: 200 });
  });

  it("falls back to 'Internal server Error' for a non-200 envelope without message", async () => {
    server.on('get', '/api/x', fail(500, '', 200));
    const error = await rejection(apiGet('/api/x'));
    expect(error).toMatchObject({ message: 'Internal server Error', code: 500, status: 200 });
  });

  it("falls back to 'Internal server Error' for a body that is not an envelope", async () => {
    server.on('get', '/api/x', { status: 200, data: '<html>index</html>' });
    const error = await rejection(apiGet('/api/x'));
    expect(error).toMatchObject({ message: 'Internal server Error', code: 200, status: 200 });
  });

  it('uses the envelope message of an HTTP error response', async () => {
    server.on('post', '/api/x', fail(403, 'Missing right create_article', 403, 'Forbidden'));
    const error = await rejection(apiPost('/api/x', { a: 1 }));
    expect(error).toMatchObject({ message: 'Missing right create_article', code: 403, status: 403 });
    expect(error.data).toEqual({ code: 403, data: null, message: 'Missing right create_article' });
  });

  it('uses the HTTP status text for a transport error without envelope message', async () => {
    server.on('get', '/api/x', { status: 502, statusText: 'Bad Gateway', data: '<html>bad gateway</html>' });
    const error = await rejection(apiGet('/api/x'));
    expect(error).toMatchObject({ message: 'Bad Gateway', code: 502, status: 502 });
  });

  it("uses 'Internal server error' when the status text is empty", async () => {
    server.on('get', '/api/x', { status: 500, statusText: '', data: '' });
    const error = await rejection(apiGet('/api/x'));
    expect(error).toMatchObject({ message: 'Internal server error', code: 500, status: 500 });
  });

  it("uses 'Internal server error' when no response came (network failure)", async () => {
    server.on('get', '/api/x', { networkError: true });
    const error = await rejection(apiGet('/api/x'));
    expect(error).toMatchObject({ message: 'Internal server error', code: 0, status: 0 });
  });

  it("session calls fall back to 'Server error', the status text, or 'Network error'", async () => {
    server.on('get', '/api/v2/session', fail(500, '', 200));
    expect((await rejection(apiRequest({ url: '/api/v2/session', params: { auth: 'x' } }))).message).toBe('Server error');
    server.on('get', '/api/v2/session', { status: 503, statusText: 'Service Unavailable', data: '' });
    expect((await rejection(apiRequest({ url: '/api/v2/session' }))).message).toBe('Service Unavailable');
    server.on('get', '/api/v2/session', { status: 503, data: '' });
    expect((await rejection(apiRequest({ url: '/api/v2/session' }))).message).toBe('Server error');
    server.on('get', '/api/v2/session', { networkError: true });
    expect((await rejection(apiRequest({ url: '/api/v2/session' }))).message).toBe('Network error');
    server.on('get', '/api/other', fail(500, '', 200));
    expect((await rejection(apiRequest({ url: '/api/other', sessionCall: true }))).message).toBe('Server error');
  });

  it('translates the fallbacks', async () => {
    await setLanguage('de');
    try {
      server.on('get', '/api/x', fail(500, '', 200)).on('get', '/api/y', { networkError: true });
      expect((await rejection(apiGet('/api/x'))).message).toBe('Interner Serverfehler');
      expect((await rejection(apiGet('/api/y'))).message).toBe('Interner Serverfehler');
    } finally {
      await setLanguage('en');
    }
  });

  it('passes cancellations through unchanged', async () => {
    server.on('get', '/api/slow', () => new Promise(() => undefined));
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(apiGet('/api/slow', undefined, { signal: controller.signal }));
    expect(axios.isCancel(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('apiDelete sends DELETE and resolves data', async () => {
    server.on('delete', '/api/v2/portal/importer/3', ok(null));
    await expect(apiDelete('/api/v2/portal/importer/3')).resolves.toBeNull();
    expect(server.callsTo('delete', '/api/v2/portal/importer/3')).toHaveLength(1);
  });
});

describe('request bodies', () => {
  it('apiPost sends JSON by default', async () => {
    server.on('post', '/api/x', ok(1));
    await apiPost('/api/x', { id: 1, title: 'Hello' });
    const call = server.calls[0]!;
    expect(header(call, 'Content-Type')).toMatch(/^application\/json/);
    expect(JSON.parse(call.data as string)).toEqual({ id: 1, title: 'Hello' });
  });

  it('apiPost with { form: true } sends application/x-www-form-urlencoded', async () => {
    server.on('post', '/api/tag', ok([{ id: 1, title: 'news' }]));
    await apiPost('/api/tag', { value: 'hot news', ids: [1, 2], skip: null, nothing: undefined, flag: true }, { form: true });
    const call = server.calls[0]!;
    expect(header(call, 'Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.data).toBe('value=hot+news&ids=1&ids=2&flag=true');
  });

  it('apiPost with { form: true } accepts URLSearchParams', async () => {
    server.on('post', '/api/tag', ok(null));
    await apiPost('/api/tag', new URLSearchParams({ value: 'x' }), { form: true });
    expect(server.calls[0]!.data).toBe('value=x');
  });

  it('toFormBody encodes dates and nested objects', () => {
    const body = toFormBody({ when: new Date('2024-01-02T03:04:05Z'), defaults: { a: 1 } });
    expect(body.toString()).toBe('when=2024-01-02T03%3A04%3A05.000Z&defaults=%7B%22a%22%3A1%7D');
    expect(toFormBody(undefined).toString()).toBe('');
    expect(toFormBody('a=1')).toBe('a=1');
  });
});

describe('an expired session (401)', () => {
  beforeEach(async () => {
    await signIn(server, 'tok-1');
    window.history.replaceState({}, '', '/import/edit/7?tab=defaults');
  });

  it('signs out, clears the tokens, marks expired and remembers where the user was', async () => {
    server.on('get', '/api/v2/portal/importer/7', fail(401, 'Session expired'));
    const error = await rejection(apiGet('/api/v2/portal/importer/7'));
    expect(error).toMatchObject({ message: 'Session expired', code: 401, status: 401 });
    expect(session.getState()).toMatchObject({
      status: 'signedOut',
      token: null,
      user: null,
      permissions: [],
      expired: true,
      returnTo: '/import/edit/7?tab=defaults',
    });
    expect(window.localStorage.getItem('newsdesk.auth')).toBeNull();
    expect(window.sessionStorage.getItem('newsdesk.auth')).toBeNull();
    expect(session.consumeReturnTo()).toBe('/import/edit/7?tab=defaults');
    expect(session.consumeReturnTo()).toBeNull();
    expect(session.getState().returnTo).toBeNull();
  });

  it('also reacts to an envelope code 401 sent with HTTP 200', async () => {
    server.on('get', '/api/x', fail(401, 'Session expired', 200));
    await rejection(apiGet('/api/x'));
    expect(session.getState()).toMatchObject({ status: 'signedOut', expired: true });
  });

  it('also reacts when the call is made with the raw http instance', async () => {
    server.on('get', '/api/x', fail(401, 'Session expired'));
    await expect(http.get('/api/x')).rejects.toThrow();
    expect(session.getState()).toMatchObject({ status: 'signedOut', expired: true });
  });

  it('keeps the first location when several calls fail', async () => {
    server.on('get', '/api/a', fail(401)).on('get', '/api/b', fail(401));
    const first = rejection(apiGet('/api/a'));
    await first;
    window.history.replaceState({}, '', '/elsewhere');
    await rejection(apiGet('/api/b'));
    expect(session.getState()).toMatchObject({ expired: true, returnTo: '/import/edit/7?tab=defaults' });
  });

  it('does not record /login as the place to return to', async () => {
    window.history.replaceState({}, '', '/login');
    server.on('get', '/api/x', fail(401));
    await rejection(apiGet('/api/x'));
    expect(session.getState()).toMatchObject({ status: 'signedOut', expired: true, returnTo: null });
  });

  it('ignores 401 from the session calls themselves', async () => {
    server.on('get', '/api/v2/session', fail(401, 'Invalid token'));
    await rejection(apiRequest({ url: '/api/v2/session', params: { auth: 'other' } }));
    await expect(http.get('/api/v2/session?auth=other')).rejects.toThrow();
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-1', expired: false });
  });

  it('does not touch the session on other errors', async () => {
    server.on('get', '/api/x', fail(403, 'Forbidden'));
    await rejection(apiGet('/api/x'));
    expect(session.getState().status).toBe('signedIn');
  });
});

describe('identical requests in flight', () => {
  it('sends identical GETs once and hands both callers its outcome', async () => {
    const reply = deferred<ReturnType<typeof ok>>();
    server.on('get', '/api/list', () => reply.promise);
    const first = apiGet('/api/list', { a: 1, b: 2 });
    const second = apiGet('/api/list', { b: 2, a: 1 });
    reply.resolve(ok(['x']));
    await expect(first).resolves.toEqual(['x']);
    await expect(second).resolves.toEqual(['x']);
    expect(server.calls).toHaveLength(1);
  });

  it('apiRequest shares the call too', async () => {
    server.on('post', '/api/x', ok(1));
    const first = apiRequest({ method: 'post', url: '/api/x', data: { id: 1 } });
    const second = apiRequest({ method: 'post', url: '/api/x', data: { id: 1 } });
    await expect(Promise.all([first, second])).resolves.toEqual([
      expect.objectContaining({ data: 1 }),
      expect.objectContaining({ data: 1 }),
    ]);
    expect(server.calls).toHaveLength(1);
  });

  // Issue 11 defect 1: a router revalidation aborted its loader while the next one had joined its
  // request; the joined caller got "canceled" and the list showed it as an error.
  it.each([
    ['apiGet', (signal: AbortSignal) => apiGet('/api/list', { page: 1 }, { signal })],
    [
      'http.get',
      (signal: AbortSignal) => http.get('/api/list', { params: { page: 1 }, signal }).then((r) => (r.data as { data: unknown }).data),
    ],
  ])('%s: one caller aborting does not cancel the identical call another caller joined', async (_name, call) => {
    const reply = deferred<ReturnType<typeof ok>>();
    server.on('get', '/api/list', () => reply.promise);
    const first = new AbortController();
    const firstCall = call(first.signal);
    const second = call(new AbortController().signal);
    await flush();
    first.abort();
    const firstError = await firstCall.then(
      () => null,
      (error: unknown) => error,
    );
    expect(axios.isCancel(firstError)).toBe(true);
    reply.resolve(ok(['row']));
    await expect(second).resolves.toEqual(['row']);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.signal?.aborted).toBe(false);
  });

  it('aborts the shared call once every caller has aborted, and the next identical call is sent afresh', async () => {
    server.on(
      'get',
      '/api/list',
      (config) => new Promise((resolve) => config.signal?.addEventListener?.('abort', () => resolve(ok('late')))),
    );
    const a = new AbortController();
    const b = new AbortController();
    const calls = [apiGet('/api/list', undefined, { signal: a.signal }), apiGet('/api/list', undefined, { signal: b.signal })].map((p) =>
      p.then(
        () => 'resolved',
        (error: unknown) => (axios.isCancel(error) ? 'cancelled' : error),
      ),
    );
    await flush();
    a.abort();
    await flush();
    expect(server.calls[0]!.signal?.aborted).toBe(false);
    b.abort();
    expect(await Promise.all(calls)).toEqual(['cancelled', 'cancelled']);
    await flush();
    expect(server.calls[0]!.signal?.aborted).toBe(true);
    server.on('get', '/api/list', ok('fresh'));
    await expect(apiGet('/api/list')).resolves.toBe('fresh');
    expect(server.calls).toHaveLength(2);
  });

  it('shares one network call between raw http calls, each caller getting its own response', async () => {
    const reply = deferred<ReturnType<typeof ok>>();
    server.on('get', '/api/x', () => reply.promise);
    const a = http.get('/api/x', { params: { q: 1 } });
    const b = http.get('/api/x', { params: { q: 1 } });
    reply.resolve(ok({ n: 1 }));
    const [ra, rb] = await Promise.all([a, b]);
    expect(server.calls).toHaveLength(1);
    expect(ra.data).toEqual({ code: 200, data: { n: 1 }, message: '' });
    expect(rb.data).toEqual(ra.data);
    expect(rb.config.params).toEqual({ q: 1 });
  });

  it('shares a failure: both callers get the error, the network is hit once', async () => {
    const reply = deferred<ReturnType<typeof fail>>();
    server.on('get', '/api/x', () => reply.promise);
    const a = apiGet('/api/x');
    const b = http.get('/api/x').then(
      () => 'resolved',
      (e: unknown) => e,
    );
    reply.resolve(fail(404, 'Unknown import', 404, 'Not Found'));
    expect(await rejection(a)).toMatchObject({ message: 'Unknown import', code: 404 });
    expect(axios.isAxiosError(await b)).toBe(true);
    expect(server.calls).toHaveLength(1);
  });

  it.each([
    ['different params', () => apiGet('/api/x', { page: 1 }), () => apiGet('/api/x', { page: 2 })],
    ['different urls', () => apiGet('/api/x'), () => apiGet('/api/y')],
    ['different methods', () => apiGet('/api/x'), () => apiDelete('/api/x')],
    ['different bodies', () => apiPost('/api/x', { id: 1 }), () => apiPost('/api/x', { id: 2 })],
    ['dedupe: false', () => apiGet('/api/x', undefined, { dedupe: false }), () => apiGet('/api/x', undefined, { dedupe: false })],
  ])('sends both requests when they differ: %s', async (_name, first, second) => {
    for (const method of ['get', 'post', 'delete']) {
      server.on(method, '/api/x', ok(1)).on(method, '/api/y', ok(2));
    }
    const a = first();
    const b = second();
    expect(b).not.toBe(a);
    await Promise.all([a, b]);
    expect(server.calls).toHaveLength(2);
  });

  it('never shares uploads (FormData bodies)', async () => {
    server.on('post', '/api/image', ok([{ upload: { file_thumbnail: 't.jpg' } }]));
    const body = new FormData();
    body.append('file', new Blob(['x']), 'x.jpg');
    await Promise.all([apiPost('/api/image', body), apiPost('/api/image', body)]);
    expect(server.calls).toHaveLength(2);
  });

  it('sends again once the first call has finished', async () => {
    server.on('get', '/api/x', ok(1));
    await apiGet('/api/x');
    await apiGet('/api/x');
    await http.get('/api/x');
    expect(server.calls).toHaveLength(3);
  });

  it('shows the msg toast once for shared requests', async () => {
    server.on('post', '/api/x', ok(null, { msg: 'Saved' }));
    await Promise.all([apiPost('/api/x', { id: 1 }), http.post('/api/x', { id: 1 })]);
    expect(server.calls).toHaveLength(1);
    expect(toasts).toEqual([expect.objectContaining({ type: 'success', message: 'Saved' })]);
  });
});

describe('loading counter', () => {
  it('goes up while a request is in flight and down when it ends', async () => {
    const seen: number[] = [];
    loading.subscribe((n) => seen.push(n));
    const reply = deferred<ReturnType<typeof ok>>();
    server.on('get', '/api/x', () => reply.promise);
    const call = apiGet('/api/x');
    await flush();
    expect(loading.count()).toBe(1);
    reply.resolve(ok(1));
    await call;
    expect(loading.count()).toBe(0);
    expect(seen).toEqual([1, 0]);
  });

  it.each(['get', 'post', 'put', 'patch', 'delete'])('counts %s', async (method) => {
    const reply = deferred<ReturnType<typeof ok>>();
    server.on(method, '/api/x', () => reply.promise);
    const call = http.request({ method, url: '/api/x' });
    await flush();
    expect(loading.count()).toBe(1);
    reply.resolve(ok(1));
    await call;
    expect(loading.count()).toBe(0);
  });

  it('does not count HEAD and OPTIONS', async () => {
    const seen: number[] = [];
    loading.subscribe((n) => seen.push(n));
    server.on('head', '/api/x', { status: 200, data: '' }).on('options', '/api/x', { status: 204, data: '' });
    await http.head('/api/x');
    await http.options('/api/x');
    expect(seen).toEqual([]);
  });

  it('comes down on errors (envelope, HTTP, network)', async () => {
    server
      .on('get', '/api/a', fail(500, 'x', 200))
      .on('get', '/api/b', fail(500, 'x'))
      .on('get', '/api/c', { networkError: true });
    await Promise.allSettled([apiGet('/api/a'), apiGet('/api/b'), apiGet('/api/c')]);
    expect(loading.count()).toBe(0);
  });

  it('counts shared identical requests once', async () => {
    const seen: number[] = [];
    loading.subscribe((n) => seen.push(n));
    const reply = deferred<ReturnType<typeof ok>>();
    server.on('get', '/api/x', () => reply.promise);
    const calls = [apiGet('/api/x'), http.get('/api/x'), http.get('/api/x')];
    await flush();
    expect(loading.count()).toBe(1);
    reply.resolve(ok(1));
    await Promise.all(calls);
    expect(loading.count()).toBe(0);
    expect(seen).toEqual([1, 0]);
  });

  it('counts different requests separately', async () => {
    const a = deferred<ReturnType<typeof ok>>();
    const b = deferred<ReturnType<typeof ok>>();
    server.on('get', '/api/a', () => a.promise).on('get', '/api/b', () => b.promise);
    const calls = [apiGet('/api/a'), apiGet('/api/b')];
    await flush();
    expect(loading.count()).toBe(2);
    a.resolve(ok(1));
    await calls[0];
    expect(loading.count()).toBe(1);
    b.resolve(ok(2));
    await calls[1];
    expect(loading.count()).toBe(0);
  });

  it('does not count a background refresh, and a foreground twin is sent and counted on its own', async () => {
    const seen: number[] = [];
    loading.subscribe((n) => seen.push(n));
    const first = deferred<ReturnType<typeof ok>>();
    const second = deferred<ReturnType<typeof ok>>();
    const replies = [first, second];
    server.on('post', '/api/lock/1/renew', () => replies.shift()!.promise);
    const heartbeat = apiPost('/api/lock/1/renew', undefined, { background: true });
    await flush();
    expect(loading.count()).toBe(0);
    const foreground = apiPost('/api/lock/1/renew');
    await flush();
    expect(server.calls).toHaveLength(2);
    expect(loading.count()).toBe(1);
    first.resolve(ok(1));
    second.resolve(ok(2));
    await expect(Promise.all([heartbeat, foreground])).resolves.toEqual([1, 2]);
    expect(seen).toEqual([1, 0]);
  });

  it('shares identical background refreshes (one call, never counted)', async () => {
    const seen: number[] = [];
    loading.subscribe((n) => seen.push(n));
    server.on('get', '/api/x', ok(1));
    await Promise.all([apiGet('/api/x', undefined, { background: true }), http.get('/api/x', { background: true })]);
    expect(server.calls).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it('comes down on cancellation', async () => {
    const controller = new AbortController();
    server.on('get', '/api/x', (config) => new Promise((resolve) => config.signal?.addEventListener?.('abort', () => resolve(ok(1)))));
    const call = apiGet('/api/x', undefined, { signal: controller.signal });
    await flush();
    expect(loading.count()).toBe(1);
    controller.abort();
    await expect(call).rejects.toThrow();
    await flush();
    expect(loading.count()).toBe(0);
  });
});

describe('msg success toast', () => {
  it('shows the envelope msg as a success toast', async () => {
    server.on('post', '/api/v2/portal/importer', ok({ id: 3 }, { msg: 'Saved' }));
    await apiPost('/api/v2/portal/importer', { title: 'Feed' });
    expect(toasts).toEqual([expect.objectContaining({ type: 'success', message: 'Saved' })]);
  });

  it('shows msg of a body that is not an envelope', async () => {
    server.on('get', '/cron/import/-1', { status: 200, data: { msg: 'Import started', rows: [] } });
    await http.get('/cron/import/-1', { params: { simulate: 1 } });
    expect(toasts).toEqual([expect.objectContaining({ type: 'success', message: 'Import started' })]);
  });

  it('shows nothing without msg, with an empty msg, or on a failed envelope', async () => {
    server
      .on('get', '/api/a', ok(1))
      .on('get', '/api/b', ok(1, { msg: '' }))
      .on('get', '/api/c', fail(400, 'Bad', 200));
    await apiGet('/api/a');
    await apiGet('/api/b');
    await rejection(apiGet('/api/c'));
    server.on('get', '/api/d', { status: 400, data: { code: 400, message: 'Bad', msg: 'x' } });
    await rejection(apiGet('/api/d'));
    expect(toasts).toEqual([]);
  });
});
