import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { ArticleListItem } from '../api/articlesApi';
import { LIST_PREFIX, NS } from '../i18n';

/** A row's planning under its title: who it is assigned to, its deadline, overdue (in words). Nothing when unplanned. */
export function PlanningLine({ article }: { article: ArticleListItem }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  if (article.assignees.length === 0 && article.deadline === null && !article.overdue) return null;
  const parts: string[] = [];
  if (article.assignees.length > 0) parts.push(t('planning.assignedTo', { names: article.assignees.map((user) => user.name).join(', ') }));
  if (article.deadline !== null) {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(article.deadline));
    parts.push(t('planning.due', { date }));
  }
  return (
    <div data-testid="planning-line">
      {article.overdue && (
        <Tag color="red" data-testid="overdue-tag">
          {t('planning.overdue')}
        </Tag>
      )}
      <Typography.Text style={{ fontSize: 12 }}>{parts.join(' · ')}</Typography.Text>
    </div>
  );
}
