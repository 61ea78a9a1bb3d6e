// Loading, locking, saving and closing one article in the editor (spec section 4 "Article
// editing"; the lock and version rules of the article editor issue). The form itself lives in the
// component; this hook holds what comes from and goes to the server.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, toast, useSession } from 'shared';
import { fetchArticle, releaseLock, renewLock, saveArticle, scheduleArticle, submitArticle, takeLock } from '../api/editorApi';
import { takeArticleLoad } from '../api/earlyArticleLoad';
import { createDraftStore, draftDiffers, type DraftStore, type StoredDraft } from '../model/draftStorage';
import { articleToForm, formToPayload, type EditorFormValues } from '../model/formMapping';
import type { ArticleEditData, EditLock } from '../model/types';

/** Renew the edit lock well inside the server's 15 minutes without activity. */
export const LOCK_HEARTBEAT_MS = 4 * 60 * 1000;

/** schedule: save, then schedule the saved version (an approver's action). */
export type SaveMode = 'save' | 'submit' | 'schedule' | 'copy';

export interface SaveOutcome {
  ok: boolean;
  /** The article was stored (a failed submit after a good save still counts). */
  saved?: boolean;
  /** The saved (or new, for a copy) article id. */
  id?: number;
  /** HTTP status of a failure (409 conflict, 423 lock …). */
  status?: number;
  message?: string;
}

export interface ArticleEditorState {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  data: ArticleEditData | null;
  /** The loaded article as form values (the form's initial values). */
  initialValues: EditorFormValues | null;
  lock: EditLock | null;
  /** False while someone else holds the lock: the form is read-only. */
  editable: boolean;
  /** A stored draft that differs from the loaded article, offered back to the user. */
  draft: StoredDraft | null;
  /** The last failed save (conflicts stay visible beside the form): its status and the error, shown by shared's errorText in the language of now. */
  saveError: { status: number; failure: unknown } | null;
  saving: boolean;
  /** Counts successful loads (the form remounts with each new copy of the article). */
  loadCount: number;
  /** The article's version as this editor knows it (loaded, or returned by its own save). */
  knownVersion: number | null;
  /** The lock as the live presence stream says it is now (someone took it over, or freed it). */
  applyLiveLock(lock: EditLock): void;
  reload(): void;
  takeOver(): Promise<void>;
  save(
    values: EditorFormValues,
    mode: SaveMode,
    texts: { submitted: string; scheduled: string; saved: string; duplicated: (id: number) => string },
  ): Promise<SaveOutcome>;
  /** Keep the form in local storage (crash and closed-tab recovery). */
  keepDraft(values: EditorFormValues): void;
  dismissDraft(): void;
  /** Release the lock (when held) and forget the draft offer. */
  release(): void;
}

const defaultStore = (): DraftStore => createDraftStore(typeof window === 'undefined' ? null : window.localStorage);

