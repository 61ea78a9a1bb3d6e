// What pressing Save, Save and submit, Schedule or Duplicate does: validate every field (the hidden
// panels' too), say why a save cannot go ahead, keep the last edits as a draft while the save is on
// its way, then save and close, reload or open the article the save answered with. A stale save is
// merged with what was saved meanwhile (model/mergeForm): saved again at once when nothing clashes,
// else the clashing fields wait for the user's choice (`merge`, shown by MergeDialog).
import type { FormInstance } from 'antd/es/form';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'shared';
import { parsePublishTime } from 'contracts/rules/article-schedule';
import type { MergeData } from '../api/workingCopyApi';
import type { Autosave } from '../model/autosave';
import { mergeForm, type FormMerge } from '../model/mergeForm';
import type { ArticleEditorState, SaveMode } from './useArticleEditor';
import { EDITOR_PREFIX, NS } from '../i18n';
import { dateTimeForServer } from '../model/dates';
import type { EditorFormValues } from '../model/formMapping';
import { SAVE_BLOCK_MESSAGE, saveBlock } from '../model/validation';

export interface EditorSaveOptions {
  editor: ArticleEditorState;
  form: FormInstance<EditorFormValues>;
  /** Mounts the collapsed panels' fields so that they are validated too. */
  mountAllPanels(): void;
  /** Opens these panels (beside what is open) to show a field the save needs. */
  openPanels(keys: 'publishing' | 'all'): void;
  /** The edits typed last go to the draft store now. */
  flushDraft(): void;
  onClose(): void;
  onSaved(): void;
  onOpen(id: number): void;
  onSaveState?(state: 'running' | 'saved' | 'failed'): void;
  /** The working copy on the server: settled before a save (which discards it), resumed when the save fails. */
  autosave?: Autosave;
}

/** A stale save whose merge left fields for the user to decide. */
export interface PendingMerge {
  mode: SaveMode;
  result: FormMerge;
  /** Who saved meanwhile (null: someone else, or not known). */
  name: string | null;
}

export interface EditorSave {
  busy: boolean;
  run(mode: SaveMode): Promise<void>;
  merge: PendingMerge | null;
  /** The user's choice for each clashing field: put into the merged form and saved. */
  resolveMerge(chosen: Partial<EditorFormValues>): void;
  /** Not now: the form keeps the user's text (its next save merges again). */
  cancelMerge(): void;
}

/** A save merged again and still stale this many times in a row: someone keeps saving; the user decides. */
const MERGE_ATTEMPTS = 3;

/** Counts the fields that fail their rules (0: all valid). */
async function invalidFields(form: FormInstance<EditorFormValues>): Promise<number> {
  try {
    await form.validateFields();
    return 0;
  } catch (error) {
    return (error as { errorFields?: unknown[] }).errorFields?.length ?? 1;
  }
}

const startsAhead = (values: EditorFormValues) => (parsePublishTime(dateTimeForServer(values.publish_up))?.getTime() ?? 0) > Date.now();

export function useEditorSave(options: EditorSaveOptions): EditorSave {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const [busy, setBusy] = useState(false);
  const [merge, setMerge] = useState<PendingMerge | null>(null);
  const busyRef = useRef(false);
  const { editor, form } = options;

  /** Why the values may not be saved (said as a toast), or false when they may. */
  const refused = (mode: SaveMode, values: EditorFormValues, invalid: number): boolean => {
    if (mode === 'schedule' && !startsAhead(values)) {
      // Scheduling needs its time: said before anything is saved, beside the field.
      options.openPanels('publishing');
      toast.error(t('messages.scheduleNeedsTime'));
      return true;
    }
    const block = saveBlock(values.images?.length ?? 0, invalid);
    if (!block) return false;
    // Show every panel so the red fields are visible, hidden ones included.
    if (block === 'invalid') options.openPanels('all');
    toast.error(t(SAVE_BLOCK_MESSAGE[block]));
    return true;
  };

  /** A stale save: merged; saved again when nothing clashes, else the clashes wait for the user. */
  const merged = async (
    mode: SaveMode,
    values: EditorFormValues,
    data: MergeData,
    name: string | null,
    attempt: number,
  ): Promise<boolean> => {
    const result = mergeForm(values, data);
    if (result.conflicts.length > 0 || attempt >= MERGE_ATTEMPTS) {
      setMerge({ mode, result, name });
      return false;
    }
    form.setFieldsValue(result.values);
    toast.info(t('merge.merged'));
    return store(mode, result.values, attempt + 1);
  };

  /** Saves; answers whether the article was stored. */
  const store = async (mode: SaveMode, values: EditorFormValues, attempt = 0): Promise<boolean> => {
    // The edits typed last go to the draft store now, not after the typing pause (which would bring
    // back the draft a good save clears): kept if the page goes away before the save has answered.
    options.flushDraft();
    // No autosave may land after the save (which discards the working copy on the server).
    await options.autosave?.settle();
    const outcome = await editor.save(values, mode, {
      saved: t('messages.saved'),
      submitted: t('messages.submitted'),
      scheduled: t('messages.scheduled'),
      duplicated: (id) => t('messages.duplicated', { id }),
    });
    if (outcome.merge) return merged(mode, values, outcome.merge, outcome.changedBy ?? null, attempt);
    // Not stored: the form is the user's unsaved work again, kept on the server.
    if (!outcome.saved) options.autosave?.changed();
    if (outcome.ok && mode === 'save') {
      // A plain save closes the editor (spec section 4); closing reloads the list (one reload).
      editor.release();
      options.onClose();
      return outcome.saved === true;
    }
    if (outcome.saved) options.onSaved();
    if (outcome.saved && outcome.id !== undefined) {
      // Same article: read it again here (a remount would release and retake the lock in a race).
      const currentId = editor.initialValues?.id ?? 0;
      if (outcome.id === currentId && currentId > 0) editor.reload();
      else options.onOpen(outcome.id);
    }
    return outcome.saved === true;
  };

  const run = async (mode: SaveMode) => {
    if (busyRef.current || (!editor.editable && mode !== 'copy')) return;
    busyRef.current = true;
    setBusy(true);
    options.onSaveState?.('running');
    let stored = false;
    try {
      // The collapsed panels' fields take part in the validation: mounted now if not yet.
      options.mountAllPanels();
      const invalid = await invalidFields(form);
      const values = form.getFieldsValue(true) as EditorFormValues;
      if (!refused(mode, values, invalid)) stored = await store(mode, values);
    } finally {
      busyRef.current = false;
      setBusy(false);
      options.onSaveState?.(stored ? 'saved' : 'failed');
    }
  };

  return {
    busy,
    run,
    merge,
    resolveMerge(chosen) {
      if (!merge) return;
      form.setFieldsValue({ ...merge.result.values, ...chosen });
      setMerge(null);
      void run(merge.mode);
    },
    cancelMerge: () => setMerge(null),
  };
}
