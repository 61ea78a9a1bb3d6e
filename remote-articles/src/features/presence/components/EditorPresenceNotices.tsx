import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
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
      {presence.deleted && <Alert type="error" showIcon role="status" data-testid="presence-deleted" title={t('deleted')} />}
      {presence.takenBy !== null && (
        <Alert
          type="warning"
          showIcon
          role="status"
          data-testid="presence-taken"
          title={t('takenBy', { name: presence.takenBy })}
          description={t('takenKeepEdits')}
        />
      )}
      {presence.freedBy !== null && (
        <Alert
          type="info"
          showIcon
          role="status"
          data-testid="presence-freed"
          title={t('freed', { name: presence.freedBy })}
          description={presence.changed ? undefined : t('freedReload')}
          action={presence.changed ? undefined : reload}
        />
      )}
      {presence.changed && (
        <Alert
          type="warning"
          showIcon
          role="status"
          data-testid="presence-changed"
          title={t('changed')}
          description={hasEdits ? t('changedKeepEdits') : t('changedReload')}
          action={reload}
        />
      )}
      {editingNow !== null && (
        <Alert type="info" showIcon role="status" data-testid="presence-editing" title={t('editingNow', { name: editingNow })} />
      )}
    </>
  );
}
