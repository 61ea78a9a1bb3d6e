import {
  countDescendants,
  countNodes,
  defaultExpanded,
  expandableIds,
  findPath,
  hasChildren,
  isAllExpanded,
  isEnabled,
  revealNode,
  toggleExpanded,
  visibleRows,
  type CategoryNode,
} from './tree';
import { category, demoTree } from '../../../testing/demoTree';

const node = (id: number, children: CategoryNode[] = [], patch: Partial<CategoryNode> = {}): CategoryNode =>
  category(id, `C${id}`, children, patch);

// The tests' demo tree (8 and its descendants) and a second root 9, a leaf.
const tree = (): CategoryNode[] => [...demoTree(), node(9)];

const ids = (rows: { node: CategoryNode }[]) => rows.map((row) => row.node.id);

describe('hasChildren / isEnabled', () => {
  it('decides by the sub-categories, not the leaf flag', () => {
    expect(hasChildren(node(1, [node(2)], { leaf: true }))).toBe(true);
    expect(hasChildren(node(1, [], { leaf: false }))).toBe(false);
    expect(hasChildren({ ...node(1), subcategories: undefined as unknown as CategoryNode[] })).toBe(false);
  });

  it('counts 0 as disabled and 1 as enabled', () => {
    expect(isEnabled(node(1, [], { enabled: 0 }))).toBe(false);
    expect(isEnabled(node(1, [], { enabled: 1 }))).toBe(true);
  });
});

describe('countDescendants', () => {
  it('counts every level below the node', () => {
    const [root] = tree();
    expect(countDescendants(root!)).toBe(8);
    expect(countDescendants(root!.subcategories[0]!)).toBe(4);
    expect(countDescendants(root!.subcategories[1]!)).toBe(1);
  });

  it('is 0 for a leaf', () => {
    expect(countDescendants(node(5))).toBe(0);
  });

  it('counts a repeated id once and survives a cycle', () => {
    const a = node(1);
    const b = node(2, [a]);
    a.subcategories = [b, node(3), node(3)];
    expect(countDescendants(a)).toBe(2);
  });

  it('countNodes counts the whole forest', () => {
    expect(countNodes(tree())).toBe(10);
    expect(countNodes([])).toBe(0);
  });
});

describe('visibleRows', () => {
  it('shows only the top level when nothing is expanded', () => {
    const rows = visibleRows(tree(), new Set());
    expect(ids(rows)).toEqual([8, 9]);
    expect(rows.map((row) => [row.depth, row.hasChildren, row.expanded])).toEqual([
      [0, true, false],
      [0, false, false],
    ]);
  });

  it('shows the children of expanded nodes, depth first in API order', () => {
    const rows = visibleRows(tree(), new Set([8, 101]));
    // 101 is expanded, but its parent 100 is not: its children stay hidden.
    expect(ids(rows)).toEqual([8, 100, 804, 300, 9]);
    expect(ids(visibleRows(tree(), new Set([8, 100, 101])))).toEqual([8, 100, 101, 102, 103, 109, 804, 300, 9]);
  });

  it('gives depth, descendant count and sibling positions', () => {
    const rows = visibleRows(tree(), new Set([8, 100]));
    const byId = new Map(rows.map((row) => [row.node.id, row]));
    expect(byId.get(8)).toMatchObject({ depth: 0, descendantCount: 8, position: 1, siblings: 2, expanded: true });
    expect(byId.get(100)).toMatchObject({ depth: 1, descendantCount: 4, position: 1, siblings: 3, expanded: true });
    expect(byId.get(101)).toMatchObject({ depth: 2, descendantCount: 2, hasChildren: true, expanded: false });
    expect(byId.get(109)).toMatchObject({ depth: 2, descendantCount: 0, hasChildren: false, position: 2, siblings: 2 });
    expect(byId.get(300)).toMatchObject({ position: 3, siblings: 3 });
  });

  it('never marks a leaf expanded, even when its id is in the set', () => {
    const rows = visibleRows(tree(), new Set([9]));
    expect(rows.find((row) => row.node.id === 9)).toMatchObject({ expanded: false, hasChildren: false });
  });

  it('ignores unknown ids and an empty tree', () => {
    expect(ids(visibleRows(tree(), new Set([12345])))).toEqual([8, 9]);
    expect(visibleRows([], new Set([8]))).toEqual([]);
  });

  it('shows a node met twice once (bad data with a cycle does not loop)', () => {
    const a = node(1);
    const b = node(2, [a]);
    a.subcategories = [b];
    expect(ids(visibleRows([a], new Set([1, 2])))).toEqual([1, 2]);
  });
});

describe('expand and collapse', () => {
  it('defaultExpanded opens the top-level nodes that have children only', () => {
    expect([...defaultExpanded(tree())]).toEqual([8]);
    expect(ids(visibleRows(tree(), defaultExpanded(tree())))).toEqual([8, 100, 804, 300, 9]);
  });

  it('expandableIds lists every node with children', () => {
    expect([...expandableIds(tree())].sort((a, b) => a - b)).toEqual([8, 100, 101, 804]);
    expect(ids(visibleRows(tree(), expandableIds(tree())))).toEqual([8, 100, 101, 102, 103, 109, 804, 805, 300, 9]);
  });

  it('toggleExpanded adds and removes without touching the original set', () => {
    const start = new Set([8]);
    const opened = toggleExpanded(start, 100);
    expect([...opened]).toEqual([8, 100]);
    expect([...start]).toEqual([8]);
    expect([...toggleExpanded(opened, 8)]).toEqual([100]);
  });

  it('isAllExpanded', () => {
    expect(isAllExpanded(tree(), new Set([8, 100, 101]))).toBe(false);
    expect(isAllExpanded(tree(), new Set([8, 100, 101, 804]))).toBe(true);
    expect(isAllExpanded([node(1)], new Set())).toBe(true);
  });
});

describe('findPath / revealNode', () => {
  it('answers the nodes from the top down to the node', () => {
    expect(findPath(tree(), 103)!.map((n) => n.id)).toEqual([8, 100, 101, 103]);
    expect(findPath(tree(), 8)!.map((n) => n.id)).toEqual([8]);
    expect(findPath(tree(), 9)!.map((n) => n.id)).toEqual([9]);
  });

  it('answers null for an unknown id or an empty tree', () => {
    expect(findPath(tree(), 4242)).toBeNull();
    expect(findPath([], 8)).toBeNull();
  });

  it('revealNode expands the ancestors only', () => {
    const next = revealNode(tree(), new Set([9]), 103);
    expect([...next].sort((a, b) => a - b)).toEqual([8, 9, 100, 101]);
    expect(ids(visibleRows(tree(), next))).toContain(103);
    expect([...revealNode(tree(), new Set(), 4242)]).toEqual([]);
  });
});
