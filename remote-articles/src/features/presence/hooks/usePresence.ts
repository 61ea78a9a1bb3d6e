// The presence stream as React sees it: the live lock of one article, and article changes as they
// come. Every user of these hooks holds the tab's one connection open while mounted.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LockEvent } from 'contracts/schemas/events';
import { presenceClient } from '../api/presenceClient';
import type { ArticleChange } from '../model/presenceStore';

/** The live edit lock of an article (null: free or not known to be held); `articleId` null: none. */
export function useArticleLock(articleId: number | null): LockEvent | null {
  useEffect(() => presenceClient.retain(), []);
  const { store } = presenceClient;
  const read = () => (articleId === null ? null : store.lockOf(articleId));
  return useSyncExternalStore(store.subscribeLocks, read, read);
}

/** Calls `onChange` (the latest one given) for every article change and every resync. */
export function useArticleChanges(onChange: (change: ArticleChange) => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const release = presenceClient.retain();
    const stop = presenceClient.store.subscribeChanges((change) => latest.current(change));
    return () => {
      stop();
      release();
    };
  }, []);
}
