// The edit lock as this editor holds it: released when the editor closes or the page goes away,
// and renewed while held (spec section 4; the server frees a lock after 15 minutes without activity).
import { useCallback, useEffect, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import { isApiError, toast } from 'shared';
import { releaseLock, renewLock } from '../api/editorApi';
import type { EditLock } from '../model/types';

/** Renew the edit lock well inside the server's 15 minutes without activity. */
export const LOCK_HEARTBEAT_MS = 4 * 60 * 1000;

/**
 * The lock this editor holds. `expires`: its expiry as this editor last got it, sent with the release
 * so that closing this tab does not free a lock the same user's other tab renewed since; null = release outright.
 */
export interface HeldLock {
  id: number;
  mine: boolean;
  expires: string | null;
}

/**
 * Releases the lock when the editor closes (unmount, another article) and at once when the page goes
 * away (not after the server's 15 minutes); back from the browser's cache, `onBackFromCache` (a stable
 * callback) reads and locks the article again. Returns the release for an explicit close.
 */
export function useLockRelease(articleId: number, lockRef: MutableRefObject<HeldLock>, onBackFromCache: () => void): () => void {
  const release = useCallback(() => {
    const held = lockRef.current;
    if (held.id > 0 && held.mine) {
      lockRef.current = { ...held, mine: false };
      // Closing must not wait for this; the server lock also expires on its own.
      releaseLock(held.id, held.expires).catch(() => undefined);
    }
  }, [lockRef]);

  // Release on unmount (Close, another article selected, leaving the screen).
  useEffect(() => release, [articleId, release]);

  useEffect(() => {
    let freed = false;
    const hide = () => {
      const held = lockRef.current;
      if (held.id < 1 || !held.mine) return;
      freed = true;
      lockRef.current = { ...held, mine: false };
      releaseLock(held.id, held.expires, true).catch(() => undefined);
    };
    const show = (event: PageTransitionEvent) => {
      if (!event.persisted || !freed) return;
      freed = false;
      onBackFromCache();
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
    };
    // Listened to once: the handlers read the lock through the ref, and the callback is stable.
  }, [lockRef, onBackFromCache]);

  return release;
}

/** Renews the lock every LOCK_HEARTBEAT_MS while this user holds it; a 423 (taken over) makes the form read-only. */
export function useLockHeartbeat(
  articleId: number,
  lock: EditLock | null,
  setLock: Dispatch<SetStateAction<EditLock | null>>,
  lockRef: MutableRefObject<HeldLock>,
): void {
  useEffect(() => {
    if (articleId === 0 || !lock?.mine) return undefined;
    const timer = window.setInterval(() => {
      renewLock(articleId).then(
        (next) => {
          if (next && typeof next === 'object' && 'mine' in next) {
            setLock(next);
            lockRef.current = { id: articleId, mine: !!next.mine, expires: next.expires ?? null };
          }
        },
        (failure: unknown) => {
          // 423: someone took the lock over; the form turns read-only.
          if (isApiError(failure) && (failure.status === 423 || failure.code === 423)) {
            setLock((current) => (current ? { ...current, mine: false } : current));
            lockRef.current = { id: articleId, mine: false, expires: null };
            toast.warning(failure.message);
          }
        },
      );
    }, LOCK_HEARTBEAT_MS);
    return () => window.clearInterval(timer);
    // Restarted when the article or whether the lock is held changes, not at each renewal (setLock and the ref are stable).
  }, [articleId, lock?.mine, setLock, lockRef]);
}
