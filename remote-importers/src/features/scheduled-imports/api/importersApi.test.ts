import { apiDelete, apiGet, apiPost } from 'shared';
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

jest.mock('shared', () => {
  const actual = jest.requireActual('shared');
  return { ...actual, apiGet: jest.fn(), apiPost: jest.fn(), apiDelete: jest.fn() };
});
const getMock = apiGet as jest.MockedFunction<typeof apiGet>;
const postMock = apiPost as jest.MockedFunction<typeof apiPost>;
const deleteMock = apiDelete as jest.MockedFunction<typeof apiDelete>;

beforeEach(() => {
  getMock.mockReset();
  postMock.mockReset();
  deleteMock.mockReset();
});

const a = { id: 1, title: 'A', feed_url: 'u', plugin: 'rss', schedule: 1, enabled: 1, defaults: {} };

describe('importersApi (spec section 7)', () => {
  it('lists from GET /api/v2/portal/importer; not an array is empty', async () => {
    getMock.mockResolvedValue([a]);
    await expect(fetchImporters()).resolves.toEqual([a]);
    expect(getMock).toHaveBeenCalledWith('/api/v2/portal/importer', undefined, { signal: undefined });
    getMock.mockResolvedValue(null);
    await expect(fetchImporters()).resolves.toEqual([]);
  });
  it('gets one from GET /api/v2/portal/importer/{id}', async () => {
    getMock.mockResolvedValue(a);
    await expect(fetchImporter(1)).resolves.toEqual(a);
    expect(getMock).toHaveBeenCalledWith('/api/v2/portal/importer/1', undefined, { signal: undefined });
  });
  it('saves as a form body and resolves the id', async () => {
    postMock.mockResolvedValue({ id: 9 });
    const payload = { id: 0, title: 'T', feed_url: 'https://x', schedule: '1', plugin: 'rss', enabled: '1', defaults: '{}' };
    await expect(saveImporter(payload)).resolves.toBe(9);
    expect(postMock).toHaveBeenCalledWith('/api/v2/portal/importer', payload, { form: true });
  });
  it('enables, disables, deletes', async () => {
    postMock.mockResolvedValue(null);
    deleteMock.mockResolvedValue(null);
    await setImporterEnabled(3, true);
    await setImporterEnabled(3, false);
    await deleteImporter(3);
    expect(postMock.mock.calls.map((call) => call[0])).toEqual(['/api/v2/portal/importer/3/enable', '/api/v2/portal/importer/3/disable']);
    expect(deleteMock).toHaveBeenCalledWith('/api/v2/portal/importer/3');
  });
  it('runs never deduplicate (each click is a run)', async () => {
    getMock.mockResolvedValue({ simulate: true, importers: [], items: [] });
    await runImport({ kind: 'group', group: 2 }, true);
    expect(getMock).toHaveBeenCalledWith('/cron/import/2?simulate=1', undefined, { dedupe: false });
  });
  it('run history of one importer', async () => {
    getMock.mockResolvedValue([{ id: 1 }]);
    await expect(fetchRuns(4)).resolves.toEqual([{ id: 1 }]);
    expect(getMock).toHaveBeenCalledWith('/api/v2/portal/importer/4/runs', { limit: 20 }, { signal: undefined });
  });
  it('places with or without a country', async () => {
    getMock.mockResolvedValue([]);
    await searchPlaces('Sur', 'AU');
    await searchPlaces('Sur', '0');
    expect(getMock.mock.calls).toEqual([
      ['/api/v2/places', { term: 'Sur', country: 'AU' }],
      ['/api/v2/places', { term: 'Sur' }],
    ]);
  });
});
