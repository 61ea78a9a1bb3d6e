import { redactUrl } from '../src/lib/tokens';
import { describeEachDatabase } from './helpers';

/** Every byte percent-encoded (`%61%75…`), as a client or a fuzzer may send it. */
const percentAll = (text: string) =>
  Array.from(Buffer.from(text, 'utf8'))
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');

/**
 * How the name `auth` can be spelt so that some query parser reads it as `auth` (or a log reader
 * does): the shapes the OpenAPI fuzz suite generates for a parameter (`name[]=`, repeated keys,
 * a bare name, `=%00`, `=%zz`) on top of every encoding of the name.
 */
const AUTH_NAMES = [
  'auth',
  'AUTH',
  'Auth',
  '%61uth',
  '%2561uth',
  '%252561uth',
  percentAll('auth'),
  percentAll(percentAll('auth')),
  'auth[]',
  'auth%5B%5D',
  'auth[0]',
  'auth%00',
  '%00auth',
  'auth%2500',
  '+auth+',
  'auth.',
  'auth%20',
  'AUTHENTICATION',
  'authorization',
  'token',
  'password',
];
/** The value as it may travel: plain, percent-encoded, fully and doubly encoded. */
const VALUE_SPELLINGS: Array<(token: string) => string> = [
  (token) => token,
  (token) => encodeURIComponent(token),
  (token) => percentAll(token),
  (token) => percentAll(percentAll(token)),
];
/** Query shapes of the fuzz suite around one name and value. */
const QUERY_SHAPES: Array<(name: string, value: string) => string> = [
  (name, value) => `${name}=${value}`,
  (name, value) => `${name}=${value}&${name}=${value}`,
  (name, value) => `x=%zz&${name}=${value}`,
  (name, value) => `${name}=%00${value}`,
  (name, value) => `${name}[]=${value}`,
  (name, value) => `${value}`,
  (name, value) => `${value}=${name}`,
  (name, value) => `innocent=${value}`,
];
const everySpelling = (token: string): string[] =>
  AUTH_NAMES.flatMap((name) => VALUE_SPELLINGS.flatMap((spell) => QUERY_SHAPES.map((shape) => shape(name, spell(token)))));
const leaks = (text: string, token: string) =>
  [token, encodeURIComponent(token), percentAll(token), percentAll(percentAll(token))].some((form) => text.includes(form));

describe('redactUrl', () => {
  it('redacts every secret parameter however its name is written', () => {
    expect(redactUrl('/api/v2/session?auth=tok')).toBe('/api/v2/session?auth=[redacted]');
    expect(redactUrl('/x?%61uth=tok&a=1')).toBe('/x?%61uth=[redacted]&a=1');
    expect(redactUrl('/x?AUTH=tok&Auth=tok2&auth=tok3')).toBe('/x?AUTH=[redacted]&Auth=[redacted]&auth=[redacted]');
    expect(redactUrl('/x?%41%75%54%68=tok')).toBe('/x?%41%75%54%68=[redacted]');
    expect(redactUrl('/x?+auth+=tok&password=p%zz')).toBe('/x?+auth+=[redacted]&password=[redacted]');
    expect(redactUrl('/x?a=#&auth=tok')).toBe('/x?a=#&auth=[redacted]');
    expect(redactUrl('/x?author=1')).toBe('/x?author=1');
    expect(redactUrl('/x?auth[]=tok&auth%00=tok&%2561uth=tok')).toBe('/x?auth[]=[redacted]&auth%00=[redacted]&%2561uth=[redacted]');
  });

  it('redacts a token under every spelling of a secret name, and a token-shaped value under any name', () => {
    const token = 'Q2hhbmdlZCBpbiBhIHJlZGFjdGVkIHdheS4uLi4uLi4';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const leaked = everySpelling(token).filter((query) => leaks(redactUrl(`/api/v2/session?${query}`), token));
    expect(leaked).toEqual([]);
    // Short values under other names stay readable.
    expect(redactUrl('/api/portal/articles?page=2&title=News')).toBe('/api/portal/articles?page=2&title=News');
  });
});

