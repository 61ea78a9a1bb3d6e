/**
 * Property-based fuzzing of every operation of the OpenAPI document (issue 11, "make the classes
 * impossible"): generated bad input (wrong types, huge/negative/fractional numbers, Infinity/NaN,
 * NUL and lone surrogates, oversized strings and bodies, malformed JSON and multipart, bad path
 * parameters and encodings) as every identity. Properties:
 *   - no response is 5xx;
 *   - every JSON body, and every error, is the envelope { code, data, message } with code = status,
 *     an error's data.error being a catalogue code;
 *   - no 2xx for an identity without the right the operation declares (`x-required-right`, read
 *     from the route's own hooks) nor, on a non-public operation, without a valid session.
 * Seeded (FUZZ_SEED) and bounded: FUZZ_RUNS inputs per operation and identity (default 20, ~30 s on PGlite; a nightly
 * run sets e.g. FUZZ_RUNS=200).
 */
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isApiErrorCode } from '../../src/lib/api-errors';
import { databaseKinds } from '../database-env';
import { DEMO, startApp, type DemoUsername } from '../helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  required?: string[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: Schema;
}
interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
  contentTypes: string[];
  isPublic: boolean;
  right: string | undefined;
  /** Its success is an envelope (not a file, a redirect or the remotes manifest). */
  envelopedSuccess: boolean;
  /** Its success is a Server-Sent Events stream that stays open (GET /api/portal/events). */
  streams: boolean;
}
type Identity = { name: string; token: string | undefined; rights: string[]; username?: DemoUsername };

// ---- generators ------------------------------------------------------------------------------

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', 'a\uDFFFb'];
const badNumberText = fc.constantFrom(
  '2147483648',
  '2147483647',
  '9007199254740993',
  '99999999999999999999999',
  '-1',
  '0',
  '-2147483649',
  '1.5',
  '1e309',
  '-0',
  'Infinity',
  '-Infinity',
  'NaN',
  '0x10',
  '1e3',
  ' 1',
  '',
  'null',
  'true',
  '[]',
  '1,2',
);
const badString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    ...LONE_SURROGATES,
    '%00',
    '%',
    '%zz',
    '\u202e',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>x</script>',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'x'.repeat(length)),
  badNumberText,
);
const badJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  fc.constantFrom(2147483648, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, null, true, false, [], {}, [1, 'a'], { a: 1 }),
  fc.double(),
  fc.integer(),
);

function typesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.anyOf || schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).flatMap(typesOf);
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** A value the schema may accept (so validation passes and the handler sees the rest). */
function plausible(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant('x');
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  const type = types[0];
  if (schema.anyOf || schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map((s) => plausible(s, depth + 1)));
  switch (type) {
    case 'integer':
      // Small ids that exist, and edges that still pass a schema without a maximum.
      // Ids the demo data has (the root category 8, News 100 …), other small ones, and edges that
      // still pass a schema without a maximum.
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom(1, 2, 3, 8, 100, 109).filter((n) => n >= (schema.minimum ?? 0) && n <= (schema.maximum ?? Infinity)),
        },
        { weight: 2, arbitrary: fc.integer({ min: Math.max(schema.minimum ?? 0, 0), max: Math.min(schema.maximum ?? 40, 40) }) },
        { weight: 1, arbitrary: fc.constantFrom(2147483647, 2147483648, 1e15, 1e300) },
      );
    case 'number':
      return fc.double({ min: -90, max: 90, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) shape[name] = value(property, depth + 1);
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name) => name in shape) });
    }
    default:
      // Right type, hostile content: control characters and lone surrogates pass a plain string schema.
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.oneof(
            fc.constantFrom('x', 'News', '1', 'a b', 'admin-demo', 'https://example.com/a.jpg'),
            fc.string({ maxLength: 12 }),
          ),
        },
        { weight: 2, arbitrary: fc.constantFrom('a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'javascript:alert(1)') },
      );
  }
}