export function useArticleEditor(articleId: number, store: DraftStore = defaultStore()): ArticleEditorState {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<ArticleEditorState['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [data, setData] = useState<ArticleEditData | null>(null);
  const [initialValues, setInitialValues] = useState<EditorFormValues | null>(null);
  const [lock, setLock] = useState<EditLock | null>(null);
  const [draft, setDraft] = useState<StoredDraft | null>(null);
  const [saveError, setSaveError] = useState<ArticleEditorState['saveError']>(null);
  const [saving, setSaving] = useState(false);
  const [loadCount, setLoadCount] = useState(0);
  const [knownVersion, setKnownVersion] = useState<number | null>(null);
  const storeRef = useRef(store);
  // `expires`: the lock's expiry as this editor last got it, sent with the release so that closing
  // this tab does not free a lock the same user's other tab renewed since; null = release outright.
  const lockRef = useRef<{ id: number; mine: boolean; expires: string | null }>({ id: articleId, mine: false, expires: null });

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    setError(null);
    // The first load may have started with the click that opened the editor (LazyArticleEditor).
    const early = attempt === 0 ? takeArticleLoad(articleId) : undefined;
    (early ?? fetchArticle(articleId, controller.signal)).then(
      (loaded) => {
        if (controller.signal.aborted) {
          // Closed before the answer came: the lock that load took is not kept.
          if (early && articleId > 0 && loaded.lock?.mine) releaseLock(articleId, loaded.lock.expires).catch(() => undefined);
          return;
        }
        const values = articleToForm(loaded.article, loaded.topics);
        setData(loaded);
        setInitialValues(values);
        setLock(loaded.lock);
        setKnownVersion(Number(loaded.article.version) || 0);
        lockRef.current = { id: articleId, mine: articleId > 0 && !!loaded.lock?.mine, expires: loaded.lock?.expires ?? null };
        const stored = storeRef.current.load(userId, articleId);
        const differs = draftDiffers(stored, values);
        // A draft the server already holds (its save went through before the page went away) is done with.
        if (stored && !differs) storeRef.current.clear(userId, articleId);
        setDraft(differs ? stored : null);
        setLoadCount((n) => n + 1);
        setStatus('ready');
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof Error ? failure.message : String(failure));
        setStatus('error');
      },
    );
    return () => controller.abort();
  }, [articleId, attempt, userId]);

  const release = useCallback(() => {
    const held = lockRef.current;
    if (held.id > 0 && held.mine) {
      lockRef.current = { ...held, mine: false };
      // Closing must not wait for this; the server lock also expires on its own.
      releaseLock(held.id, held.expires).catch(() => undefined);
    }
  }, []);

  // Release on unmount (Close, another article selected, leaving the screen).
  useEffect(() => release, [articleId, release]);

  // The page going away (tab or browser closed, reload, another site) frees the lock at once, not
  // after the server's 15 minutes; back from the browser's cache, the article is read and locked again.
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
      setAttempt((n) => n + 1);
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
    };
  }, []);

  const mine = articleId === 0 || !!lock?.mine;
  // Heartbeat while this user holds the lock.
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
  }, [articleId, lock?.mine]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const applyLiveLock = useCallback(
    (next: EditLock) => {
      setLock(next);
      // Not held here any more: closing must not try to free someone else's lock.
      if (!next.mine) lockRef.current = { ...lockRef.current, mine: false };
      else if (lockRef.current.id === articleId) lockRef.current = { ...lockRef.current, expires: next.expires ?? null };
    },
    [articleId],
  );

  const takeOver = useCallback(async () => {
    try {
      await takeLock(articleId);
      // Read the newest version after taking over, so the next save is not a conflict.
      reload();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  }, [articleId, reload]);

  const keepDraft = useCallback(
    (values: EditorFormValues) => {
      storeRef.current.save(userId, articleId, values);
    },
    [articleId, userId],
  );

  const dismissDraft = useCallback(() => {
    storeRef.current.clear(userId, articleId);
    setDraft(null);
  }, [articleId, userId]);

  const save = useCallback<ArticleEditorState['save']>(
    async (values, mode, texts) => {
      setSaving(true);
      setSaveError(null);
      try {
        const result = await saveArticle(formToPayload(values, { copy: mode === 'copy' }));
        // The save renewed the lock on the server at a time this editor does not know: its next
        // release (Save closes the editor) frees it outright.
        if (mode !== 'copy' && result.id === lockRef.current.id) lockRef.current = { ...lockRef.current, expires: null };
        // This editor's own change, not someone else's (live presence compares versions).
        if (mode !== 'copy' && result.id === articleId) setKnownVersion(result.version);
        // A new article's first save created it with this user's lock: closing the editor frees it.
        if (mode !== 'copy' && lockRef.current.id === 0 && result.id > 0) lockRef.current = { id: result.id, mine: true, expires: null };
        // Stored on the server (for Duplicate: in the copy), so the local draft is no longer needed.
        storeRef.current.clear(userId, articleId);
        setDraft(null);
        if (mode === 'copy') {
          toast.success(texts.duplicated(result.id));
          return { ok: true, saved: true, id: result.id };
        }
        if (mode === 'submit' || mode === 'schedule') {
          try {
            if (mode === 'submit') await submitArticle(result.id);
            else await scheduleArticle(result.id, result.version);
          } catch (failure) {
            // Saved but not submitted or scheduled: the caller reopens the saved article (a new one has its id now).
            const message = failure instanceof Error ? failure.message : String(failure);
            toast.error(message);
            return { ok: false, saved: true, id: result.id, message };
          }
          toast.success(mode === 'submit' ? texts.submitted : texts.scheduled);
          return { ok: true, saved: true, id: result.id };
        }
        toast.success(texts.saved);
        return { ok: true, saved: true, id: result.id };
      } catch (failure) {
        const message = failure instanceof Error ? failure.message : String(failure);
        const statusCode = isApiError(failure) ? failure.status || failure.code : 0;
        setSaveError({ status: statusCode, failure });
        // Spec section 8: article and submit failures show the response text as an error toast.
        toast.error(message);
        return { ok: false, status: statusCode, message };
      } finally {
        setSaving(false);
      }
    },
    [articleId, userId],
  );

  return {
    status,
    error,
    data,
    initialValues,
    lock,
    editable: status === 'ready' && mine,
    draft,
    saveError,
    saving,
    loadCount,
    knownVersion,
    applyLiveLock,
    reload,
    takeOver,
    save,
    keepDraft,
    dismissDraft,
    release,
  };
}
