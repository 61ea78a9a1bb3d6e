// The History panel of the article editor: the article's revisions, newest first
// (who, when, what changed in one line), two chosen ones compared side by side, and Restore with a
// confirmation (a new save on the server: lock and version rules apply).
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCancelledRequest, toast, errorMessage } from 'shared';
import { revisionSummary, type Language } from 'contracts/rules/revision-diff';
import { fetchRevision, fetchRevisions, restoreRevision, type Revision, type RevisionPage, type RevisionSummary } from '../api/historyApi';
import { HISTORY_PREFIX, NS } from '../i18n';
import { comparedPair, toggleChoice } from '../model/choice';
import { RevisionComparison } from './RevisionComparison';

export const HISTORY_PAGE_SIZE = 10;

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
  const { t, i18n } = useTranslation(NS, { keyPrefix: HISTORY_PREFIX });
  const { token } = theme.useToken();
  const language: Language = i18n.language?.startsWith('de') ? 'de' : 'en';
  const [modal, modalHolder] = Modal.useModal();
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; data: RevisionPage | null; error: string | null }>({
    status: 'loading',
    data: null,
    error: null,
  });
  const [chosen, setChosen] = useState<number[]>([]);
  const [versions, setVersions] = useState<Record<number, number>>({});
  const [comparison, setComparison] = useState<{ older: Revision; newer: Revision } | null>(null);
  const [comparing, setComparing] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    fetchRevisions(articleId, { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE }, controller.signal).then(
      (data) => {
        setState({ status: 'ready', data, error: null });
        setVersions((known) => ({ ...known, ...Object.fromEntries(data.items.map((item) => [item.id, item.version])) }));
      },
      (error: unknown) => {
        if (isCancelledRequest(error)) return;
        setState({ status: 'error', data: null, error: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [articleId, page, attempt, version]);

  const formatTime = useCallback(
    (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)),
    [i18n.language],
  );

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

  const who = (revision: RevisionSummary) => revision.user?.name || (revision.source === 'import' ? t('byImport') : t('unknownUser'));
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
            <li
              key={revision.id}
              data-testid="history-item"
              data-revision={revision.id}
              style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
            >
              <Flex gap={8} align="flex-start" justify="space-between">
                <Checkbox
                  checked={chosen.includes(revision.id)}
                  onChange={() => setChosen((current) => toggleChoice(current, revision.id))}
                  aria-label={t('choose', { version: revision.version })}
                >
                  <Flex vertical gap={2}>
                    <span>
                      <strong>{t('version', { version: revision.version })}</strong>
                      {revision.id === newestId && (
                        <Tag color="blue" style={{ marginInlineStart: 8 }}>
                          {t('current')}
                        </Tag>
                      )}
                    </span>
                    <span>
                      {who(revision)} · <time dateTime={revision.created}>{formatTime(revision.created)}</time>
                    </span>
                    <Typography.Text type="secondary" data-testid="history-summary">
                      {revisionSummary(revision, language)}
                    </Typography.Text>
                  </Flex>
                </Checkbox>
                {revision.id !== newestId && canRestore && (
                  <Button size="small" onClick={() => restore(revision)} aria-label={t('restoreLabel', { version: revision.version })}>
                    {t('restore')}
                  </Button>
                )}
              </Flex>
            </li>
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
