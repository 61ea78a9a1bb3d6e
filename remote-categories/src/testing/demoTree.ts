// The category tree of the tests (the screen's and the pure tree module's), one shape for both.
import type { CategoryNode } from '../features/category-tree';

/** A category for tests: the contract's fields, a leaf unless it has sub-categories; `placed` sets its level and parent. */
export function category(id: number, title: string, subcategories: CategoryNode[] = [], patch: Partial<CategoryNode> = {}): CategoryNode {
  return {
    id,
    title,
    alias: title.toLowerCase(),
    colour: '#1677ff',
    parent_id: null,
    level: 1,
    leaf: subcategories.length === 0,
    selected: false,
    enabled: 1,
    subcategories,
    ...patch,
  };
}

/** The forest with each category's `level` and `parent_id` set from where it sits. */
export function placed(roots: CategoryNode[], parent: CategoryNode | null = null): CategoryNode[] {
  return roots.map((node) => {
    const at = { ...node, parent_id: parent?.id ?? null, level: (parent?.level ?? 0) + 1 };
    return { ...at, subcategories: placed(node.subcategories, at) };
  });
}

// 8 Portal ─┬─ 100 News ─┬─ 101 World ─┬─ 102 Europe
//           │            │             └─ 103 Americas
//           │            └─ 109 Science
//           ├─ 804 Local ─── 805 City
//           └─ 300 Archive (disabled)
export const demoTree = (): CategoryNode[] =>
  placed([
    category(
      8,
      'Portal',
      [
        category(100, 'News', [category(101, 'World', [category(102, 'Europe'), category(103, 'Americas')]), category(109, 'Science')], {
          colour: '#13c2c2',
        }),
        category(804, 'Local', [category(805, 'City')]),
        category(300, 'Archive', [], { enabled: 0 }),
      ],
      { colour: '#595959' },
    ),
  ]);
