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
import { clickCategory, mainCategoryChoices, tickStates, type TickState } from '../model/selection';
import { useTreeExpansion, type TreeExpansion } from '../hooks/useTreeExpansion';
import type { CategoryNode, VisibleRow } from '../model/tree';
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

/** The search box and the expand / collapse buttons (idle while searching: the matches are a flat list). */
function PickerToolbar({
  term,
  onTerm,
  searching,
  expansion,
}: {
  term: string;
  onTerm(term: string): void;
  searching: boolean;
  expansion: TreeExpansion;
}) {
  const { t } = useTranslation(NS, { keyPrefix: PICKER_PREFIX });
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
      <Input
        size="small"
        allowClear
        type="search"
        aria-label={t('search')}
        placeholder={t('search')}
        value={term}
        onChange={(event) => onTerm(event.target.value)}
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
}

/** A tree row: its toggle, its tick box (ticked: it and everything below; partly: only some, see tickStates) and its title. */
function PickerRow({
  row,
  state,
  disabled,
  onToggle,
  onClick,
}: {
  row: VisibleRow;
  state: TickState;
  disabled: boolean;
  onToggle(id: number): void;
  onClick(id: number): void;
}) {
  const { t } = useTranslation(NS, { keyPrefix: PICKER_PREFIX });
  const { node } = row;
  return (
    <div
      {...treeItemProps(row)}
      aria-selected={state === 'checked'}
      data-testid={`picker-${node.id}`}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        minHeight: 30,
        paddingLeft: 4 + row.depth * INDENT,
        borderLeft: `4px solid ${safeColour(node.colour)}`,
      }}
    >
      {row.hasChildren ? (
        <ExpandToggle row={row} label={t(row.expanded ? 'collapse' : 'expand', { title: node.title })} onToggle={() => onToggle(node.id)} />
      ) : (
        <span style={{ width: 24, flex: 'none' }} />
      )}
      <Checkbox
        checked={state === 'checked'}
        indeterminate={state === 'mixed'}
        aria-checked={state === 'mixed' ? 'mixed' : undefined}
        disabled={disabled}
        aria-label={t('select', { title: node.title })}
        onChange={() => onClick(node.id)}
      />
      <Typography.Text strong={row.hasChildren} style={{ color: readableTextColour(node.colour) }}>
        {node.title}
      </Typography.Text>
    </div>
  );
}

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

  const toolbar = <PickerToolbar term={term} onTerm={setTerm} searching={searching} expansion={expansion} />;
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
        renderRow={(row) => (
          <PickerRow
            key={row.node.id}
            row={row}
            state={states.get(row.node.id) ?? 'unchecked'}
            disabled={disabled}
            onToggle={toggle}
            onClick={click}
          />
        )}
      />
    </div>
  );
}

export default CategoryTreePicker;
