// The editor's autosave on the server (the user's working copy): sent while the user types (model/
// autosave: at most every 5 s, nothing while idle) and as the page goes away or the editor closes;
// on opening, a working copy that differs from the article is offered back like this browser's draft.
import type { FormInstance } from 'antd/es/form';
import { useEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import { discardWorkingCopy, fetchWorkingCopy, putWorkingCopy } from '../api/workingCopyApi';
import { createAutosave, type Autosave } from '../model/autosave';
import { draftDiffers, draftOfCopy, newerDraft, type StoredDraft } from '../model/draftStorage';
import type { EditorFormValues } from '../model/formMapping';

/** The autosave of this editor's form; sends only while `enabled` (a stored article the user may edit). */
export function useServerAutosave(articleId: number, form: FormInstance<EditorFormValues>, enabled: boolean): Autosave {
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const autosave = useMemo(
    () =>
      createAutosave({
        send: (leaving) =>
          enabledRef.current ? putWorkingCopy(articleId, form.getFieldsValue(true) as EditorFormValues, leaving) : Promise.resolve(),
      }),
    [articleId, form],
  );
  useEffect(() => {
    const leave = () => void autosave.flush(true);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      // Closed without saving: what was typed last goes to the server too.
      leave();
      autosave.dispose();
    };
  }, [autosave]);
  return autosave;
}

interface ServerDraftContext {
  articleId: number;
  /** Loaded, with the edit lock held by this user (only then may they edit, and have a working copy). */
  editable: boolean;
  loadCount: number;
  initialValues: EditorFormValues | null;
  setDraft: Dispatch<SetStateAction<StoredDraft | null>>;
}

/** After each load: the user's working copy on the server, offered when it differs and is later than this browser's draft. */
export function useServerDraft({ articleId, editable, loadCount, initialValues, setDraft }: ServerDraftContext): void {
  const valuesRef = useRef(initialValues);
  valuesRef.current = initialValues;
  useEffect(() => {
    if (!editable || articleId <= 0) return;
    let cancelled = false;
    fetchWorkingCopy(articleId).then(
      (copy) => {
        const loaded = valuesRef.current;
        const server = draftOfCopy(copy);
        if (cancelled || !server || !loaded) return;
        // The server already holds what the copy says: nothing to offer, nothing to keep.
        if (!draftDiffers(server, loaded)) discardWorkingCopy(articleId).catch(() => undefined);
        else setDraft((local) => newerDraft(local, server));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [articleId, editable, loadCount, setDraft]);
}
