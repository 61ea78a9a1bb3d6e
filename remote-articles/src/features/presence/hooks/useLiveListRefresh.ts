// The article list follows other users' changes: a change to an article on the current page (or a
// resync after the stream was away) refreshes the page in the background. Changes that come close
// together make one refresh, and none starts while the list is loading anyway.
import { useEffect, useRef, useState } from 'react';
import { useArticleChanges } from './usePresence';

/** Changes within this window are one refresh. */
export const LIST_REFRESH_DELAY_MS = 250;

export function useLiveListRefresh(articleIds: readonly number[], refreshInBackground: () => void, busy: boolean): void {
  const [pending, setPending] = useState(false);
  const shown = useRef(new Set<number>());
  useEffect(() => {
    shown.current = new Set(articleIds);
  }, [articleIds]);

  useArticleChanges((change) => {
    if (change.type === 'resync' || shown.current.has(change.article_id)) setPending(true);
  });

  useEffect(() => {
    if (!pending || busy) return undefined;
    const timer = window.setTimeout(() => {
      setPending(false);
      refreshInBackground();
    }, LIST_REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending, busy, refreshInBackground]);
}
