// Loading, locking, saving and closing one article in the editor (spec section 4 "Article
// editing"; the lock and version rules): useArticleLoad, useEditLock and useArticleSave put together.
// The form itself lives in the component; this hook holds what comes from and goes to the server.
import { useCallback, useRef, useState } from 'react';
import { errorMessage, toast, useSession } from 'shared';
import { takeLock } from '../api/editorApi';
import { discardWorkingCopy } from '../api/workingCopyApi';
import { createDraftStore, type DraftStore, type StoredDraft } from '../model/draftStorage';
import type { EditorFormValues } from '../model/formMapping';
import type { ArticleEditData, EditLock } from '../model/types';
import { useArticleLoad, type LoadStatus } from './useArticleLoad';
import { useArticleSave, type SaveError, type SaveMode, type SaveOutcome, type SaveTexts } from './useArticleSave';
import { useLockHeartbeat, useLockRelease, type HeldLock } from './useEditLock';
import { useServerDraft } from './useWorkingCopy';

export { LOCK_HEARTBEAT_MS } from './useEditLock';
export type { SaveMode, SaveOutcome } from './useArticleSave';

export interface ArticleEditorState {
  status: LoadStatus;
  error: string | null;
  data: ArticleEditData | null;
  /** The loaded article as form values (the form's initial values). */
  initialValues: EditorFormValues | null;
  lock: EditLock | null;
  /** False while someone else holds the lock: the form is read-only. */
  editable: boolean;
  /** Kept changes (this browser's draft or the server's working copy, the later) that differ from the loaded article, offered back. */
  draft: StoredDraft | null;
  /** The last failed save (conflicts stay visible beside the form). */
  saveError: SaveError;
  saving: boolean;
  /** Counts successful loads (the form remounts with each new copy of the article). */
  loadCount: number;
  /** The article's version as this editor knows it (loaded, or returned by its own save). */
  knownVersion: number | null;
  /** The lock as the live presence stream says it is now (someone took it over, or freed it). */
  applyLiveLock(lock: EditLock): void;
  reload(): void;
  takeOver(): Promise<void>;
  save(values: EditorFormValues, mode: SaveMode, texts: SaveTexts): Promise<SaveOutcome>;
  /** Keep the form in local storage (crash and closed-tab recovery). */
  keepDraft(values: EditorFormValues): void;
  dismissDraft(): void;
  /** Stop offering the kept changes (they are in the form now). */
  hideDraft(): void;
  /** Release the lock (when held) and forget the draft offer. */
  release(): void;
}

const defaultStore = (): DraftStore => createDraftStore(typeof window === 'undefined' ? null : window.localStorage);

export function useArticleEditor(articleId: number, store: DraftStore = defaultStore()): ArticleEditorState {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const [attempt, setAttempt] = useState(0);
  const storeRef = useRef(store);
  const lockRef = useRef<HeldLock>({ id: articleId, mine: false, expires: null });
  const loaded = useArticleLoad({ articleId, attempt, userId, storeRef, lockRef });
  const { status, lock, setLock, setDraft, setKnownVersion } = loaded;

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const release = useLockRelease(articleId, lockRef, reload);
  useLockHeartbeat(articleId, lock, setLock, lockRef);

  const applyLiveLock = useCallback(
    (next: EditLock) => {
      setLock(next);
      // Not held here any more: closing must not try to free someone else's lock.
      if (!next.mine) lockRef.current = { ...lockRef.current, mine: false };
      else if (lockRef.current.id === articleId) lockRef.current = { ...lockRef.current, expires: next.expires ?? null };
    },
    [articleId, setLock],
  );

  const takeOver = useCallback(async () => {
    try {
      await takeLock(articleId);
      // Read the newest version after taking over, so the next save is not a conflict.
      reload();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  }, [articleId, reload]);

  const keepDraft = useCallback((values: EditorFormValues) => storeRef.current.save(userId, articleId, values), [articleId, userId]);

  const editable = status === 'ready' && (articleId === 0 || !!lock?.mine);
  useServerDraft({ articleId, editable, loadCount: loaded.loadCount, initialValues: loaded.initialValues, setDraft });

  /** Discard the kept changes: this browser's draft and the working copy on the server. */
  const dismissDraft = useCallback(() => {
    storeRef.current.clear(userId, articleId);
    if (articleId > 0) discardWorkingCopy(articleId).catch(() => undefined);
    setDraft(null);
  }, [articleId, userId, setDraft]);

  const dropDraft = useCallback(() => setDraft(null), [setDraft]);
  const { save, saving, saveError } = useArticleSave({ articleId, userId, lockRef, storeRef, setKnownVersion, dropDraft });

  return {
    status,
    error: loaded.error,
    data: loaded.data,
    initialValues: loaded.initialValues,
    lock,
    editable,
    draft: loaded.draft,
    saveError,
    saving,
    loadCount: loaded.loadCount,
    knownVersion: loaded.knownVersion,
    applyLiveLock,
    reload,
    takeOver,
    save,
    keepDraft,
    dismissDraft,
    hideDraft: dropDraft,
    release,
  };
}
