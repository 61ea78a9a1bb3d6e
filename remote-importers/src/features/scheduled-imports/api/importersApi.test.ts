import { apiGet, ApiError } from 'shared';
import { fetchImporter, fetchImporters } from './importersApi';

jest.mock('shared', () => {
  const actual = jest.requireActual('shared');
  return { ...actual, apiGet: jest.fn() };
});
const apiGetMock = apiGet as jest.MockedFunction<typeof apiGet>;

beforeEach(() => apiGetMock.mockReset());

const a = { id: 1, title: 'A', feed_url: 'u', plugin: 'rss', schedule: 1, enabled: 1, defaults: {} };

describe('importersApi', () => {
  it('lists from GET /api/v2/portal/importer', async () => {
    apiGetMock.mockResolvedValue([a]);
    await expect(fetchImporters()).resolves.toEqual([a]);
    expect(apiGetMock).toHaveBeenCalledWith('/api/v2/portal/importer', undefined, { signal: undefined });
  });
  it('a list that is not an array is empty', async () => {
    apiGetMock.mockResolvedValue(null);
    await expect(fetchImporters()).resolves.toEqual([]);
  });
  it('gets one import from GET /api/v2/portal/importer/{id}', async () => {
    apiGetMock.mockResolvedValue(a);
    await expect(fetchImporter(1)).resolves.toEqual(a);
    expect(apiGetMock).toHaveBeenCalledWith('/api/v2/portal/importer/1', undefined, { signal: undefined });
  });
  it('falls back to the list while the single call answers 404', async () => {
    apiGetMock.mockRejectedValueOnce(new ApiError('Not Found', 404, 404)).mockResolvedValueOnce([a]);
    await expect(fetchImporter(1)).resolves.toEqual(a);
    apiGetMock.mockRejectedValueOnce(new ApiError('Not Found', 404, 404)).mockResolvedValueOnce([a]);
    await expect(fetchImporter(2)).resolves.toBeNull();
  });
  it('other errors are raised', async () => {
    apiGetMock.mockRejectedValue(new ApiError('Forbidden', 403, 403));
    await expect(fetchImporter(1)).rejects.toThrow('Forbidden');
  });
});
