// The offer of kept changes (this browser's draft or the working copy on the server, the later):
// "Restore your unsaved changes from {time}", what restoring would change (a word diff of the text
// fields, the other fields by name), Restore and Discard.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from 'contracts/rules/revision-diff';
import { EDITOR_PREFIX, NS } from '../i18n';
import { draftChanges } from '../model/draftChanges';
import type { StoredDraft } from '../model/draftStorage';
import type { EditorFormValues } from '../model/formMapping';
import { DiffText } from './DiffText';

export interface DraftOfferProps {
  draft: StoredDraft;
  loaded: EditorFormValues;
  formatTime(iso: string | null | undefined): string;
  onRestore(): void;
  onDiscard(): void;
}

export function DraftOffer({ draft, loaded, formatTime, onRestore, onDiscard }: DraftOfferProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const language: Language = i18n.language?.startsWith('de') ? 'de' : 'en';
  const changes = useMemo(() => draftChanges(loaded, { ...loaded, ...draft.values }, language), [loaded, draft, language]);
  const title = t('draft.found', { time: formatTime(draft.savedAt) });
  return (
    <Alert
      type="info"
      showIcon
      data-testid="editor-draft"
      title={title}
      description={
        <Flex vertical gap={4}>
          {draft.version !== loaded.version && <span>{t('draft.newerOnServer')}</span>}
          <section aria-label={t('draft.changes')} data-testid="editor-draft-changes" style={{ maxHeight: 240, overflow: 'auto' }}>
            {changes.length === 0 && <Typography.Text>{t('draft.noChanges')}</Typography.Text>}
            {changes.map((change) => (
              <div key={change.field}>
                <Typography.Text strong>{change.label}: </Typography.Text>
                {change.kind === 'text' ? <DiffText parts={change.parts} /> : <span>{t('draft.changed')}</span>}
              </div>
            ))}
          </section>
        </Flex>
      }
      action={
        <Flex gap={8}>
          <Button size="small" type="primary" onClick={onRestore}>
            {t('draft.restore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('draft.discard')}
          </Button>
        </Flex>
      }
    />
  );
}
