// The History panel of the article editor: the article's revisions, newest first
// (who, when, what changed in one line), two chosen ones compared side by side, and Restore with a
// confirmation (a new save on the server: lock and version rules apply).
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, errorMessage } from 'shared';
import { fetchRevision, restoreRevision, type Revision, type RevisionSummary } from '../api/historyApi';
import { HISTORY_PAGE_SIZE, useRevisionPage } from '../hooks/useRevisionPage';
import { HISTORY_PREFIX, NS } from '../i18n';
import { comparedPair, toggleChoice } from '../model/choice';
import { RevisionComparison } from './RevisionComparison';
import { RevisionItem } from './RevisionItem';

export { HISTORY_PAGE_SIZE };

export interface ArticleHistoryProps {
  articleId: number;
  /** The version the editor has open (sent with a restore: a stale one is refused). */
  version: number;
  /** False while another user holds the edit lock: restoring is not offered. */
  canRestore: boolean;
  /** A restore was saved: the editor shows the article again. */
  onRestored(result: { version: number }): void;
}

export function ArticleHistory({ articleId, version, canRestore, onRestored }: ArticleHistoryProps) {
  const { t } = useTranslation(NS, { keyPrefix: HISTORY_PREFIX });
  const [modal, modalHolder] = Modal.useModal();
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const { state, versions } = useRevisionPage(articleId, page, version, attempt);
  const [chosen, setChosen] = useState<number[]>([]);
  const [comparison, setComparison] = useState<{ older: Revision; newer: Revision } | null>(null);
  const [comparing, setComparing] = useState(false);

  const compare = async () => {
    const pair = comparedPair(chosen);
    if (!pair) return;
    setComparing(true);
    try {
      const [older, newer] = await Promise.all([fetchRevision(articleId, pair[0]), fetchRevision(articleId, pair[1])]);
      setComparison({ older, newer });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setComparing(false);
    }
  };

  const restore = (revision: RevisionSummary) => {
    void modal.confirm({
      title: t('confirmTitle', { version: revision.version }),
      content: t('confirmBody'),
      okText: t('confirmOk'),
      cancelText: t('confirmCancel'),
      onOk: async () => {
        try {
          const restored = await restoreRevision(articleId, revision.id, version);
          toast.success(t('restored', { from: revision.version, version: restored.version }));
          setChosen([]);
          setComparison(null);
          setPage(1);
          onRestored({ version: restored.version });
        } catch (error) {
          // 409 (someone saved meanwhile), 423 (locked), 400 (the form rules): the server's coded message.
          toast.error(errorMessage(error));
        }
      },
    });
  };

  const newestId = page === 1 ? state.data?.items[0]?.id : undefined;
  const pair = comparedPair(chosen);

  return (
    <Flex vertical gap={12} data-testid="article-history">
      {modalHolder}
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('intro')}</Typography.Paragraph>
      {!canRestore && <Alert type="info" showIcon title={t('cannotRestoreLocked')} />}
      {state.status === 'error' && (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed', { message: state.error ?? '' })}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </Button>
          }
        />
      )}
      {state.status === 'loading' && !state.data && <Skeleton active aria-label={t('loading')} />}
      {state.data && state.data.total === 0 && <Typography.Paragraph>{t('empty')}</Typography.Paragraph>}
      {state.data && state.data.items.length > 0 && (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-busy={state.status === 'loading'} data-testid="history-list">
          {state.data.items.map((revision) => (
            <RevisionItem
              key={revision.id}
              revision={revision}
              current={revision.id === newestId}
              chosen={chosen.includes(revision.id)}
              canRestore={canRestore}
              onChoose={() => setChosen((current) => toggleChoice(current, revision.id))}
              onRestore={() => restore(revision)}
            />
          ))}
        </ol>
      )}
      {state.data && state.data.total > HISTORY_PAGE_SIZE && (
        <nav aria-label={t('pagination')}>
          <Pagination
            size="small"
            current={page}
            pageSize={HISTORY_PAGE_SIZE}
            total={state.data.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        </nav>
      )}
      <Flex gap={8} align="center" wrap>
        <Button type="primary" onClick={() => void compare()} disabled={!pair} loading={comparing} data-testid="history-compare">
          {t('compare')}
        </Button>
        <Button onClick={() => setChosen([])} disabled={chosen.length === 0}>
          {t('clear')}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {t('chosen', { count: chosen.length })}
          {pair && versions[pair[0]] !== undefined && versions[pair[1]] !== undefined
            ? ` (${t('comparing', { older: versions[pair[0]], newer: versions[pair[1]] })})`
            : ''}
        </Typography.Text>
      </Flex>
      {comparison && (
        <Flex vertical gap={8}>
          <RevisionComparison older={comparison.older} newer={comparison.newer} />
          <Button onClick={() => setComparison(null)} style={{ alignSelf: 'flex-start' }}>
            {t('closeComparison')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
