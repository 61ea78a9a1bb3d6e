// What the editor says above its form: why it is read-only (locked by someone since a time, or
// not yours) and what the user can do, other users' live presence, kept changes to restore, and
// the last failed save.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared';
import { EditorPresenceNotices, type EditorPresence } from '../../presence';
import { DraftOffer } from './DraftOffer';
import type { ArticleEditorState } from '../hooks/useArticleEditor';
import { EDITOR_PREFIX, NS } from '../i18n';
import type { ReadOnlyReason } from '../model/readOnly';

export interface EditorNoticesProps {
  editor: ArticleEditorState;
  reason: ReadOnlyReason | null;
  presence: EditorPresence;
  canTakeOver: boolean;
  canCreate: boolean;
  /** The form holds edits not saved yet. */
  hasEdits: boolean;
  /** A time as the user reads it (their language, short). */
  formatTime(iso: string | null | undefined): string;
  /** Read the article again, the edits typed last kept as a draft first. */
  onReloadKeepingEdits(): void;
  /** Put the kept draft into the form. */
  onRestoreDraft(): void;
}

export function EditorNotices({ editor, reason, presence, canTakeOver, canCreate, hasEdits, formatTime, ...on }: EditorNoticesProps) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  return (
    <>
      {reason?.kind === 'locked' && (
        <Alert
          type="warning"
          showIcon
          data-testid="editor-lock"
          title={t('lock.heldBy', { name: reason.name, time: formatTime(reason.since) })}
          description={`${t('lock.readOnly')} ${canTakeOver ? t('lock.canTakeOver') : t('lock.askToClose', { name: reason.name })}`}
          action={
            canTakeOver ? (
              <Button size="small" onClick={() => void editor.takeOver()}>
                {t('lock.takeOver')}
              </Button>
            ) : undefined
          }
        />
      )}
      {reason?.kind === 'notYours' && (
        <Alert
          type="info"
          showIcon
          data-testid="editor-read-only"
          title={reason.submitter ? t('readOnly.notYoursNamed', { name: reason.submitter }) : t('readOnly.notYours')}
          description={`${t('readOnly.needsRight')} ${canCreate ? t('readOnly.whatToDoDuplicate') : t('readOnly.whatToDo')}`}
        />
      )}
      {reason?.kind === 'outsideScope' && (
        <Alert
          type="info"
          showIcon
          data-testid="editor-read-only"
          title={t('readOnly.outsideScope')}
          description={t('readOnly.outsideScopeWhatToDo')}
        />
      )}
      <EditorPresenceNotices
        presence={presence}
        editingNow={reason?.kind === 'notYours' && editor.lock?.held_by && !editor.lock.mine ? editor.lock.held_by.name : null}
        hasEdits={hasEdits}
        onReload={on.onReloadKeepingEdits}
      />
      {editor.draft && editor.editable && editor.initialValues && (
        <DraftOffer
          draft={editor.draft}
          loaded={editor.initialValues}
          formatTime={formatTime}
          onRestore={on.onRestoreDraft}
          onDiscard={editor.dismissDraft}
        />
      )}
      {editor.saveError && (
        <Alert type="error" showIcon closable data-testid="editor-save-error" title={errorText(editor.saveError.failure)} />
      )}
    </>
  );
}