/** Mostly plausible (so a request with one bad field gets past the others), sometimes bad: each field independently. */
function value(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: plausible(schema, depth) }, { weight: 1, arbitrary: badJsonValue });
}

function asText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && !Number.isFinite(raw)) return String(raw);
  return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
}

/** Percent-encodes, except a few raw bad encodings that must reach the server as they are. */
function pathSegment(raw: unknown): fc.Arbitrary<string> {
  const text = asText(raw);
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be UTF-8 encoded: send its (invalid) three bytes escaped.
    encoded = text.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%\w.-]/g, (c) => encodeURIComponent(c));
  }
  return fc.constantFrom(
    encoded,
    encoded,
    encoded,
    encoded,
    'Infinity',
    '-Infinity',
    'NaN',
    '2147483648',
    '%E0%A4%A',
    '%',
    '%C0%AF',
    '%00',
    '%FF%FE',
  );
}

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const BOUNDARY = 'fuzzboundary';
function multipart(parts: string[], close = true): string {
  return parts.map((part) => `--${BOUNDARY}\r\n${part}\r\n`).join('') + (close ? `--${BOUNDARY}--\r\n` : '');
}
const badMultipart = fc.constantFrom<{ type: string; body: string }>(
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: 'not multipart at all' },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(['Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png']),
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(['Content-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG'], false),
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\n\r\nGIF89a`,
  },
  { type: 'multipart/form-data', body: multipart(['Content-Disposition: form-data; name="description"\r\n\r\nx']) },
  { type: 'multipart/form-data; boundary=', body: '--\r\n\r\n' },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(['garbage header line\r\n\r\nx']) },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(['Content-Disposition: form-data; name="description"\r\n\r\n' + 'd'.repeat(20_000)]),
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(Array.from({ length: 20 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nx`)),
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(['Content-Disposition: form-data; name="\u0000"; filename="\uD800.png"\r\n\r\nx']),
  },
);

function bodyFor(operation: Operation): fc.Arbitrary<Pick<Request, 'headers' | 'payload'>> {
  const json = (text: string) => ({ headers: { 'content-type': 'application/json' }, payload: text });
  const choices: Array<fc.Arbitrary<Pick<Request, 'headers' | 'payload'>>> = [
    value(operation.body).map((body) => json(JSON.stringify(body) ?? 'null')),
    fc.constantFrom('{', '{"a":', '[1,', 'nul', '"\\ud800"', '{"id":1e999999}', '\u0000', '{"__proto__":{"x":1}}', '').map(json),
    fc.constantFrom(
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%zz&title=%00&id=2147483648&username=%ED%A0%80' },
      { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      { headers: { 'content-type': 'application/json' }, payload: `{"title":"${'x'.repeat(1_100_000)}"}` },
      { headers: { 'content-type': 'application/json; charset=latin1' }, payload: '{}' },
    ),
    badMultipart.map(({ type, body }) => ({ headers: { 'content-type': type }, payload: body })),
  ];
  if (operation.body || operation.contentTypes.length > 0)
    choices.unshift(value(operation.body).map((body) => json(JSON.stringify(body) ?? 'null')));
  return fc.oneof(...choices);
}

function requestFor(operation: Operation): fc.Arbitrary<Request> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const path = fc
    .tuple(...pathParameters.map((p) => value(p.schema).chain(pathSegment)))
    .map((segments) => pathParameters.reduce((url, p, i) => url.replace(`{${p.name}}`, segments[i] as string), operation.path));
  const query = fc
    .tuple(
      ...queryParameters.map((p) =>
        fc.option(
          fc.oneof(
            value(p.schema).map((raw) => `${p.name}=${safeEncode(asText(raw))}`),
            fc.constantFrom(`${p.name}=%zz`, `${p.name}=1&${p.name}=2`, `${p.name}[]=1`, p.name, `${p.name}=%00`),
          ),
          { nil: undefined },
        ),
      ),
      fc.option(fc.constantFrom('x=%', 'limit=99999999999', '__proto__=1', 'constructor[prototype]=1'), { nil: undefined }),
    )
    .map((parts) => parts.filter(Boolean).join('&'));
  const sendsBody = operation.method !== 'get' && operation.method !== 'delete';
  const body = sendsBody ? fc.option(bodyFor(operation), { nil: undefined, freq: 5 }) : fc.constant(undefined);
  return fc.tuple(path, query, body).map(([url, q, b]) => ({
    method: operation.method.toUpperCase(),
    url: q ? `${url}?${q}` : url,
    headers: { ...(b?.headers ?? {}) },
    ...(b?.payload !== undefined ? { payload: b.payload } : {}),
  }));
}

