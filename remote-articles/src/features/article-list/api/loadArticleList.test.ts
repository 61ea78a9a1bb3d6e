import axios from 'axios';
import { ApiError, toast, type ToastEvent } from 'shared';
import { fetchArticles } from './articlesApi';
import { loadArticleList } from './loadArticleList';

jest.mock('./articlesApi', () => ({ fetchArticles: jest.fn() }));
const fetchMock = fetchArticles as jest.MockedFunction<typeof fetchArticles>;

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  fetchMock.mockReset();
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

const url = (query = '') => new URL(`http://localhost/articles${query}`);

describe('loadArticleList', () => {
  it('asks the API for the filter in the URL', async () => {
    fetchMock.mockResolvedValue({ items: [], total: 0 });
    const signal = new AbortController().signal;
    const data = await loadArticleList(url('?limit=20&limitStart=40&sort=submitter&sortDir=ASC'), signal);
    expect(fetchMock).toHaveBeenCalledWith({ limit: 20, limitStart: 40, sort: 'submitter', sortDir: 'ASC' }, signal);
    expect(data).toMatchObject({ items: [], total: 0, error: null, filter: { limit: 20, limitStart: 40 } });
  });

  it('an error becomes an error toast and an empty list', async () => {
    fetchMock.mockRejectedValue(new ApiError('Internal server error', 500, 500));
    const data = await loadArticleList(url());
    expect(data).toMatchObject({ items: [], total: 0, error: 'Internal server error' });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', message: 'Internal server error' })]);
  });

  it('a 401 shows no toast (the session ends and the shell goes to the login page)', async () => {
    fetchMock.mockRejectedValue(new ApiError('Session expired', 401, 401));
    const data = await loadArticleList(url());
    expect(data.error).toBe('Session expired');
    expect(toasts).toEqual([]);
  });

  it('an aborted load is rethrown for the router to drop', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = new Error('canceled');
    fetchMock.mockRejectedValue(error);
    await expect(loadArticleList(url(), controller.signal)).rejects.toBe(error);
    expect(toasts).toEqual([]);
  });

  it('a cancellation it did not ask for is never shown: the list is asked for again', async () => {
    fetchMock.mockRejectedValueOnce(new axios.CanceledError()).mockResolvedValueOnce({ items: [{ id: 7 } as never], total: 1 });
    const data = await loadArticleList(url(), new AbortController().signal);
    expect(data).toMatchObject({ items: [{ id: 7 }], total: 1, error: null });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toasts).toEqual([]);
  });
});
