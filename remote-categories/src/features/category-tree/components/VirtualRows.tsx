// Renders the flattened rows of a tree. Up to VIRTUAL_THRESHOLD rows they are plain DOM in the page
// flow (native page scroll, find-in-page, every row reachable by tests); above it they go through
// @rc-component/virtual-list (the list antd's own Tree/Select virtualise with, already in the bundle
// through antd), which mounts only the rows in a fixed-height scroll box — "Expand all" on 2,000
// categories then mounts a screenful instead of 2,000 rows with their buttons and switches.
import List, { type ListRef } from '@rc-component/virtual-list';
import { useEffect, useRef, useState, type ReactElement } from 'react';

/** Above this many visible rows the list is virtualised. */
export const VIRTUAL_THRESHOLD = 150;

export interface VirtualRowsProps<T> {
  items: readonly T[];
  itemKey(item: T): number;
  /** The usual row height in px (rows are measured; this is the estimate for unmeasured ones). */
  itemHeight: number;
  /** Height of the scroll box when virtualised. */
  height: number;
  /** One row: a DOM element (the list measures it through its ref). */
  renderItem(item: T): ReactElement;
  /**
   * A request to bring a row into view (a new object per request, e.g. the category just saved or
   * moved). It waits until a row with that key is among the items (a save shows up after the reload).
   */
  scrollTo?: { key: number } | null;
  /** Test id of the scroll box when virtualised. */
  testId?: string;
}

export function VirtualRows<T>({ items, itemKey, itemHeight, height, renderItem, scrollTo, testId }: VirtualRowsProps<T>) {
  const listRef = useRef<ListRef>(null);
  const pending = useRef<number | null>(null);
  const virtual = items.length > VIRTUAL_THRESHOLD;

  useEffect(() => {
    pending.current = scrollTo ? scrollTo.key : null;
  }, [scrollTo]);
  useEffect(() => {
    const key = pending.current;
    if (key === null || !items.some((item) => itemKey(item) === key)) return;
    pending.current = null;
    // Few plain rows sit in the page flow; only the virtual list may hold the row unmounted, off screen.
    if (virtual) listRef.current?.scrollTo({ key, align: 'auto' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, scrollTo, virtual]);

  if (!virtual) return <>{items.map((item) => renderItem(item))}</>;
  return (
    <List<T>
      ref={listRef}
      data={items as T[]}
      itemKey={itemKey}
      height={height}
      itemHeight={itemHeight}
      virtual
      data-testid={testId}
      data-virtual="true"
    >
      {(item) => renderItem(item)}
    </List>
  );
}

/** The window's inner height minus `reserved` px (header, toolbar), at least `min`; follows resizes. */
export function useViewportHeight(reserved: number, min: number): number {
  const read = () => Math.max(min, (typeof window === 'undefined' ? 0 : window.innerHeight) - reserved);
  const [height, setHeight] = useState(read);
  useEffect(() => {
    const update = () => setHeight(read());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
    // `read` only depends on the two numbers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reserved, min]);
  return height;
}
