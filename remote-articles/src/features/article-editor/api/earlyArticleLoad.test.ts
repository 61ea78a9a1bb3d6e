import { fetchArticle, releaseLock } from './editorApi';
import { dropArticleLoad, startArticleLoad, takeArticleLoad } from './earlyArticleLoad';
import type { ArticleEditData } from '../model/types';

jest.mock('./editorApi');
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
