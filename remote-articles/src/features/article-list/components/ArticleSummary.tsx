import Descriptions from 'antd/es/descriptions';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { ArticleListItem } from '../api/articlesApi';
import { LIST_PREFIX, NS } from '../i18n';
import { displayStateName } from 'contracts/rules/article-schedule';
import { publicUrl } from 'contracts/rules/article-state';
import { formatArticleDate } from '../model/formatDate';
import { ArticleStatusIcon } from './ArticleStatusIcon';
import { Panel } from '../../../ui/Panel';
import { submitterOf } from './ArticleTable';

/** The selected article, read-only (the edit form replaces this in the article editor issue). */
export function ArticleSummary({ article }: { article: ArticleListItem | null }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  if (!article) {
    return (
      <Panel title={t('summary.heading')}>
        <Typography.Text type="secondary">{t('summary.none')}</Typography.Text>
      </Panel>
    );
  }
  const url = publicUrl(article);
  const title = article.title?.trim() || t('summary.noTitle');
  return (
    <Panel title={t('summary.heading')} data-testid="article-summary">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'id', label: t('summary.id'), children: article.id },
          {
            key: 'title',
            label: t('summary.title'),
            children: url ? (
              <Typography.Link href={url} target="_blank" rel="noopener noreferrer" title={t('openPublic')}>
                {title}
              </Typography.Link>
            ) : (
              title
            ),
          },
          {
            key: 'state',
            label: t('summary.state'),
            children: (
              <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                <ArticleStatusIcon article={article} />
                {t(`state.${displayStateName(article, new Date())}`)}
              </span>
            ),
          },
          { key: 'submitter', label: t('summary.submitter'), children: submitterOf(article, t('unknownSubmitter')) },
          { key: 'date', label: t('summary.date'), children: formatArticleDate(article.date, i18n.language) },
          // The publish times, stored in UTC, shown in the user's time zone (the browser's).
          ...(['publishUp', 'publishDown'] as const)
            .map((key) => ({ key, time: key === 'publishUp' ? article.publish_up : article.publish_down }))
            .filter(({ time }) => !!time)
            .map(({ key, time }) => ({ key, label: t(`summary.${key}`), children: formatArticleDate(time, i18n.language) })),
        ]}
      />
    </Panel>
  );
}
