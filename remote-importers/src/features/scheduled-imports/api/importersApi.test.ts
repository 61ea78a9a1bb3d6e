import { ok, setupStub, type StubServer } from 'shared/test/stubServer';
import {
  deleteImporter,
  fetchImporter,
  fetchImporters,
  fetchRuns,
  runImport,
  saveImporter,
  searchPlaces,
  setImporterEnabled,
} from './importersApi';

// The importer API client against the stub server: the requests it sends, and what it makes of the answers.
let server: StubServer;
beforeEach(() => {
  server = setupStub();
});

const a = { id: 1, title: 'A', feed_url: 'u', plugin: 'rss', schedule: 1, enabled: 1, defaults: {} };
/** method and path (with the query) of every request, in order. */
const requests = () => server.calls.map((call) => `${call.method} ${call.url}`);

describe('importersApi (spec section 7)', () => {
  it('lists from GET /api/v2/portal/importer; not an array is empty', async () => {
    server.on('get', '/api/v2/portal/importer', ok([a]));
    await expect(fetchImporters()).resolves.toEqual([a]);
    server.on('get', '/api/v2/portal/importer', ok(null));
    await expect(fetchImporters()).resolves.toEqual([]);
    expect(requests()).toEqual(['get /api/v2/portal/importer', 'get /api/v2/portal/importer']);
  });

  it('gets one from GET /api/v2/portal/importer/{id}', async () => {
    server.on('get', '/api/v2/portal/importer/1', ok(a));
    await expect(fetchImporter(1)).resolves.toEqual(a);
  });

  it('saves as a form body and resolves the id', async () => {
    server.on('post', '/api/v2/portal/importer', ok({ id: 9 }));
    const payload = { id: 0, title: 'T', feed_url: 'https://x', schedule: '1', plugin: 'rss', enabled: '1', defaults: '{}' };
    await expect(saveImporter(payload)).resolves.toBe(9);
    const sent = new URLSearchParams(String(server.callsTo('post', '/api/v2/portal/importer')[0]?.data));
    expect(Object.fromEntries(sent)).toEqual({ ...payload, id: '0' });
  });

  it('enables, disables, deletes', async () => {
    server
      .on('post', '/api/v2/portal/importer/3/enable', ok(null))
      .on('post', '/api/v2/portal/importer/3/disable', ok(null))
      .on('delete', '/api/v2/portal/importer/3', ok(null));
    await setImporterEnabled(3, true);
    await setImporterEnabled(3, false);
    await deleteImporter(3);
    expect(requests()).toEqual([
      'post /api/v2/portal/importer/3/enable',
      'post /api/v2/portal/importer/3/disable',
      'delete /api/v2/portal/importer/3',
    ]);
  });

  it('runs never share a request (each click is a run)', async () => {
    server.on('get', '/cron/import/2', ok({ simulate: true, importers: [], items: [] }));
    await Promise.all([runImport({ kind: 'group', group: 2 }, true), runImport({ kind: 'group', group: 2 }, true)]);
    expect(requests()).toEqual(['get /cron/import/2?simulate=1', 'get /cron/import/2?simulate=1']);
  });

  it('run history of one importer', async () => {
    server.on('get', '/api/v2/portal/importer/4/runs', ok([{ id: 1 }]));
    await expect(fetchRuns(4)).resolves.toEqual([{ id: 1 }]);
    expect(server.calls[0]?.params).toEqual({ limit: 20 });
  });

  it('places with or without a country', async () => {
    server.on('get', '/api/v2/places', ok([]));
    await searchPlaces('Sur', 'AU');
    await searchPlaces('Sur', '0');
    expect(server.calls.map((call) => call.params)).toEqual([{ term: 'Sur', country: 'AU' }, { term: 'Sur' }]);
  });
});
