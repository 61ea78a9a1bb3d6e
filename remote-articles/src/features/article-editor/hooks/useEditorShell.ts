// Everything the article editor holds besides the article itself (useArticleEditor): the rights it
// asks about, the form instance, the open panels, the first paint, the draft timer, other users'
// presence, the main category's choices and the save. One instance lives as long as the editor
// shows one article, loading and reloading included.
import Form, { type FormInstance } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { useRight, useSession } from 'shared';
import { allowedChoices, mainCategoryChoices } from 'contracts/rules/categories';
import { useEditorPresence } from '../../presence';
import type { ArticleEditorProps } from '../components/ArticleEditor';
import { restoreDraft } from '../model/draftStorage';
import type { EditorFormValues } from '../model/formMapping';
import { OPEN_AT_START, PANELS } from '../model/panels';
import { useArticleEditor, type ArticleEditorState } from './useArticleEditor';
import { useCategoryTree } from './useCategoryTree';
import { useDraftTimer, type DraftTimer } from './useDraftTimer';
import { useEditorPaint } from './useEditorPaint';
import { useEditorSave } from './useEditorSave';
import { useFormatTime } from './useFormatTime';
import { useServerAutosave } from './useWorkingCopy';
import type { Autosave } from '../model/autosave';

/** Everything the editor holds besides the article: rights, the form, open panels, drafts, presence, saving. */
export function useEditorShell(props: ArticleEditorProps) {
  const editor = useArticleEditor(props.articleId);
  const rights = { takeOver: useRight('edit_all_articles'), create: useRight('create_article'), approve: useRight('approve_article') };
  const userId = useSession().user?.id ?? null;
  const [form] = Form.useForm<EditorFormValues>();
  const tree = useCategoryTree(props.categoryTree);
  const [open, setOpen] = useState<string[]>(OPEN_AT_START);
  const paint = useEditorPaint(editor.status === 'ready', editor.loadCount);
  const draft = useDraftTimer();
  const formatTime = useFormatTime();

  // A new copy of the article (reload, take over, after submit): the form shows it as loaded.
  // (A remounted Form keeps the values of its form instance; resetFields applies the new ones.)
  useEffect(() => {
    if (editor.loadCount > 0) form.resetFields();
  }, [editor.loadCount, form]);

  // Other users opening, taking over or freeing the lock, or saving the article, live.
  const presence = useEditorPresence({
    articleId: props.articleId,
    userId,
    ready: editor.status === 'ready',
    loadCount: editor.loadCount,
    lock: editor.lock,
    version: editor.knownVersion,
    saving: editor.saving,
    onLock: editor.applyLiveLock,
  });

  const watchedTopics = Form.useWatch('topics', form) as number[] | undefined;
  const initialTopics = editor.initialValues?.topics;
  // Scoped roles: only the main categories the article may be saved into are offered (the API's list; absent: any).
  const allowed = editor.data?.allowed_category_ids;
  const choices = useMemo(
    () => allowedChoices(mainCategoryChoices(tree, watchedTopics ?? initialTopics ?? []), allowed),
    [tree, watchedTopics, initialTopics, allowed],
  );

  // The form's edits go to the server as the user's working copy too (a stored article they may edit).
  const autosave = useServerAutosave(props.articleId, form, editor.editable && props.articleId > 0);
  const drafts = draftActions(editor, form, draft, autosave);
  const save = useEditorSave({
    ...props,
    editor,
    form,
    autosave,
    mountAllPanels: paint.mountAllPanels,
    openPanels: (keys) => setOpen((now) => (keys === 'all' ? [...PANELS] : now.includes(keys) ? now : [...now, keys])),
    flushDraft: drafts.flush,
  });
  const close = () => {
    editor.release();
    props.onClose();
  };
  return { editor, rights, userId, form, tree, open, setOpen, paint, drafts, formatTime, presence, choices, save, close };
}

export type EditorShell = ReturnType<typeof useEditorShell>;

/** What keeps the form's edits in this browser (the draft store) and on the server (the working copy), and brings kept edits back. */
function draftActions(editor: ArticleEditorState, form: FormInstance<EditorFormValues>, timer: DraftTimer, autosave: Autosave) {
  const keep = () => editor.keepDraft(form.getFieldsValue(true) as EditorFormValues);
  return {
    flush: timer.flush,
    /** A field changed: kept after the typing pause (a read-only form keeps nothing). */
    edited: () => {
      if (!editor.editable) return;
      timer.schedule(keep);
      autosave.changed();
    },
    /** The main image was chosen (not a form field the user types): kept at once. */
    mainImageChanged: (id: number | null) => {
      form.setFieldValue('main_image', id);
      if (!editor.editable) return;
      keep();
      autosave.changed();
    },
    /** Read the article again; the edits typed last go to the draft store first, so the reload offers them back. */
    reloadKeepingEdits: () => {
      timer.flush();
      editor.reload();
    },
    /** The kept changes into the form (and kept again, here and on the server, as the form is now). */
    restore: () => {
      if (editor.draft && editor.initialValues) form.setFieldsValue(restoreDraft(editor.draft, editor.initialValues));
      editor.hideDraft();
      keep();
      autosave.changed();
    },
  };
}
