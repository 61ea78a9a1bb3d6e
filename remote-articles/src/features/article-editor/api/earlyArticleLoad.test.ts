import { fetchArticle, releaseLock } from './articleLoadApi';
import { dropArticleLoad, PRESS_CLAIM_MS, startArticleLoad, startArticleLoadOnPress, takeArticleLoad } from './earlyArticleLoad';
import type { ArticleEditData } from '../model/types';

jest.mock('./articleLoadApi');
const fetchMock = fetchArticle as jest.MockedFunction<typeof fetchArticle>;
const releaseMock = releaseLock as jest.MockedFunction<typeof releaseLock>;

const answer = (mine: boolean) => ({ lock: { mine, expires: '2026-01-01 10:15:00' } }) as unknown as ArticleEditData;

beforeEach(() => {
  fetchMock.mockReset();
  releaseMock.mockReset().mockResolvedValue(undefined);
});

describe('an article load started with the click', () => {
  it('starts once per article and is handed over once', async () => {
    fetchMock.mockResolvedValue(answer(true));
    startArticleLoad(7);
    startArticleLoad(7);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(takeArticleLoad(7)).resolves.toEqual(answer(true));
    expect(takeArticleLoad(7)).toBeUndefined();
    dropArticleLoad(7); // taken: nothing left to drop
    await Promise.resolve();
    expect(releaseMock).not.toHaveBeenCalled();
  });

  it('not taken, it is dropped and the lock it took is released', async () => {
    fetchMock.mockResolvedValue(answer(true));
    startArticleLoad(8);
    dropArticleLoad(8);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(releaseMock).toHaveBeenCalledWith(8, '2026-01-01 10:15:00');
    expect(takeArticleLoad(8)).toBeUndefined();
  });

  it('dropped, it releases no lock held by someone else, and a failed load is no error', async () => {
    fetchMock.mockResolvedValueOnce(answer(false)).mockRejectedValueOnce(new Error('down'));
    startArticleLoad(9);
    dropArticleLoad(9);
    startArticleLoad(10);
    dropArticleLoad(10);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(releaseMock).not.toHaveBeenCalled();
  });
});

describe('an article load started with the press on its row', () => {
  afterEach(() => jest.useRealTimers());

  it('is claimed by the editor the click opens: kept, not loaded twice', async () => {
    jest.useFakeTimers();
    fetchMock.mockResolvedValue(answer(true));
    startArticleLoadOnPress(11);
    startArticleLoad(11); // the click: the editor opens
    jest.advanceTimersByTime(PRESS_CLAIM_MS + 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(takeArticleLoad(11)).resolves.toEqual(answer(true));
    expect(releaseMock).not.toHaveBeenCalled();
  });

  it('without a click, is dropped after a while and the lock it took is released', async () => {
    jest.useFakeTimers();
    fetchMock.mockResolvedValue(answer(true));
    startArticleLoadOnPress(12);
    jest.advanceTimersByTime(PRESS_CLAIM_MS - 1);
    expect(releaseMock).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(releaseMock).toHaveBeenCalledWith(12, '2026-01-01 10:15:00');
    expect(takeArticleLoad(12)).toBeUndefined();
  });
});
