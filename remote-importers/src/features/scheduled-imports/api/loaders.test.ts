import { toast, type ToastEvent } from 'shared';
import { fail, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { IMPORTERS_URL } from './importersApi';
import { loadImporterEditor, loadImporterList } from './loaders';

// The import calls and shared's lookups are answered at the network by the stub server.
let server: StubServer;
const importerLoads = (id: number | string) => server.callsTo('get', `${IMPORTERS_URL}/${id}`).length;

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  server = setupStub()
    .on('get', IMPORTERS_URL, ok([]))
    .on('get', `${IMPORTERS_URL}/plugins`, ok([{ id: 'rss', title: 'RSS' }]))
    .on('get', '/api/v2/portal/content-types', ok([{ id: 'article', name: 'Article' }]))
    .on('get', '/api/v2/portal/creators', ok([{ id: 2, name: 'Erin' }]))
    .on('get', '/api/categories/tree', ok([]))
    .on('get', '/api/v2/locations/countries', ok([{ country_code: 'AU', country_name: 'Australia' }]));
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

const a = {
  id: 5,
  title: 'X',
  feed_url: 'u',
  plugin: 'p',
  schedule: 2,
  enabled: 1,
  defaults: {},
  created: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-01T00:00:00.000Z',
  version: 1,
};

describe('loadImporterList', () => {
  it('returns the imports', async () => {
    await expect(loadImporterList()).resolves.toEqual({ importers: [], error: null });
  });
  it('a transport error is a toast with its message (spec section 8)', async () => {
    server.on('get', IMPORTERS_URL, fail(502, 'Bad Gateway'));
    await expect(loadImporterList()).resolves.toEqual({ importers: [], error: 'Bad Gateway' });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', message: 'Bad Gateway' })]);
  });
  it('a 401 shows no toast', async () => {
    server.on('get', IMPORTERS_URL, fail(401, 'Session expired'));
    await loadImporterList();
    expect(toasts).toEqual([]);
  });
  it('an aborted load is rethrown', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(loadImporterList(controller.signal)).rejects.toThrow('canceled');
    expect(toasts).toEqual([]);
  });
});

describe('loadImporterEditor (plugins, content types, users, topics, countries)', () => {
  it('create mode loads the lookups, not an import', async () => {
    const data = await loadImporterEditor(undefined);
    expect(data).toEqual({
      importer: null,
      error: null,
      notFound: false,
      requestedId: null,
      lookups: {
        plugins: [{ id: 'rss', title: 'RSS' }],
        contentTypes: [{ id: 'article', name: 'Article' }],
        users: [{ id: 2, name: 'Erin' }],
        topics: [],
        countries: [{ country_code: 'AU', country_name: 'Australia' }],
      },
    });
    expect(server.calls.filter((call) => call.url?.startsWith(`${IMPORTERS_URL}/`)).map((call) => call.url)).toEqual([
      `${IMPORTERS_URL}/plugins`,
    ]);
  });
  it('edit mode loads the import too', async () => {
    server.on('get', `${IMPORTERS_URL}/5`, ok(a));
    const data = await loadImporterEditor('5');
    expect(importerLoads(5)).toBe(1);
    expect(data).toMatchObject({ importer: a, notFound: false, error: null, requestedId: '5' });
  });
  it('a 404 or a malformed id is "not found", without a toast', async () => {
    server.on('get', `${IMPORTERS_URL}/6`, fail(404, 'Importer 6 not found'));
    await expect(loadImporterEditor('6')).resolves.toMatchObject({ importer: null, notFound: true, error: null });
    await expect(loadImporterEditor('abc')).resolves.toMatchObject({ importer: null, notFound: true, error: null });
    expect([importerLoads(6), importerLoads('abc')]).toEqual([1, 0]);
    expect(toasts).toEqual([]);
  });
  it('a failed load gives the message as a toast', async () => {
    server.on('get', `${IMPORTERS_URL}/6`, fail(403, 'Forbidden'));
    await expect(loadImporterEditor('6')).resolves.toMatchObject({ importer: null, notFound: false, error: 'Forbidden' });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', message: 'Forbidden' })]);
  });
  it('a failed lookup is empty with a toast; the rest still loads', async () => {
    server.on('get', '/api/v2/locations/countries', fail(404, 'Not Found'));
    const data = await loadImporterEditor(undefined);
    expect(data.lookups.countries).toEqual([]);
    expect(data.lookups.plugins).toHaveLength(1);
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', message: 'Not Found' })]);
  });
});
