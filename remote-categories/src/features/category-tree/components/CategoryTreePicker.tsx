// Exposed as `remote_categories/CategoryTree`: the topic picker of the article and importer editors
// (spec section 4, "Category selection" and "Editor topics"). Controlled: the editor keeps the
// selected ids; every tick goes through selection.ts and comes back through onChange.
import Checkbox from 'antd/es/checkbox';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NS, PICKER_PREFIX } from '../i18n';
import { readableTextColour, safeColour } from '../model/colour';
import { clickCategory, mainCategoryChoices, tickStates } from '../model/selection';
import { useTreeExpansion } from '../hooks/useTreeExpansion';
import type { CategoryNode } from '../model/tree';
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
  const { rows, toggle } = useTreeExpansion(tree);
  const states = useMemo(() => tickStates(tree, selectedIds), [tree, selectedIds]);

  const click = (id: number) => {
    const next = clickCategory(tree, selectedIds, id);
    onChange(next, mainCategoryChoices(tree, next));
  };

  if (rows.length === 0) return <Typography.Text type="secondary">{t('noRecords')}</Typography.Text>;

  return (
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
  );
}

export default CategoryTreePicker;
