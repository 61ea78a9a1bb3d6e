// A table column whose whole header cell sorts: a click anywhere in the cell (not only on its label)
// and Enter or Space on the label's button. The button is the cell's one control for the keyboard
// and screen readers; its click bubbles to the cell, which does the sorting, so a click sorts once.
import CaretDownOutlined from '@ant-design/icons/es/icons/CaretDownOutlined';
import CaretUpOutlined from '@ant-design/icons/es/icons/CaretUpOutlined';
import type { HTMLAttributes, ReactNode } from 'react';

export type SortState = 'ascending' | 'descending' | undefined;

export interface SortableColumnOptions {
  label: ReactNode;
  /** The button's name and tooltip, e.g. "Sort by Title". */
  title: string;
  /** Spoken after the title while this column sorts the list, e.g. "sorted ascending". */
  stateText: string;
  sorted: SortState;
  onSort(): void;
  /** Data attributes on the button (tests and browser tests find it by them). */
  buttonProps?: Record<`data-${string}`, string>;
}

/** The `title` and `onHeaderCell` of an antd column that sorts by its header cell. */
export function sortableColumn({ label, title, stateText, sorted, onSort, buttonProps }: SortableColumnOptions) {
  return {
    title: (
      <button
        type="button"
        title={title}
        aria-label={[title, sorted ? stateText : ''].filter(Boolean).join(', ')}
        {...buttonProps}
        style={{ all: 'unset', cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 'inherit' }}
      >
        {label}
        {sorted === 'ascending' && <CaretUpOutlined />}
        {sorted === 'descending' && <CaretDownOutlined />}
      </button>
    ),
    onHeaderCell: () =>
      ({
        'aria-sort': sorted,
        onClick: onSort,
        style: { cursor: 'pointer', userSelect: 'none' },
      }) as HTMLAttributes<HTMLElement>,
  };
}
