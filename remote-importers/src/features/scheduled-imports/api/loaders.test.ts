import { ApiError, toast, type ToastEvent } from 'shared';
import { fail, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import * as api from './importersApi';
import { loadImporterEditor, loadImporterList } from './loaders';

jest.mock('./importersApi', () => ({
  fetchImporters: jest.fn(),
  fetchImporter: jest.fn(),
  fetchPlugins: jest.fn(),
  fetchContentTypes: jest.fn(),
  fetchCreators: jest.fn(),
}));
// shared's lookup clients are answered by the stub server.
const mocked = api as jest.Mocked<typeof api>;
let server: StubServer;

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  jest.clearAllMocks();
  mocked.fetchPlugins.mockResolvedValue([{ id: 'rss', title: 'RSS' }]);
  mocked.fetchContentTypes.mockResolvedValue([{ id: 'article', name: 'Article' }]);
  mocked.fetchCreators.mockResolvedValue([{ id: 2, name: 'Erin' }]);
  server = setupStub()
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
    mocked.fetchImporters.mockResolvedValue([]);
    await expect(loadImporterList()).resolves.toEqual({ importers: [], error: null });
  });
  it('a transport error is a toast with its message (spec section 8)', async () => {
    mocked.fetchImporters.mockRejectedValue(new ApiError('Bad Gateway', 502, 502));
    await expect(loadImporterList()).resolves.toEqual({ importers: [], error: 'Bad Gateway' });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', message: 'Bad Gateway' })]);
  });
  it('a 401 shows no toast', async () => {
    mocked.fetchImporters.mockRejectedValue(new ApiError('Session expired', 401, 401));
    await loadImporterList();
    expect(toasts).toEqual([]);
  });
  it('an aborted load is rethrown', async () => {
    const controller = new AbortController();
    controller.abort();
    mocked.fetchImporters.mockRejectedValue(new Error('canceled'));
    await expect(loadImporterList(controller.signal)).rejects.toThrow('canceled');
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
    expect(mocked.fetchImporter).not.toHaveBeenCalled();
  });
  it('edit mode loads the import too', async () => {
    mocked.fetchImporter.mockResolvedValue(a);
    const data = await loadImporterEditor('5');
    expect(mocked.fetchImporter).toHaveBeenCalledWith(5, undefined);
    expect(data).toMatchObject({ importer: a, notFound: false, error: null, requestedId: '5' });
  });
  it('a 404 or a malformed id is "not found", without a toast', async () => {
    mocked.fetchImporter.mockRejectedValue(new ApiError('Importer 6 not found', 404, 404));
    await expect(loadImporterEditor('6')).resolves.toMatchObject({ importer: null, notFound: true, error: null });
    await expect(loadImporterEditor('abc')).resolves.toMatchObject({ importer: null, notFound: true, error: null });
    expect(mocked.fetchImporter).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });
  it('a failed load gives the message as a toast', async () => {
    mocked.fetchImporter.mockRejectedValue(new ApiError('Forbidden', 403, 403));
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