function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\uD800-\uDFFF]/g, '%ED%B0%80').replace(/[^%\w.-]/g, (c) => encodeURIComponent(c));
  }
}

// ---- checks ----------------------------------------------------------------------------------

function operationsOf(document: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      operations.push({
        method,
        path,
        parameters: op.parameters ?? [],
        body: (content['application/json'] ?? Object.values<any>(content)[0])?.schema,
        contentTypes: Object.keys(content),
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        right: op['x-required-right'],
        envelopedSuccess: Boolean(op.responses?.['200']?.content?.['application/json']?.schema?.properties?.code),
        streams: Boolean(op.responses?.['200']?.content?.['text/event-stream']),
      });
    }
  }
  return operations;
}

/** What is wrong with a response, if anything. */
export function problemOf(response: LightMyRequestResponse, operation: Operation, identity: Identity): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `5xx`;
  if (status >= 200 && status < 300) {
    if (!identity.token && !operation.isPublic) return 'unauthorised success (no session)';
    if (operation.right && !identity.rights.includes(operation.right)) return `unauthorised success (lacks ${operation.right})`;
  }
  const isJson = /json/.test(String(response.headers['content-type'] ?? ''));
  if (status < 400 && (!isJson || !operation.envelopedSuccess)) return undefined; // files, redirects, the remotes manifest
  let body: any;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'non-envelope (not JSON)';
  }
  if (!body || typeof body !== 'object' || body.code !== status || !('data' in body) || typeof body.message !== 'string') {
    return 'non-envelope';
  }
  if (status >= 400 && !isApiErrorCode(body.data?.error)) return 'non-envelope (no catalogue code)';
  return undefined;
}

// ---- the suite -------------------------------------------------------------------------------

