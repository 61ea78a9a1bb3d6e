import axios from 'axios';
import { isCancelledRequest, toast, type ToastEvent } from 'shared';
import { fail, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { loadArticleList } from './loadArticleList';

// The list is answered at the network by the stub server (the real articlesApi and shared's HTTP client run).
const LIST = '/api/portal/articles';
let server: StubServer;
let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  server = setupStub();
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

const url = (query = '') => new URL(`http://localhost/articles${query}`);

describe('loadArticleList', () => {
  it('asks the API for the filter in the URL', async () => {
    server.on('get', LIST, ok([], { total: 0 }));
    const data = await loadArticleList(url('?limit=20&limitStart=40&sort=submitter&sortDir=ASC'), new AbortController().signal);
    expect(server.callsTo('get', LIST).map((call) => call.params)).toEqual([
      { limit: 20, limitStart: 40, sort: 'submitter', sortDir: 'ASC' },
    ]);
    expect(data).toMatchObject({ items: [], total: 0, error: null, filter: { limit: 20, limitStart: 40 } });
  });

  it('an error becomes an error toast and an empty list', async () => {
    server.on('get', LIST, fail(500, 'Internal server error'));
    const data = await loadArticleList(url());
    expect(data).toMatchObject({ items: [], total: 0, error: 'Internal server error' });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', message: 'Internal server error' })]);
  });

  it('a 401 shows no toast (the session ends and the shell goes to the login page)', async () => {
    server.on('get', LIST, fail(401, 'Session expired'));
    const data = await loadArticleList(url());
    expect(data.error).toBe('Session expired');
    expect(toasts).toEqual([]);
  });

  it('an aborted load is rethrown for the router to drop', async () => {
    server.on('get', LIST, ok([], { total: 0 }));
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await loadArticleList(url(), controller.signal).catch((thrown: unknown) => thrown);
    expect(isCancelledRequest(error)).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('a cancellation it did not ask for is never shown: the list is asked for again', async () => {
    let asked = 0;
    server.on('get', LIST, () => {
      asked += 1;
      if (asked === 1) throw new axios.CanceledError();
      return ok([{ id: 7 }], { total: 1 });
    });
    const data = await loadArticleList(url(), new AbortController().signal);
    expect(data).toMatchObject({ items: [{ id: 7 }], total: 1, error: null });
    expect(server.callsTo('get', LIST)).toHaveLength(2);
    expect(toasts).toEqual([]);
  });
});
