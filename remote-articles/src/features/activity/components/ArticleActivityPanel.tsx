// The article editor's own activity: who created, changed, approved, featured it and
// when, newest first, a few at a time. Loaded when the article opens and after each save.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCancelledRequest } from 'shared';
import { fetchArticleActivity, type ActivityEntry } from '../api/activityApi';
import { actorName, EntryChanges, formatWhen, useActivityText } from './EntryParts';

const STEP = 5;

export interface ArticleActivityPanelProps {
  articleId: number;
  /** Changes when the article was saved: the panel loads again. */
  refreshKey?: unknown;
}

export function ArticleActivityPanel({ articleId, refreshKey }: ArticleActivityPanelProps) {
  const t = useActivityText();
  const { i18n } = useTranslation();
  const [limit, setLimit] = useState(STEP);
  const [state, setState] = useState<{ items: ActivityEntry[]; total: number; failed: boolean; loading: boolean }>({
    items: [],
    total: 0,
    failed: false,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    fetchArticleActivity(articleId, { limit }, controller.signal).then(
      (page) => setState({ items: page.items, total: page.total, failed: false, loading: false }),
      (error: unknown) => {
        if (!isCancelledRequest(error)) setState((previous) => ({ ...previous, failed: true, loading: false }));
      },
    );
    return () => controller.abort();
  }, [articleId, limit, refreshKey, attempt]);

  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 14, margin: 0 }}>{t('panel.title')}</h2>}
      data-testid="article-activity"
      style={{ marginTop: 16 }}
    >
      {state.failed ? (
        <Alert
          type="error"
          showIcon
          title={t('panel.failed')}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('panel.retry')}
            </Button>
          }
        />
      ) : state.items.length === 0 ? (
        <Typography.Text type="secondary">{state.loading ? '…' : t('panel.empty')}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-busy={state.loading}>
            {state.items.map((entry) => (
              <li key={entry.id} data-testid="article-activity-entry" style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
                <div>
                  <Typography.Text strong>
                    {t('panel.by', { action: t(`actions.${entry.action}`), who: actorName(entry, t) })}
                  </Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    <time dateTime={entry.at}>{formatWhen(entry.at, i18n.language)}</time>
                  </Typography.Text>
                </div>
                <EntryChanges entry={entry} />
              </li>
            ))}
          </ol>
          {state.total > state.items.length && (
            <Button
              size="small"
              onClick={() => setLimit((n) => Math.min(100, n + STEP * 2))}
              loading={state.loading}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('panel.more')}
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
}