describeEachDatabase('logging', (ctx) => {
  it('never writes a session token (header or ?auth=) or a password to the log', async () => {
    const token = await ctx.login('editor');
    await ctx.get('/api/v2/user', token);
    await ctx.get(`/api/v2/session?auth=${token}`);
    await ctx.get(`/api/v2/session?other=1&auth=${encodeURIComponent(token)}#x`);
    await ctx.get(`/api/unknown?auth=${token}`);
    await ctx.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: `${token}x` } });
    await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } });
    await ctx.inject({
      method: 'POST',
      url: '/api/v2/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=editor&password=wrong-password-123',
    });

    const text = ctx.logs.join('');
    expect(ctx.logs.length).toBeGreaterThan(10);
    expect(text).toContain('/api/v2/session?auth=[redacted]');
    expect(text).toContain('auth=[redacted]');
    expect(text).not.toContain(token);
    expect(text).not.toContain(encodeURIComponent(token));
    expect(text).not.toContain('wrong-password-123');
    expect(text).not.toContain('editor-demo');
  });

  it('redacts the token after every call shape (encoded names, any case, repeated keys, headers, bodies)', async () => {
    const token = await ctx.login('submitter');
    const encodedName = '%61%75%74%68';
    const shapes: Array<() => Promise<unknown>> = [
      () => ctx.get(`/api/v2/session?%61uth=${token}`),
      () => ctx.get(`/api/v2/session?${encodedName}=${encodeURIComponent(token)}`),
      () => ctx.get(`/api/v2/session?AUTH=${token}`),
      () => ctx.get(`/api/v2/session?Auth=${token}&auth=${token}`),
      () => ctx.get(`/api/v2/session?auth=${token}&auth=${token}`),
      () => ctx.get(`/api/v2/session?x=%zz&auth=${token}`),
      () => ctx.get(`/api/portal/articles?page=1&%41uth=${token}`, token),
      () => ctx.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: token, authorization: `Bearer ${token}` } }),
      () => ctx.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: `Bearer ${token}`, cookie: `auth=${token}` } }),
      () =>
        ctx.inject({
          method: 'POST',
          url: '/api/v2/session',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `username=submitter&password=${token}&auth=${token}`,
        }),
      () => ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username: token, password: token, auth: token } }),
      () => ctx.inject({ method: 'POST', url: '/api/portal/article', headers: { authentication: token }, payload: { auth: token } }),
    ];
    for (const [index, shape] of shapes.entries()) {
      const before = ctx.logs.length;
      await shape();
      const text = ctx.logs.slice(before).join('');
      expect(ctx.logs.length).toBeGreaterThan(before);
      expect({ shape: index, leaked: text.includes(token) || text.includes(encodeURIComponent(token)) }).toEqual({
        shape: index,
        leaked: false,
      });
    }
    // Every query spelling the fuzz suite can produce, through the app's own request log.
    for (const query of everySpelling(token)) {
      const before = ctx.logs.length;
      await ctx.get(`/api/v2/session?${query}`);
      const text = ctx.logs.slice(before).join('');
      expect(ctx.logs.length).toBeGreaterThan(before);
      expect({ query, leaked: leaks(text, token) }).toEqual({ query, leaked: false });
    }
    // The login response carries a fresh token: it is never logged either.
    const before = ctx.logs.length;
    const fresh = await ctx.login('approver');
    expect(ctx.logs.slice(before).join('')).not.toContain(fresh);
  });
});

describeEachDatabase('request ids', (ctx) => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('gives every request a random id, in the X-Request-Id header and in every log line of the request', async () => {
    const answers = await Promise.all([ctx.get('/api/health'), ctx.get('/api/v2/user'), ctx.get('/api/nothing')]);
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
    // A refusal in the spec's envelope (code, data, message): the id travels in the header only.
    const refused = answers[1];
    expect(refused?.statusCode).toBe(401);
    expect(Object.keys(refused?.json() ?? {}).sort()).toEqual(['code', 'data', 'message']);
    const lines = ctx.logs.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((line) => line.reqId === ids[1]);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // An id a client sends is not taken over.
    const sent = await ctx.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(sent.headers['x-request-id']).toMatch(UUID);
  });
});
