import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'shared';
import { EDITOR, signIn } from 'shared/test/fixtures';
import { fail, inTurn, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { articleEdit } from 'contracts/testing/fixtures';
import { createDraftStore } from '../model/draftStorage';
import { articleToForm } from '../model/formMapping';
import type { ArticleEditData } from '../model/types';
import { LOCK_HEARTBEAT_MS, useArticleEditor } from './useArticleEditor';

// The editor's calls are answered at the network by the stub server (the real editorApi and shared's
// HTTP client run).
const ARTICLE = '/api/portal/article';
let server: StubServer;
const renewals = () => server.callsTo('post', '/api/portal/lock/:id/renew').map((call) => call.url);
/** The lock releases the server got (their URLs: with `?expires=` when the editor had one). */
const releases = () => server.callsTo('post', '/api/portal/lock/:id/release').map((call) => call.url);
/** Lets the requests started so far reach the stub server (promise callbacks only: works under fake timers too). */
async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

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
  server = setupStub().on('post', '/api/portal/lock/:id/release', ok(null));
  await signIn(server, 'tok-editor', [], { ...EDITOR, id: 3 });
  jest.restoreAllMocks();
  jest.spyOn(toast, 'warning').mockImplementation(() => ({}) as never);
});
afterEach(() => jest.useRealTimers());

describe('useArticleEditor: the edit lock', () => {
  it('renews the lock while held and releases it on unmount', async () => {
    jest.useFakeTimers();
    server.on('get', ARTICLE, ok(loaded(true))).on('post', '/api/portal/lock/5/renew', ok(loaded(true).lock));
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.editable).toBe(true);
    await act(async () => {
      jest.advanceTimersByTime(LOCK_HEARTBEAT_MS);
    });
    expect(renewals()).toEqual(['/api/portal/lock/5/renew']);
    unmount();
    await settle();
    expect(releases()).toEqual(['/api/portal/lock/5/release']);
  });

  it('frees the lock a new article got at its first save when the editor closes', async () => {
    const fresh: ArticleEditData = {
      ...loaded(true),
      article: { ...article, id: 0, version: 0 },
      lock: { held_by: null, since: null, mine: true, expires: null },
    };
    server.on('get', ARTICLE, ok(fresh)).on('post', ARTICLE, ok({ id: 42, version: 1 }));
    const { result, unmount } = renderHook(() => useArticleEditor(0, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      await result.current.save(articleToForm(fresh.article), 'save', {
        submitted: 's',
        scheduled: 'sc',
        saved: 'Saved',
        duplicated: () => 'd',
      });
    });
    expect(server.bodies('post', ARTICLE)).toEqual([expect.objectContaining({ id: '0', version: '0', title: 'T' })]);
    unmount();
    await settle();
    expect(releases()).toEqual(['/api/portal/lock/42/release']);
  });

  it("releases with the lock's newest expiry, so the same user's other tab that renewed it since keeps it", async () => {
    jest.useFakeTimers();
    const opened = { ...loaded(true).lock, expires: '2024-05-01T10:15:00.000Z' };
    server.on('get', ARTICLE, ok({ ...loaded(true), lock: opened }));
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    server.on('post', '/api/portal/lock/5/renew', ok({ ...opened, expires: '2024-05-01T10:19:00.000Z' }));
    await act(async () => {
      jest.advanceTimersByTime(LOCK_HEARTBEAT_MS);
    });
    unmount();
    await settle();
    expect(releases()).toEqual([`/api/portal/lock/5/release?expires=${encodeURIComponent('2024-05-01T10:19:00.000Z')}`]);
  });

  it('the page going away frees the lock with a call that outlives the page; back from the cache, the article is read (and locked) again', async () => {
    const mineUntil = { ...loaded(true).lock, expires: '2024-05-01T10:15:00.000Z' };
    server.on('get', ARTICLE, ok({ ...loaded(true), lock: mineUntil }));
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    });
    await settle();
    const sent = server.callsTo('post', '/api/portal/lock/:id/release');
    expect(sent.map((call) => call.url)).toEqual([`/api/portal/lock/5/release?expires=${encodeURIComponent(mineUntil.expires)}`]);
    expect(sent[0]!.keepalive).toBe(true);
    expect(sent[0]!.headers.get('AUTHENTICATION')).toBe('tok-editor');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(server.callsTo('get', ARTICLE)).toHaveLength(2));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    unmount();
    await settle();
    // Held again since the page came back: closing frees it once more, and only then.
    expect(releases()).toHaveLength(2);
  });

  it('turns read-only when the lock was taken over (423 on renew)', async () => {
    jest.useFakeTimers();
    server.on('get', ARTICLE, ok(loaded(true))).on('post', '/api/portal/lock/5/renew', fail(423, 'Ann took over'));
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.editable).toBe(true));
    await act(async () => {
      jest.advanceTimersByTime(LOCK_HEARTBEAT_MS);
    });
    await waitFor(() => expect(result.current.editable).toBe(false));
    expect(toast.warning).toHaveBeenCalledWith('Ann took over');
    unmount();
    await settle();
    // Not ours any more: nothing to release.
    expect(releases()).toEqual([]);
  });

  it("someone else's lock: read-only, no heartbeat, no release", async () => {
    jest.useFakeTimers();
    server.on('get', ARTICLE, ok(loaded(false)));
    const { result, unmount } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.editable).toBe(false);
    await act(async () => {
      jest.advanceTimersByTime(LOCK_HEARTBEAT_MS * 2);
    });
    expect(renewals()).toEqual([]);
    unmount();
    await settle();
    expect(releases()).toEqual([]);
  });

  it('a failed load shows the message and can be retried', async () => {
    server.on('get', ARTICLE, inTurn(fail(404, 'Article 5 not found'), ok(loaded(true))));
    const { result } = renderHook(() => useArticleEditor(5, memory()));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Article 5 not found');
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('a new article (id 0) is editable and never locks', async () => {
    server.on('get', ARTICLE, ok({ ...loaded(true), article: { ...article, id: 0 } }));
    const { result, unmount } = renderHook(() => useArticleEditor(0, memory()));
    await waitFor(() => expect(result.current.editable).toBe(true));
    unmount();
    await settle();
    expect(releases()).toEqual([]);
  });
});
