// Which categories are open, for the manager's tree and the editors' picker: the first level at
// the start (or the way down to `openTo`), the first level again when the tree arrives after an
// empty one, and the rows that shows.
import { useMemo, useState } from 'react';
import {
  defaultExpanded,
  expandableIds,
  isAllExpanded,
  revealNode,
  toggleExpanded,
  visibleRows,
  type CategoryNode,
  type VisibleRow,
} from '../model/tree';

export interface TreeExpansion {
  expanded: ReadonlySet<number>;
  rows: VisibleRow[];
  /** Opens or closes one category. */
  toggle(id: number): void;
  /** Some category has sub-categories (Expand all has something to open). */
  canExpand: boolean;
  allOpen: boolean;
  expandAll(): void;
  collapseAll(): void;
}

/**
 * `openTo`: a category opened up to at the start (a link to it). `reveal`: when a new tree comes
 * (a reload after a change), the category to open up to in it; what was open stays open.
 */
export function useTreeExpansion(
  tree: readonly CategoryNode[],
  options: { openTo?: number | null; reveal?: number | null } = {},
): TreeExpansion {
  const { openTo = null, reveal = null } = options;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() =>
    openTo ? revealNode(tree, defaultExpanded(tree), openTo) : defaultExpanded(tree),
  );
  // A tree passed once it has loaded opens its first level then.
  const [shownTree, setShownTree] = useState(tree);
  if (shownTree !== tree) {
    setShownTree(tree);
    if (shownTree.length === 0) setExpanded(defaultExpanded(tree));
    else if (reveal !== null) setExpanded(revealNode(tree, expanded, reveal));
  }
  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);
  const expandable = useMemo(() => expandableIds(tree), [tree]);
  return {
    expanded,
    rows,
    toggle: (id) => setExpanded((current) => toggleExpanded(current, id)),
    canExpand: expandable.size > 0,
    allOpen: isAllExpanded(tree, expanded),
    expandAll: () => setExpanded(expandable),
    collapseAll: () => setExpanded(new Set()),
  };
}
