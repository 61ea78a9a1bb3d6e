// Saving the article from the editor: save, submit, schedule or save a copy, with what the save
// means for the lock, the known version and the local draft.
import { useCallback, useState, type MutableRefObject } from 'react';
import { errorMessage, isApiError, toast } from 'shared';
import { saveArticle, scheduleArticle, submitArticle } from '../api/editorApi';
import { mergeDataOf, type MergeData } from '../api/workingCopyApi';
import type { DraftStore } from '../model/draftStorage';
import { formToPayload, type EditorFormValues } from '../model/formMapping';
import type { HeldLock } from './useEditLock';

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
  /** A stale save (409): what a three-way merge with the article now needs. */
  merge?: MergeData;
  /** Who saved the article meanwhile, when the 409 names them. */
  changedBy?: string | null;
}

export interface SaveTexts {
  submitted: string;
  scheduled: string;
  saved: string;
  duplicated: (id: number) => string;
}

/** The last failed save: its status and the error, shown by shared's errorText in the language of now. */
export type SaveError = { status: number; failure: unknown } | null;

interface SaveContext {
  articleId: number;
  userId: number | null;
  lockRef: MutableRefObject<HeldLock>;
  storeRef: MutableRefObject<DraftStore>;
  /** The version this editor's own save produced (live presence compares versions). */
  setKnownVersion(version: number): void;
  /** The draft offer is done with once the server holds the article. */
  dropDraft(): void;
}

/** After a good save: submit or schedule it when asked (a failure there leaves it saved). */
async function followUp(mode: SaveMode, saved: { id: number; version: number }, texts: SaveTexts): Promise<SaveOutcome> {
  if (mode === 'copy') {
    toast.success(texts.duplicated(saved.id));
    return { ok: true, saved: true, id: saved.id };
  }
  if (mode === 'submit' || mode === 'schedule') {
    try {
      if (mode === 'submit') await submitArticle(saved.id);
      else await scheduleArticle(saved.id, saved.version);
    } catch (failure) {
      // Saved but not submitted or scheduled: the caller reopens the saved article (a new one has its id now).
      const message = errorMessage(failure);
      toast.error(message);
      return { ok: false, saved: true, id: saved.id, message };
    }
    toast.success(mode === 'submit' ? texts.submitted : texts.scheduled);
    return { ok: true, saved: true, id: saved.id };
  }
  toast.success(texts.saved);
  return { ok: true, saved: true, id: saved.id };
}

export function useArticleSave({ articleId, userId, lockRef, storeRef, setKnownVersion, dropDraft }: SaveContext) {
  const [saveError, setSaveError] = useState<SaveError>(null);
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (values: EditorFormValues, mode: SaveMode, texts: SaveTexts): Promise<SaveOutcome> => {
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
        dropDraft();
        return await followUp(mode, result, texts);
      } catch (failure) {
        // Stale: the editor merges with what was saved meanwhile (and shows what clashes) instead of refusing.
        const merge = mergeDataOf(failure);
        if (merge && mode !== 'copy') {
          const name = isApiError(failure) ? failure.params?.name : undefined;
          return { ok: false, status: 409, merge, changedBy: typeof name === 'string' ? name : null };
        }
        const message = errorMessage(failure);
        const statusCode = isApiError(failure) ? failure.status || failure.code : 0;
        setSaveError({ status: statusCode, failure });
        // Spec section 8: article and submit failures show the response text as an error toast.
        toast.error(message);
        return { ok: false, status: statusCode, message };
      } finally {
        setSaving(false);
      }
    },
    [articleId, userId, lockRef, storeRef, setKnownVersion, dropDraft],
  );

  return { save, saving, saveError };
}
