import CaretDownOutlined from '@ant-design/icons/es/icons/CaretDownOutlined';
import CaretUpOutlined from '@ant-design/icons/es/icons/CaretUpOutlined';
import { useTranslation } from 'react-i18next';
import { LIST_PREFIX, NS } from '../i18n';
import type { ArticleFilter, SortColumn } from '../model/filterModel';

interface Props {
  column: SortColumn;
  label: string;
  filter: ArticleFilter;
  onSort(column: SortColumn): void;
}

/** A column heading that sorts the list; the arrow shows the active column and direction. */
export function SortHeader({ column, label, filter, onSort }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const active = filter.sort === column;
  const state = active ? (filter.sortDir === 'ASC' ? t('sortedAsc') : t('sortedDesc')) : '';
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      title={t('sortBy', { column: label })}
      aria-label={[t('sortBy', { column: label }), state].filter(Boolean).join(', ')}
      data-sort-column={column}
      style={{
        all: 'unset',
        cursor: 'pointer',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        fontWeight: 'inherit',
      }}
    >
      {label}
      {active && (filter.sortDir === 'ASC' ? <CaretUpOutlined /> : <CaretDownOutlined />)}
    </button>
  );
}

export function ariaSort(filter: ArticleFilter, column: SortColumn): 'ascending' | 'descending' | undefined {
  if (filter.sort !== column) return undefined;
  return filter.sortDir === 'ASC' ? 'ascending' : 'descending';
}
