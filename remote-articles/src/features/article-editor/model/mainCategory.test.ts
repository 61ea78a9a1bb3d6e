import type { CategoryNode } from './types';
import { flattenTree, isMainCategory, keepMainCategory, mainCategoryChoices, toggleTopic } from './mainCategory';

const node = (id: number, parent_id: number | null, level: number, subcategories: CategoryNode[] = []): CategoryNode => ({
  id,
  title: `C${id}`,
  alias: `c${id}`,
  colour: null,
  parent_id,
  level,
  leaf: subcategories.length === 0,
  selected: false,
  enabled: 1,
  subcategories,
});

// 8 (root) → 10 (level 2) → 11 → 12 ; 8 → 20 (level 2); 804 (level 2 under 8) → 805 (main through parent 804)
const tree = [
  node(8, null, 1, [
    node(10, 8, 2, [node(11, 10, 3, [node(12, 11, 4)])]),
    node(20, 8, 2),
    node(804, 8, 2, [node(805, 804, 3)]),
  ]),
];

describe('topics → main category choices', () => {
  it('level-2 topics and children of 8 / 804 are main categories', () => {
    expect(isMainCategory({ level: 2, parent_id: 99 })).toBe(true);
    expect(isMainCategory({ level: 3, parent_id: 804 })).toBe(true);
    expect(isMainCategory({ level: 3, parent_id: 8 })).toBe(true);
    expect(isMainCategory({ level: 3, parent_id: 10 })).toBe(false);
    expect(isMainCategory({ level: 1, parent_id: null })).toBe(false);
  });

  it('flattens in tree order, each node once', () => {
    expect(flattenTree(tree).map((n) => n.id)).toEqual([8, 10, 11, 12, 20, 804, 805]);
    const repeated = [node(1, 8, 2), node(1, 8, 2)];
    expect(flattenTree(repeated)).toHaveLength(1);
  });

  it('choices are the selected main categories in tree order', () => {
    expect(mainCategoryChoices(tree, [805, 11, 20, 10]).map((n) => n.id)).toEqual([10, 20, 805]);
    expect(mainCategoryChoices(tree, [11, 12])).toEqual([]);
    expect(mainCategoryChoices(tree, [])).toEqual([]);
    expect(mainCategoryChoices(tree, [999])).toEqual([]);
  });

  it('keeps the main category only while it is a choice', () => {
    const choices = mainCategoryChoices(tree, [10, 20]);
    expect(keepMainCategory(choices, 20)).toBe(20);
    expect(keepMainCategory(choices, 805)).toBeNull();
    expect(keepMainCategory(choices, null)).toBeNull();
    expect(keepMainCategory(choices, undefined)).toBeNull();
  });

  it('toggling adds or removes the id', () => {
    expect(toggleTopic([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggleTopic([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggleTopic([1, 2], 1, false)).toEqual([2]);
    expect(toggleTopic([], 1, false)).toEqual([]);
  });
});
