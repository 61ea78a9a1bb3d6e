import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useRight } from 'shared';
import { useMemo } from 'react';
import { useLiveListRefresh } from '../../presence';
import type { ArticleListItem, Creator } from '../api/articlesApi';
import type { ArticleListState } from '../hooks/useArticleList';
import { useBulkActions } from '../hooks/useBulkActions';
import { useRowActions, useRowRights } from '../hooks/useRowActions';
import { LIST_PREFIX, NS } from '../i18n';
import { toggleSort } from '../model/filterModel';
import { ArticleFilterPanel } from './ArticleFilterPanel';
import { ArticlePager } from './ArticlePager';
import { PlanningFilters } from './PlanningFilters';
import { ArticleTable } from './ArticleTable';
import { BulkToolbar } from './BulkToolbar';
import { TrashLink } from './TrashLink';

interface Props {
  list: ArticleListState;
  selectedId: number | null;
  onSelect(article: ArticleListItem): void;
  /** The filter panel's choices, loaded with the list (the route loader). */
  categoryTree: unknown;
  creators: readonly Creator[];
}

/** Filter panel (view_all_articles), refresh link, the article table with its row actions, and the pager. */
export function ArticleListPanel({ list, selectedId, onSelect, categoryTree, creators }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const { filter, items, total, totalIsEstimate, trashTotal, error, busy, apply, refresh, refreshInBackground } = list;
  // Other users' changes to the rows shown refresh them (live presence).
  useLiveListRefresh(
    useMemo(() => items.map((item) => item.id), [items]),
    refreshInBackground,
    busy,
  );
  const canFilter = useRight('view_all_articles');
  const { rights, userId } = useRowRights();
  // Each change reloads the list (revalidates the loader with the same filter).
  const actions = useRowActions(refresh);
  const bulk = useBulkActions(filter, items, refresh);
  return (
    <Flex vertical gap={8}>
      {canFilter && <ArticleFilterPanel filter={filter} onChange={apply} categoryTree={categoryTree} creators={creators} />}
      <PlanningFilters filter={filter} onChange={apply} />
      <Flex justify="space-between" align="flex-start" gap={8}>
        <TrashLink filter={filter} trashTotal={trashTotal} onChange={apply} />
        <Typography.Link onClick={refresh} aria-disabled={busy} data-testid="refresh-articles">
          <ReloadOutlined spin={busy} /> {t('refresh')}
        </Typography.Link>
      </Flex>
      {error && <Alert type="error" showIcon title={error} />}
      <BulkToolbar bulk={bulk} />
      <ArticleTable
        items={items}
        filter={filter}
        loading={busy}
        selectedId={selectedId}
        onSelect={onSelect}
        onSort={(column) => apply(toggleSort(filter, column))}
        rights={rights}
        userId={userId}
        actions={actions}
        selection={bulk}
      />
      {/* Spec section 2: the filters, page size included, show with view_all_articles. */}
      <ArticlePager
        filter={filter}
        total={total}
        totalIsEstimate={totalIsEstimate}
        rowsOnPage={items.length}
        onChange={apply}
        showPageSize={canFilter}
      />
    </Flex>
  );
}
