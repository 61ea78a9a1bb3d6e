import { fail, flush, inTurn, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { dropArticleLoad, PRESS_CLAIM_MS, startArticleLoad, startArticleLoadOnPress, takeArticleLoad } from './earlyArticleLoad';
import type { ArticleEditData } from '../model/types';

// The article and the lock release are answered at the network by the stub server.
const ARTICLE = '/api/portal/article';
let server: StubServer;
/** Lets the requests started so far reach the stub server and settle (promise callbacks only: works under fake timers). */
async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}
const releases = () => server.callsTo('post', '/api/portal/lock/:id/release').map((call) => call.url);

const answer = (mine: boolean) => ({ lock: { mine, expires: '2026-01-01 10:15:00' } }) as unknown as ArticleEditData;

beforeEach(() => {
  server = setupStub().on('post', '/api/portal/lock/:id/release', ok(null));
});

describe('an article load started with the click', () => {
  it('starts once per article and is handed over once', async () => {
    server.on('get', ARTICLE, ok(answer(true)));
    startArticleLoad(7);
    startArticleLoad(7);
    await expect(takeArticleLoad(7)).resolves.toEqual(answer(true));
    expect(server.callsTo('get', ARTICLE).map((call) => call.params)).toEqual([{ id: 7 }]);
    expect(takeArticleLoad(7)).toBeUndefined();
    dropArticleLoad(7); // taken: nothing left to drop
    await flush();
    expect(releases()).toEqual([]);
  });

  it('not taken, it is dropped and the lock it took is released', async () => {
    server.on('get', ARTICLE, ok(answer(true)));
    startArticleLoad(8);
    dropArticleLoad(8);
    await flush();
    expect(releases()).toEqual([`/api/portal/lock/8/release?expires=${encodeURIComponent('2026-01-01 10:15:00')}`]);
    expect(takeArticleLoad(8)).toBeUndefined();
  });

  it('dropped, it releases no lock held by someone else, and a failed load is no error', async () => {
    server.on('get', ARTICLE, inTurn(ok(answer(false)), fail(503, 'down')));
    startArticleLoad(9);
    dropArticleLoad(9);
    startArticleLoad(10);
    dropArticleLoad(10);
    await flush();
    expect(server.callsTo('get', ARTICLE)).toHaveLength(2);
    expect(releases()).toEqual([]);
  });
});

describe('an article load started with the press on its row', () => {
  afterEach(() => jest.useRealTimers());

  it('is claimed by the editor the click opens: kept, not loaded twice', async () => {
    server.on('get', ARTICLE, ok(answer(true)));
    jest.useFakeTimers();
    startArticleLoadOnPress(11);
    startArticleLoad(11); // the click: the editor opens
    jest.advanceTimersByTime(PRESS_CLAIM_MS + 1);
    await expect(takeArticleLoad(11)).resolves.toEqual(answer(true));
    await settle();
    expect(server.callsTo('get', ARTICLE)).toHaveLength(1);
    expect(releases()).toEqual([]);
  });

  it('without a click, is dropped after a while and the lock it took is released', async () => {
    server.on('get', ARTICLE, ok(answer(true)));
    jest.useFakeTimers();
    startArticleLoadOnPress(12);
    await settle();
    jest.advanceTimersByTime(PRESS_CLAIM_MS - 1);
    await settle();
    expect(releases()).toEqual([]);
    jest.advanceTimersByTime(1);
    await settle();
    expect(releases()).toEqual([`/api/portal/lock/12/release?expires=${encodeURIComponent('2026-01-01 10:15:00')}`]);
    expect(takeArticleLoad(12)).toBeUndefined();
  });
});
