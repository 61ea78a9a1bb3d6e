// The article edit form of the portal's right column (spec section 2 "Article edit form",
// section 4 "Article editing", section 5): a shell that loads the article (useArticleEditor),
// follows other users' presence, keeps drafts (useDraftTimer) and saves (useEditorSave), around
// the form's panels (EditorForm), the notices above them and the buttons below.
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { mayEditArticle, submitApplies } from 'contracts/rules/article-state';
import { scheduleApplies } from 'contracts/rules/article-schedule';
import { HistoryButton } from '../../article-history';
import { useEditorShell, type EditorShell } from '../hooks/useEditorShell';
import { EDITOR_PREFIX, NS } from '../i18n';
import type { EditorFormValues } from '../model/formMapping';
import { readOnlyReason } from '../model/readOnly';
import { scheduleStatus } from '../model/scheduleStatus';
import type { CategoryNode, Country } from '../model/types';
import { EditorActions } from './EditorActions';
import { EditorForm } from './EditorForm';
import { EditorNotices } from './EditorNotices';
import { EditorPlaceholder } from './EditorPlaceholder';
import { MergeDialog } from './MergeDialog';

export interface ArticleEditorProps {
  /** 0 = a new article. */
  articleId: number;
  /** Close the editor (the portal reloads the list). */
  onClose(): void;
  /** Something was stored: reload the list. */
  onSaved(): void;
  /** Show another article in the editor (the copy after Duplicate, the saved one after submit). */
  onOpen(id: number): void;
  /** A save started ('running') and how it ended ('saved': stored on the server, else 'failed'). */
  onSaveState?(state: 'running' | 'saved' | 'failed'): void;
  /** The category tree and countries when already loaded (the portal's route loader); else fetched here. */
  categoryTree?: CategoryNode[];
  countries?: Country[];
}

export function ArticleEditor(props: ArticleEditorProps) {
  const shell = useEditorShell(props);
  const { editor } = shell;
  if (editor.status !== 'ready' || !editor.initialValues) {
    return <EditorPlaceholder articleId={props.articleId} editor={editor} onClose={props.onClose} />;
  }
  return <LoadedEditor shell={shell} props={props} initialValues={editor.initialValues} />;
}

/** The loaded article's editor: its heading, notices, form and buttons. */
function LoadedEditor({ shell, props, initialValues }: { shell: EditorShell; props: ArticleEditorProps; initialValues: EditorFormValues }) {
  const { editor, form, rights, userId } = shell;
  const currentId = initialValues.id;
  const loaded = editor.data?.article;
  const reason = readOnlyOf(shell, props.articleId);
  // Scoped roles: editable somewhere, but not in this article's category (the API says so).
  const outsideScope = editor.data?.outside_scope === true;
  // Spec section 4: submitting applies to a draft only (a new article is one).
  const state = loaded?.state ?? initialValues.state;
  const reloadAndList = () => {
    editor.reload();
    props.onSaved();
  };

  return (
    <Card
      ref={shell.paint.cardRef}
      size="small"
      title={<EditorHeading id={currentId} scheduled={loaded ? scheduleStatus(loaded, new Date()).kind === 'scheduled' : false} />}
      data-testid="article-editor"
      extra={
        <EditorExtra
          shell={shell}
          mayEdit={mayEditArticle(loaded?.created_by, userId, rights.takeOver) && !outsideScope}
          onRestored={() => {
            editor.dismissDraft();
            reloadAndList();
          }}
        />
      }
    >
      <Flex vertical gap={8}>
        <EditorNotices
          editor={editor}
          reason={reason}
          presence={shell.presence}
          canTakeOver={rights.takeOver && !outsideScope}
          canCreate={rights.create}
          hasEdits={editor.editable && form.isFieldsTouched()}
          formatTime={shell.formatTime}
          onReloadKeepingEdits={shell.drafts.reloadKeepingEdits}
          onRestoreDraft={shell.drafts.restore}
        />
        <EditorForm
          form={form}
          loadCount={editor.loadCount}
          initialValues={initialValues}
          disabled={!editor.editable}
          tree={shell.tree}
          choices={shell.choices}
          allowedCategoryIds={editor.data?.allowed_category_ids}
          countries={props.countries}
          allPanels={shell.paint.allPanels}
          open={shell.open}
          onOpenChange={shell.setOpen}
          titleRef={shell.paint.titleRef}
          publishing={{ article: loaded, canApprove: rights.approve, onChanged: reloadAndList }}
          articleId={Number(currentId) || 0}
          onEdited={shell.drafts.edited}
          onMainImageChange={shell.drafts.mainImageChanged}
        />
        <EditorActions
          busy={shell.save.busy}
          saving={editor.saving}
          disabled={!editor.editable}
          stored={!!currentId}
          canSubmit={submitApplies(state)}
          // An approver schedules a draft, an awaiting or an Unpublished article (a Scheduled one: for its new time).
          canSchedule={rights.approve && scheduleApplies(state)}
          onClose={shell.close}
          onRun={(mode) => void shell.save.run(mode)}
        />
      </Flex>
      {shell.save.merge && <MergeDialog merge={shell.save.merge} onResolve={shell.save.resolveMerge} onCancel={shell.save.cancelMerge} />}
    </Card>
  );
}

/** Why the form is read-only, said beside it with what the user can do (not yours / locked by N since T); null when editable. */
function readOnlyOf({ editor, userId, rights }: EditorShell, articleId: number) {
  if (editor.editable) return null;
  const loaded = editor.data?.article;
  return readOnlyReason({
    articleId,
    createdBy: loaded?.created_by,
    submitter: loaded?.submitter,
    lock: editor.lock,
    userId,
    editAll: rights.takeOver,
    outsideScope: editor.data?.outside_scope === true,
  });
}

/** Beside the heading: the revision history (for whoever may edit the article: the API's rule) and Close. */
function EditorExtra({ shell, mayEdit, onRestored }: { shell: EditorShell; mayEdit: boolean; onRestored(): void }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const { editor } = shell;
  const id = editor.initialValues?.id ?? 0;
  return (
    <Flex gap={8}>
      {id > 0 && mayEdit && (
        <HistoryButton articleId={id} version={editor.initialValues?.version ?? 0} canRestore={editor.editable} onRestored={onRestored} />
      )}
      <Button size="small" onClick={shell.close}>
        {t('actions.close')}
      </Button>
    </Flex>
  );
}

/** "Edit article N" (or "New article"), with a Scheduled tag when the article is. */
function EditorHeading({ id, scheduled }: { id: number; scheduled: boolean }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  return (
    <Flex gap={8} align="center">
      {id ? t('heading', { id }) : t('newHeading')}
      {scheduled && (
        <Tag color="blue" data-testid="editor-scheduled">
          {t('schedule.tag')}
        </Tag>
      )}
    </Flex>
  );
}
