// What the manager's tree (CategoryTreeView) and the editors' picker (CategoryTreePicker) share:
// a WAI-ARIA tree whose rows go through VirtualRows keyed by category id, each row a treeitem that
// says where it sits (level, position among siblings), and the plus/minus toggle of non-leaf rows.
import MinusSquareOutlined from '@ant-design/icons/es/icons/MinusSquareOutlined';
import PlusSquareOutlined from '@ant-design/icons/es/icons/PlusSquareOutlined';
import Button from 'antd/es/button';
import type { ReactElement } from 'react';
import type { VisibleRow } from '../model/tree';
import { VirtualRows } from './VirtualRows';

interface TreeRowsProps {
  rows: readonly VisibleRow[];
  /** Accessible name of the tree. */
  label: string;
  /** Test id of the tree; its scroll box, once virtualised, is `<testId>-scroll`. */
  testId: string;
  /** The usual row height in px. */
  rowHeight: number;
  /** Height of the scroll box once the rows are many enough to be virtualised. */
  height: number;
  /** Brings this category into view once it is among the rows (a new object per request). */
  scrollTo?: { key: number } | null;
  /** One row: an element spreading treeItemProps(row). */
  renderRow(row: VisibleRow): ReactElement;
}

export function TreeRows({ rows, label, testId, rowHeight, height, scrollTo, renderRow }: TreeRowsProps) {
  return (
    <div role="tree" aria-label={label} data-testid={testId}>
      <VirtualRows
        items={rows}
        itemKey={(row) => row.node.id}
        itemHeight={rowHeight}
        height={height}
        scrollTo={scrollTo}
        testId={`${testId}-scroll`}
        renderItem={renderRow}
      />
    </div>
  );
}

/**
 * The treeitem attributes of a row (role and ARIA state; the element still needs its `key`). Its
 * name is the title followed by the other texts the row shows (`shownTexts`, in their order), so
 * that what is read out contains what is seen (WCAG 2.5.3 Label in Name).
 */
export function treeItemProps(row: VisibleRow, shownTexts: readonly string[] = []) {
  return {
    role: 'treeitem',
    'aria-level': row.depth + 1,
    // Position among siblings: a virtualised list leaves most of them unmounted.
    'aria-posinset': row.position,
    'aria-setsize': row.siblings,
    'aria-expanded': row.hasChildren ? row.expanded : undefined,
    'aria-label': [row.node.title, ...shownTexts].join(', '),
  };
}

/** The plus/minus button that shows or hides a row's sub-categories. */
export function ExpandToggle({ row, label, onToggle }: { row: VisibleRow; label: string; onToggle(): void }) {
  return (
    <Button
      type="text"
      size="small"
      aria-label={label}
      aria-expanded={row.expanded}
      icon={row.expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
      onClick={onToggle}
    />
  );
}