describe.each(databaseKinds())('OpenAPI fuzz [%s]', (kind) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  const identities: Identity[] = [
    { name: 'anonymous', token: undefined, rights: [] },
    { name: 'bad token', token: 'x'.repeat(43), rights: [] },
  ];

  async function signIn(username: DemoUsername): Promise<{ token: string; rights: string[] }> {
    const response = await app.inject({ method: 'POST', url: '/api/v2/session', payload: { username, password: DEMO[username] } });
    const token = response.json().data.auth as string;
    const rights = await app.inject({ method: 'GET', url: '/api/v2/user/permissions', headers: { authentication: token } });
    const data = rights.json().data;
    return { token, rights: Array.isArray(data) ? data : (data.rights ?? Object.keys(data).filter((k) => data[k] === true)) };
  }

  /** The identity's current rights; signed in again (enabled again first) when an operation ended its session. */
  async function refresh(identity: Identity & { username: DemoUsername }): Promise<void> {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v2/user/permissions',
      headers: { authentication: identity.token ?? '' },
    });
    if (response.statusCode === 200) {
      identity.rights = response.json().data;
      return;
    }
    await app.db.updateTable('users').set({ enabled: true }).where('username', '=', identity.username).execute();
    Object.assign(identity, await signIn(identity.username));
  }

  beforeAll(async () => {
    const started = await startApp(kind, {
      config: {
        loginAddressMaxFailures: 1_000_000,
        importTimeoutSeconds: 2,
        importConnectTimeoutSeconds: 1,
        logLevel: 'fatal',
        // Single sign-on on, with a provider nobody answers at: its calls run their real paths (a
        // refused discovery redirects to /login with a code, unknown states and hand-offs are refused).
        sso: {
          issuer: 'http://127.0.0.1:9',
          clientId: 'fuzz',
          clientSecret: 'fuzz-client-secret-long-enough',
          clientAuth: 'client_secret_basic',
          displayName: 'Fuzz ID',
          redirectUri: 'http://127.0.0.1:8080/api/v2/sso/callback',
          scopes: 'openid email profile',
          rolesClaim: 'groups',
          roleMap: new Map([['staff', 'submitter']]),
          jit: true,
          allowedDomains: [],
          skipSecondFactor: false,
        },
      },
    });
    app = started.app;
    dispose = async () => {
      await started.app.close();
      await started.database.dispose();
    };
    // The approver's role is scoped to Sport (200) here: the scoped article paths get the same bad input.
    const approver = await app.db.selectFrom('roles').select('id').where('name', '=', 'approver').executeTakeFirstOrThrow();
    await app.db.updateTable('roles').set({ scoped: true }).where('id', '=', approver.id).execute();
    await app.db.insertInto('role_scopes').values({ role_id: approver.id, category_id: 200 }).execute();
    for (const username of ['submitter', 'approver', 'editor', 'admin'] as const) {
      identities.push({ name: username, username, ...(await signIn(username)) });
    }
  }, 60_000);
  afterAll(async () => dispose?.());

  it('answers every generated bad request to every operation as every identity with a 4xx envelope (or an authorised success)', async () => {
    const document: any = app.swagger();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const problems = new Map<string, { count: number; example: string }>();
    const tally = { requests: 0, fiveHundreds: 0, nonEnvelope: 0, unauthorised: 0 };
    for (const operation of operations) {
      for (const identity of identities) {
        // The people operations change users and roles (an identity's rights, its roles, whether it
        // is enabled): each identity's rights are read again before it is fuzzed, so a success is
        // judged by the rights it holds now.
        if (identity.username) await refresh(identity as Identity & { username: DemoUsername });
        // A stream a session may open never ends, so only the refusals are fuzzed here (no session,
        // a bad token); what a signed-in user receives is tested in presence.test.ts.
        if (operation.streams && identity.token) continue;
        await fc.assert(
          fc.asyncProperty(requestFor(operation), async (request) => {
            const headers = { ...request.headers, ...(identity.token ? { authentication: identity.token } : {}) };
            const response = await app.inject({ ...request, method: request.method as 'GET', headers });
            tally.requests += 1;
            const problem = problemOf(response, operation, identity);
            if (problem) {
              if (problem === '5xx') tally.fiveHundreds += 1;
              else if (problem.startsWith('non-envelope')) tally.nonEnvelope += 1;
              else tally.unauthorised += 1;
              const key = `${problem}: ${operation.method.toUpperCase()} ${operation.path} as ${identity.name}`;
              const seen = problems.get(key) ?? {
                count: 0,
                example: `${request.method} ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
              };
              seen.count += 1;
              problems.set(key, seen);
            }
            // A successful sign-out ends the identity's session: sign in again.
            if (identity.username && operation.method === 'delete' && operation.path === '/api/v2/session' && response.statusCode === 200) {
              identity.token = (await signIn(identity.username)).token;
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    }
    // The figure to quote: requests sent, 5xx, bodies outside the envelope, unauthorised successes.
    console.log(
      `OpenAPI fuzz [${kind}]: ${tally.requests} requests to ${operations.length} operations × ${identities.length} identities ` +
        `(seed ${SEED}, ${RUNS} runs each): ${tally.fiveHundreds} 5xx, ${tally.nonEnvelope} non-envelope, ${tally.unauthorised} unauthorised successes`,
    );
    expect([...problems.entries()].map(([key, { count, example }]) => `${count}× ${key}\n    e.g. ${example}`)).toEqual([]);
  }, 600_000);
});
