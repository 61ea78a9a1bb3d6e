// The editor's buttons below the form: Close, Duplicate, Save and submit (a draft), Schedule (an
// approver), Save.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { useTranslation } from 'react-i18next';
import type { SaveMode } from '../hooks/useArticleEditor';
import { EDITOR_PREFIX, NS } from '../i18n';

export interface EditorActionsProps {
  busy: boolean;
  /** A save is on its way (Duplicate shows it). */
  saving: boolean;
  /** The form may not be changed (read-only). */
  disabled: boolean;
  /** The article is stored (Duplicate needs it). */
  stored: boolean;
  canSubmit: boolean;
  canSchedule: boolean;
  onClose(): void;
  onRun(mode: SaveMode): void;
}

export function EditorActions({ busy, saving, disabled, stored, canSubmit, canSchedule, onClose, onRun }: EditorActionsProps) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  return (
    <Flex gap={8} wrap justify="flex-end" data-testid="editor-actions">
      <Button onClick={onClose}>{t('actions.close')}</Button>
      <Button onClick={() => onRun('copy')} disabled={busy || !stored} loading={busy && saving}>
        {t('actions.duplicate')}
      </Button>
      {canSubmit && (
        <Button onClick={() => onRun('submit')} disabled={busy || disabled}>
          {t('actions.saveSubmit')}
        </Button>
      )}
      {canSchedule && (
        <Button onClick={() => onRun('schedule')} disabled={busy || disabled} data-testid="editor-schedule">
          {t('actions.schedule')}
        </Button>
      )}
      <Button type="primary" onClick={() => onRun('save')} disabled={busy || disabled}>
        {t('actions.save')}
      </Button>
    </Flex>
  );
}
