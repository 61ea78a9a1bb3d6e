import { useTranslation } from 'react-i18next';
import { sortableColumn } from '../../../ui/sortableColumn';
import { LIST_PREFIX, NS } from '../i18n';
import type { ArticleFilter, SortColumn } from '../model/filterModel';

export function ariaSort(filter: ArticleFilter, column: SortColumn): 'ascending' | 'descending' | undefined {
  if (filter.sort !== column) return undefined;
  return filter.sortDir === 'ASC' ? 'ascending' : 'descending';
}

/** The list's sortable columns: the whole header cell sorts; the arrow shows the active column and direction. */
export function useSortableColumn(filter: ArticleFilter, onSort: (column: SortColumn) => void) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  return (column: SortColumn, label: string) => {
    const sorted = ariaSort(filter, column);
    return sortableColumn({
      label,
      title: t('sortBy', { column: label }),
      stateText: sorted === 'ascending' ? t('sortedAsc') : t('sortedDesc'),
      sorted,
      onSort: () => onSort(column),
      buttonProps: { 'data-sort-column': column },
    });
  };
}
