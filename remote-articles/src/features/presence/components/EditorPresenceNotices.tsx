import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorPresence } from '../hooks/useEditorPresence';
import { NS, PRESENCE_PREFIX } from '../i18n';

interface Props {
  presence: EditorPresence;
  /** Someone else holds the lock of an article this user cannot edit anyway (said here, live). */
  editingNow: string | null;
  /** The user has edits in the form (they are kept as a draft across a reload). */
  hasEdits: boolean;
  onReload(): void;
}

/** What other users did to the open article since it was loaded, with a Reload where it helps. */
export function EditorPresenceNotices({ presence, editingNow, hasEdits, onReload }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: PRESENCE_PREFIX });
  const reload = (
    <Button size="small" onClick={onReload} data-testid="presence-reload">
      {t('reload')}
    </Button>
  );
  return (
    <>
      {presence.deleted && <Notice type="error" testId="presence-deleted" title={t('deleted')} />}
      {presence.takenBy !== null && (
        <Notice type="warning" testId="presence-taken" title={t('takenBy', { name: presence.takenBy })} description={t('takenKeepEdits')} />
      )}
      {presence.freedBy !== null && (
        <Notice
          type="info"
          testId="presence-freed"
          title={t('freed', { name: presence.freedBy })}
          description={presence.changed ? undefined : t('freedReload')}
          action={presence.changed ? undefined : reload}
        />
      )}
      {presence.changed && (
        <Notice
          type="warning"
          testId="presence-changed"
          title={t('changed')}
          description={hasEdits ? t('changedKeepEdits') : t('changedReload')}
          action={reload}
        />
      )}
      {editingNow !== null && <Notice type="info" testId="presence-editing" title={t('editingNow', { name: editingNow })} />}
    </>
  );
}

interface NoticeProps {
  type: 'info' | 'warning' | 'error';
  testId: string;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** One notice: an alert with its icon, read out as a status (it comes live, not as an error of the user's). */
function Notice({ type, testId, title, description, action }: NoticeProps) {
  return <Alert type={type} showIcon role="status" data-testid={testId} title={title} description={description} action={action} />;
}
