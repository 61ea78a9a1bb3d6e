// Exposed as `remote_categories/CategoryTree`: the topic picker of the article and importer editors
// (spec section 4, "Category selection" and "Editor topics"). Controlled: the editor keeps the
// selected ids; every tick goes through selection.ts and comes back through onChange.
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS, PICKER_PREFIX } from '../i18n';
import { readableTextColour, safeColour } from '../model/colour';
import { searchCategories } from '../model/search';
import { clickCategory, mainCategoryChoices, tickStates } from '../model/selection';
import { useTreeExpansion } from '../hooks/useTreeExpansion';
import type { CategoryNode } from '../model/tree';
import { PickerMatches } from './PickerMatches';
import { ExpandToggle, TreeRows, treeItemProps } from './TreeRows';

export interface CategoryTreePickerProps {
  /** The tree of GET /api/categories/tree. */
  tree: readonly CategoryNode[];
  /** The selected topic ids (controlled). */
  selectedIds: readonly number[];
  /** The new selection and the main category choices (the selected main categories, in tree order). */
  onChange(selectedIds: number[], mainChoices: CategoryNode[]): void;
  /** Disables every checkbox (read-only editor). */
  disabled?: boolean;
}

const INDENT = 20;
/** A row's usual height (30 px min height). */
const ROW_HEIGHT = 30;
/** The picker's scroll box once it is large enough to be virtualised (it sits in an editor form). */
const PICKER_HEIGHT = 420;

export function CategoryTreePicker({ tree, selectedIds, onChange, disabled = false }: CategoryTreePickerProps) {
  const { t } = useTranslation(NS, { keyPrefix: PICKER_PREFIX });
  // The editor may pass the tree once it has loaded: the hook opens its first level then.
  const expansion = useTreeExpansion(tree);
  const { rows, toggle } = expansion;
  const states = useMemo(() => tickStates(tree, selectedIds), [tree, selectedIds]);
  // Typing stays responsive on large trees: the matches follow the text at a lower priority.
  const [term, setTerm] = useState('');
  const searched = useDeferredValue(term);
  const matches = useMemo(() => searchCategories(tree, searched), [tree, searched]);
  const searching = searched.trim() !== '';

  const click = (id: number) => {
    const next = clickCategory(tree, selectedIds, id);
    onChange(next, mainCategoryChoices(tree, next));
  };

  if (rows.length === 0) return <Typography.Text type="secondary">{t('noRecords')}</Typography.Text>;

  const toolbar = (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
      <Input
        size="small"
        allowClear
        type="search"
        aria-label={t('search')}
        placeholder={t('search')}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        style={{ width: 220 }}
        data-testid="picker-search"
      />
      <Button size="small" disabled={searching || !expansion.canExpand || expansion.allOpen} onClick={expansion.expandAll}>
        {t('expandAll')}
      </Button>
      <Button size="small" disabled={searching || expansion.expanded.size === 0} onClick={expansion.collapseAll}>
        {t('collapseAll')}
      </Button>
    </Flex>
  );
  if (searching) {
    return (
      <div>
        {toolbar}
        <PickerMatches matches={matches} states={states} disabled={disabled} height={PICKER_HEIGHT} onClick={click} />
      </div>
    );
  }

  return (
    <div>
      {toolbar}
      <TreeRows
        rows={rows}
        label={t('label')}
        testId="category-tree-picker"
        rowHeight={ROW_HEIGHT}
        height={PICKER_HEIGHT}
        renderRow={(row) => {
          const { node } = row;
          const colour = safeColour(node.colour);
          // Ticked: it and everything below it; partly ticked: only some (see tickStates).
          const state = states.get(node.id) ?? 'unchecked';
          return (
            <div
              key={node.id}
              {...treeItemProps(row)}
              aria-selected={state === 'checked'}
              data-testid={`picker-${node.id}`}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 6,
                minHeight: 30,
                paddingLeft: 4 + row.depth * INDENT,
                borderLeft: `4px solid ${colour}`,
              }}
            >
              {row.hasChildren ? (
                <ExpandToggle
                  row={row}
                  label={t(row.expanded ? 'collapse' : 'expand', { title: node.title })}
                  onToggle={() => toggle(node.id)}
                />
              ) : (
                <span style={{ width: 24, flex: 'none' }} />
              )}
              <Checkbox
                checked={state === 'checked'}
                indeterminate={state === 'mixed'}
                aria-checked={state === 'mixed' ? 'mixed' : undefined}
                disabled={disabled}
                aria-label={t('select', { title: node.title })}
                onChange={() => click(node.id)}
              />
              <Typography.Text strong={row.hasChildren} style={{ color: readableTextColour(node.colour) }}>
                {node.title}
              </Typography.Text>
            </div>
          );
        }}
      />
    </div>
  );
}

export default CategoryTreePicker;
