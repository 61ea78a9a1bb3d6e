import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, toast } from 'shared';
import { EDITOR, signIn } from 'shared/test/fixtures';
import { setupStub } from 'shared/test/stubServer';
import { articleEdit } from 'contracts/testing/fixtures';
import * as api from '../api/editorApi';
import { createDraftStore } from '../model/draftStorage';
import { articleToForm } from '../model/formMapping';
import type { ArticleEditData } from '../model/types';
import { LOCK_HEARTBEAT_MS, useArticleEditor } from './useArticleEditor';

jest.mock('../api/editorApi');
const mocked = api as jest.Mocked<typeof api>;

const article = articleEdit({ id: 5, title: 'T', version: 2 });
const loaded = (mine: boolean): ArticleEditData => ({
  article,
  topics: [],
  html: '',
  lock: { held_by: mine ? { id: 3, name: 'Me' } : { id: 9, name: 'Ann' }, since: '2024-05-01T10:00:00Z', mine, expires: null },
});

const memory = () => {
  const data = new Map<string, string>();
  return createDraftStore({
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  });
};

beforeEach(async () => {
  // Signed in as user 3 through shared's real session (the stub server answers the sign-in).
  await signIn(setupStub(), 'tok-editor', [], { ...EDITOR, id: 3 });
  jest.resetAllMocks();
  mocked.releaseLock.mockResolvedValue(null);
  jest.spyOn(toast, 'warning').mockImplementation(() => ({}) as never);
});
afterEach(() => jest.useRealTimers());

describe('useArticleEditor: the edit lock', () => {
  it('renews the lock while held and releases it on unmount', async () => {
    jest.useFakeTimers();
    mocked.fetchArticle.mockResolvedValue(loaded(true));
    mocked.renewLock.mockResolvedValue(loaded(true).lock);
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.editable).toBe(true);
    await act(async () => {
      jest.advanceTimersByTime(LOCK_HEARTBEAT_MS);
    });
    expect(mocked.renewLock).toHaveBeenCalledWith(5);
    unmount();
    expect(mocked.releaseLock).toHaveBeenCalledWith(5, null);
  });

  it('frees the lock a new article got at its first save when the editor closes', async () => {
    const fresh: ArticleEditData = {
      ...loaded(true),
      article: { ...article, id: 0, version: 0 },
      lock: { held_by: null, since: null, mine: true, expires: null },
    };
    mocked.fetchArticle.mockResolvedValue(fresh);
    mocked.saveArticle.mockResolvedValue({ id: 42, version: 1 } as never);
    const { result, unmount } = renderHook(() => useArticleEditor(0, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      await result.current.save(articleToForm(fresh.article), 'save', {
        submitted: 's',
        saved: 'Saved',
        duplicated: () => 'd',
      });
    });
    expect(mocked.saveArticle).toHaveBeenCalled();
    unmount();
    expect(mocked.releaseLock).toHaveBeenCalledWith(42, null);
  });

  it("releases with the lock's newest expiry, so the same user's other tab that renewed it since keeps it", async () => {
    jest.useFakeTimers();
    const opened = { ...loaded(true).lock, expires: '2024-05-01T10:15:00.000Z' };
    mocked.fetchArticle.mockResolvedValue({ ...loaded(true), lock: opened });
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    mocked.renewLock.mockResolvedValue({ ...opened, expires: '2024-05-01T10:19:00.000Z' });
    await act(async () => {
      jest.advanceTimersByTime(LOCK_HEARTBEAT_MS);
    });
    unmount();
    expect(mocked.releaseLock).toHaveBeenCalledWith(5, '2024-05-01T10:19:00.000Z');
  });

  it('turns read-only when the lock was taken over (423 on renew)', async () => {
    jest.useFakeTimers();
    mocked.fetchArticle.mockResolvedValue(loaded(true));
    mocked.renewLock.mockRejectedValue(new ApiError('Ann took over', 423, 423));
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.editable).toBe(true));
    await act(async () => {
      jest.advanceTimersByTime(LOCK_HEARTBEAT_MS);
    });
    await waitFor(() => expect(result.current.editable).toBe(false));
    expect(toast.warning).toHaveBeenCalledWith('Ann took over');
    unmount();
    // Not ours any more: nothing to release.
    expect(mocked.releaseLock).not.toHaveBeenCalled();
  });

  it("someone else's lock: read-only, no heartbeat, no release", async () => {
    jest.useFakeTimers();
    mocked.fetchArticle.mockResolvedValue(loaded(false));
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.editable).toBe(false);
    await act(async () => {
      jest.advanceTimersByTime(LOCK_HEARTBEAT_MS * 2);
    });
    expect(mocked.renewLock).not.toHaveBeenCalled();
    unmount();
    expect(mocked.releaseLock).not.toHaveBeenCalled();
  });

  it('a failed load shows the message and can be retried', async () => {
    mocked.fetchArticle.mockRejectedValueOnce(new ApiError('Article 5 not found', 404, 404)).mockResolvedValueOnce(loaded(true));
    const { result } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Article 5 not found');
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('a new article (id 0) is editable and never locks', async () => {
    mocked.fetchArticle.mockResolvedValue({ ...loaded(true), article: { ...article, id: 0 } });
    const { result, unmount } = renderHook(() => useArticleEditor(0, memory()));
    await waitFor(() => expect(result.current.editable).toBe(true));
    unmount();
    expect(mocked.releaseLock).not.toHaveBeenCalled();
  });
});
