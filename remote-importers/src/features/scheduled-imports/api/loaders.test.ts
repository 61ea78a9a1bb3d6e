import { ApiError, toast, type ToastEvent } from 'shared';
import { fetchImporter, fetchImporters } from './importersApi';
import { loadImporterEditor, loadImporterList } from './loaders';

jest.mock('./importersApi', () => ({ fetchImporters: jest.fn(), fetchImporter: jest.fn() }));
const listMock = fetchImporters as jest.MockedFunction<typeof fetchImporters>;
const oneMock = fetchImporter as jest.MockedFunction<typeof fetchImporter>;

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  listMock.mockReset();
  oneMock.mockReset();
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

describe('loadImporterList', () => {
  it('returns the imports', async () => {
    listMock.mockResolvedValue([]);
    await expect(loadImporterList()).resolves.toEqual({ importers: [], error: null });
  });
  it('a transport error is a toast with its message (spec section 8)', async () => {
    listMock.mockRejectedValue(new ApiError('Bad Gateway', 502, 502));
    await expect(loadImporterList()).resolves.toEqual({ importers: [], error: 'Bad Gateway' });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', message: 'Bad Gateway' })]);
  });
  it('a 401 shows no toast', async () => {
    listMock.mockRejectedValue(new ApiError('Session expired', 401, 401));
    await loadImporterList();
    expect(toasts).toEqual([]);
  });
  it('an aborted load is rethrown', async () => {
    const controller = new AbortController();
    controller.abort();
    listMock.mockRejectedValue(new Error('canceled'));
    await expect(loadImporterList(controller.signal)).rejects.toThrow('canceled');
  });
});

describe('loadImporterEditor', () => {
  it('create mode needs no call', async () => {
    const data = await loadImporterEditor(undefined);
    expect(data).toMatchObject({ requestedId: null, error: null, summary: { isNew: true, schedule: '1', enabled: '1' } });
    expect(oneMock).not.toHaveBeenCalled();
  });
  it('edit mode loads the import', async () => {
    oneMock.mockResolvedValue({ id: 5, title: 'X', feed_url: 'u', plugin: 'p', schedule: 2, enabled: 1, defaults: null });
    const data = await loadImporterEditor('5');
    expect(oneMock).toHaveBeenCalledWith(5, undefined);
    expect(data.summary).toMatchObject({ isNew: false, id: 5, title: 'X', defaults: {} });
  });
  it('an unknown id gives no summary and no error', async () => {
    oneMock.mockResolvedValue(null);
    await expect(loadImporterEditor('6')).resolves.toEqual({ summary: null, requestedId: '6', error: null });
  });
  it('a failed load gives the message', async () => {
    oneMock.mockRejectedValue(new ApiError('Forbidden', 403, 403));
    await expect(loadImporterEditor('6')).resolves.toEqual({ summary: null, requestedId: '6', error: 'Forbidden' });
    expect(toasts).toHaveLength(1);
  });
});
