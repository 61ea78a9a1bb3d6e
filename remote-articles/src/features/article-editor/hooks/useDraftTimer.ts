// When the form's edits go to the draft store (this browser's local storage): after a typing pause,
// and at once when the page goes away, before a save, or before a reload of the article.
import { useCallback, useEffect, useRef } from 'react';

export const DRAFT_DELAY_MS = 600;

export interface DraftTimer {
  /** Write with `keep` after the typing pause (a later call replaces a pending one). */
  schedule(keep: () => void): void;
  /** Write the pending draft now (nothing when none is pending). */
  flush(): void;
}

export function useDraftTimer(): DraftTimer {
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<(() => void) | null>(null);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    pending.current?.();
    pending.current = null;
  }, []);

  const schedule = useCallback(
    (keep: () => void) => {
      window.clearTimeout(timer.current);
      pending.current = keep;
      timer.current = window.setTimeout(flush, DRAFT_DELAY_MS);
    },
    [flush],
  );

  // Closing the tab: the pending draft is written at once instead of after the typing pause.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [flush]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { schedule, flush };
}
