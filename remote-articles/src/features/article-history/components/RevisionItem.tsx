import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { revisionSummary, type Language } from 'contracts/rules/revision-diff';
import type { RevisionSummary } from '../api/historyApi';
import { HISTORY_PREFIX, NS } from '../i18n';

export interface RevisionItemProps {
  revision: RevisionSummary;
  /** The newest revision: marked current, never restored. */
  current: boolean;
  chosen: boolean;
  canRestore: boolean;
  onChoose(): void;
  onRestore(): void;
}

/** One revision: its tick box (to compare), version, who and when, what changed in one line, and Restore. */
export function RevisionItem({ revision, current, chosen, canRestore, onChoose, onRestore }: RevisionItemProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: HISTORY_PREFIX });
  const { token } = theme.useToken();
  const language: Language = i18n.language?.startsWith('de') ? 'de' : 'en';
  const who = revision.user?.name || (revision.source === 'import' ? t('byImport') : t('unknownUser'));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(revision.created));
  return (
    <li
      data-testid="history-item"
      data-revision={revision.id}
      style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex gap={8} align="flex-start" justify="space-between">
        <Checkbox checked={chosen} onChange={onChoose} aria-label={t('choose', { version: revision.version })}>
          <Flex vertical gap={2}>
            <span>
              <strong>{t('version', { version: revision.version })}</strong>
              {current && (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  {t('current')}
                </Tag>
              )}
            </span>
            <span>
              {who} · <time dateTime={revision.created}>{time}</time>
            </span>
            <Typography.Text type="secondary" data-testid="history-summary">
              {revisionSummary(revision, language)}
            </Typography.Text>
          </Flex>
        </Checkbox>
        {!current && canRestore && (
          <Button size="small" onClick={onRestore} aria-label={t('restoreLabel', { version: revision.version })}>
            {t('restore')}
          </Button>
        )}
      </Flex>
    </li>
  );
}
