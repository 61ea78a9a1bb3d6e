import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_PREFIX, NS } from '../i18n';
import { flattenCategories, matchCategories } from '../model/categoryOptions';

interface Props {
  value: string;
  categoryTree: unknown;
  onChange(value: string | undefined): void;
}

/** The popup's width: wider than the box, as a number so antd keeps its virtual list (false turns it off). */
const POPUP_WIDTH = 480;

/**
 * The list's category filter: every category of the tree (2,000 and more), through antd's virtual
 * list, indented in tree order; typed text keeps the titles containing it (any case, accents
 * ignored), each shown with its path, since equal titles sit in different branches.
 */
export function CategoryFilterSelect({ value, categoryTree, onChange }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const categories = useMemo(() => flattenCategories(categoryTree), [categoryTree]);
  const [term, setTerm] = useState('');
  const searching = term.trim() !== '';
  const options = useMemo(() => {
    const all = { value: '', label: t('filters.allCategories'), title: t('filters.allCategories') };
    const shown = matchCategories(categories, term).map((c) => {
      const path = c.path.join(' › ');
      return {
        value: c.value,
        title: searching && path ? `${c.label} (${path})` : c.label,
        label: searching ? (
          <span>
            {c.label}
            {path && <Typography.Text type="secondary">{` — ${path}`}</Typography.Text>}
          </span>
        ) : (
          <span style={{ paddingLeft: c.depth * 12 }}>{c.label}</span>
        ),
      };
    });
    return searching ? shown : [all, ...shown];
  }, [categories, term, searching, t]);

  return (
    <Select<string>
      size="small"
      // Matching is done above (folded text, once per key); antd only shows the result.
      showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
      aria-label={t('filters.category')}
      value={value}
      onChange={(next) => {
        setTerm('');
        onChange(next);
      }}
      onOpenChange={(open) => !open && setTerm('')}
      style={{ width: 200 }}
      popupMatchSelectWidth={POPUP_WIDTH}
      optionLabelProp="title"
      options={options}
      data-testid="filter-category"
    />
  );
}
