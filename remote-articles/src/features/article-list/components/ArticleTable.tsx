import Checkbox from 'antd/es/checkbox';
import { LongText } from 'shared/ui/LongText';
import { RecordTable } from 'shared/ui/RecordTable';
import { ROW_ACTIONS_COMPACT_BELOW, RowActionsMenu, useViewportBelow } from 'shared/ui/RowActionsMenu';
import type { ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { openIntentHandlers } from '../../article-editor';
import { EditingMark } from '../../presence';
import type { ArticleListItem } from '../api/articlesApi';
import { LIST_PREFIX, NS } from '../i18n';
import { publicUrl } from 'contracts/rules/article-state';
import type { ArticleFilter, SortColumn } from '../model/filterModel';
import type { RowActionRunner } from '../hooks/useRowActions';
import { rowRightsOf, type RowRights } from '../model/rowActions';
import type { HeaderState } from '../model/selection';
import { PlanningLine } from './PlanningLine';
import { ArticleRowActions } from './ArticleRowActions';
import { useSortableColumn } from './SortHeader';

interface Props {
  items: ArticleListItem[];
  filter: ArticleFilter;
  loading?: boolean;
  selectedId: number | null;
  onSelect(article: ArticleListItem): void;
  onSort(column: SortColumn): void;
  rights: RowRights;
  userId: number | null;
  actions: RowActionRunner;
  /** Row checkboxes and select-all-on-this-page for the bulk actions. */
  selection?: RowSelection;
}

export interface RowSelection {
  header: HeaderState;
  isSelected(id: number): boolean;
  toggleRow(id: number, checked: boolean): void;
  toggleAll(checked: boolean): void;
}

/** A click or key in the checkbox cell ticks the box, it does not open the article (the row's own click). */
const KEEP_IN_CELL = {
  onClick: (event: React.MouseEvent) => event.stopPropagation(),
  onKeyDown: (event: React.KeyboardEvent) => event.stopPropagation(),
} as React.HTMLAttributes<HTMLElement>;

export function submitterOf(article: ArticleListItem, unknown: string): string {
  const name = article.author?.trim();
  return name ? name : unknown;
}

/** The title, and "being edited by N" while someone holds the article's edit lock (live presence). */
function withMark(title: React.ReactNode, articleId: number) {
  return (
    <>
      {title}
      <EditingMark articleId={articleId} />
    </>
  );
}

/** The filtered article table: ID, Title, Submitter and the row actions (status icon, access, newsletter and featured toggles, delete). */
export function ArticleTable({ items, filter, loading, selectedId, onSelect, onSort, rights, userId, actions, selection }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const { token } = theme.useToken();
  const compact = useViewportBelow(ROW_ACTIONS_COMPACT_BELOW);

  const sortable = useSortableColumn(filter, onSort);

  const selectColumn: ColumnsType<ArticleListItem> = selection
    ? [
        {
          key: 'select',
          width: 40,
          title: (
            <Checkbox
              checked={selection.header.checked}
              indeterminate={selection.header.indeterminate}
              disabled={selection.header.disabled}
              onChange={(event) => selection.toggleAll(event.target.checked)}
              aria-label={t('bulk.selectAll')}
              data-testid="select-all"
            />
          ),
          onCell: () => KEEP_IN_CELL,
          render: (_: unknown, article) => (
            <Checkbox
              checked={selection.isSelected(article.id)}
              onChange={(event) => selection.toggleRow(article.id, event.target.checked)}
              aria-label={t('bulk.selectRow', { id: article.id })}
              data-testid="select-row"
            />
          ),
        },
      ]
    : [];

  const columns: ColumnsType<ArticleListItem> = [
    ...selectColumn,
    { key: 'id', dataIndex: 'id', width: 80, ...sortable('id', t('columns.id')) },
    {
      key: 'title',
      ...sortable('title', t('columns.title')),
      render: (_: unknown, article) => {
        const url = publicUrl(article);
        // A long title wraps (at most 3 lines, the full text on hover): Submitter and the actions stay in view.
        const planning = <PlanningLine article={article} />;
        if (!url)
          return withMark(
            <>
              <LongText text={article.title} />
              {planning}
            </>,
            article.id,
          );
        return withMark(
          <>
            <Typography.Link
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              title={t('openPublic')}
              onClick={(event) => event.stopPropagation()}
            >
              <LongText text={article.title} />
            </Typography.Link>
            {planning}
          </>,
          article.id,
        );
      },
    },
    {
      key: 'submitter',
      // A phone's width is left to the title.
      responsive: ['sm'],
      ...sortable('submitter', t('columns.submitter')),
      render: (_: unknown, article) => submitterOf(article, t('unknownSubmitter')),
    },
    {
      key: 'actions',
      title: '',
      onHeaderCell: () => ({ 'aria-label': t('columns.actions') }) as React.HTMLAttributes<HTMLElement>,
      width: compact ? 48 : 170,
      align: 'center',
      render: (_: unknown, article) => (
        <RowActionsMenu label={t('actions.menu', { id: article.id })}>
          <ArticleRowActions article={article} rights={rowRightsOf(rights, article)} userId={userId} actions={actions} />
        </RowActionsMenu>
      ),
    },
  ];

  return (
    <RecordTable<ArticleListItem>
      columns={columns}
      dataSource={items}
      loading={loading}
      // antd draws the empty text in its disabled grey (1.8:1 on white); muted text that reads (theme: 4.5:1 or more).
      locale={{ emptyText: <Typography.Text type="secondary">{t('noRecords')}</Typography.Text> }}
      onRow={(article) => ({
        // A click opens the article: hovering and pressing the row start loading it.
        ...openIntentHandlers(article.id),
        onClick: () => onSelect(article),
        onKeyDown: (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onSelect(article);
          }
        },
        tabIndex: 0,
        'aria-selected': article.id === selectedId,
        'data-article-id': article.id,
        style: {
          cursor: 'pointer',
          background: article.id === selectedId ? token.controlItemBgActive : undefined,
        },
      })}
    />
  );
}
