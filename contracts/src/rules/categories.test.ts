import {
  FIXED_CATEGORY_IDS,
  flattenCategoryTree,
  isFixedCategory,
  isMainCategory,
  isMainCategoryParent,
  allowedChoices,
  keepMainCategory,
  mainCategoryChoices,
  type CategoryTreeNode,
} from './categories';

interface Node extends CategoryTreeNode {
  title: string;
  subcategories?: Node[];
}

/** A node whose children get their parent_id from it. */
function node(id: number, parent: number | null, children: Array<(parent: number) => Node> = []): Node {
  return { id, parent_id: parent, title: `C${id}`, subcategories: children.map((child) => child(id)) };
}
const child =
  (id: number, children: Array<(parent: number) => Node> = []) =>
  (parent: number) =>
    node(id, parent, children);

// Like the demo tree:
//   8 ─┬─ 100 ─┬─ 101 ─── 102
//      │       └─ 109
//      ├─ 804 ─┬─ 805 ─── 806
//      │       └─ 808
//      └─ 300
//   9 ─── 90 ─── 91          (a second root, e.g. legacy data: not below the portal root)
const TREE: Node[] = [
  node(8, null, [child(100, [child(101, [child(102)]), child(109)]), child(804, [child(805, [child(806)]), child(808)]), child(300)]),
  node(9, null, [child(90, [child(91)])]),
];
const ALL_IDS = [8, 100, 101, 102, 109, 804, 805, 806, 808, 300, 9, 90, 91];
/** Written from the spec: children of 8 and of 804. */
const MAIN = new Set([100, 804, 300, 805, 808]);

describe('main categories: parent 8 or 804 (spec sections 4 and 9)', () => {
  const PARENTS = [null, undefined, 0, 1, 7, 8, 9, 100, 803, 804, 805, -8];
  it.each(PARENTS.map((parent) => [parent]))('a category under %p', (parent) => {
    for (const id of [1, 8, 100, 804, 805, 99999]) {
      const expected = (parent === 8 || parent === 804) && id !== 8;
      expect(isMainCategory({ id, parent_id: parent as number | null })).toBe(expected);
      if (id !== 8) expect(isMainCategoryParent(parent)).toBe(expected);
    }
  });

  it('the root is never a main category, wherever it sits', () => {
    for (const parent of [null, 8, 804, 1]) expect(isMainCategory({ id: 8, parent_id: parent })).toBe(false);
  });

  it('in the tree: exactly the children of 8 and 804', () => {
    for (const { node: n, parentId } of flattenCategoryTree(TREE)) {
      expect([n.id, isMainCategory({ id: n.id, parent_id: parentId })]).toEqual([n.id, MAIN.has(n.id)]);
    }
  });
});

describe('main category choices: the selected main categories in tree order', () => {
  const subsets = (ids: number[]): number[][] => ids.reduce<number[][]>((all, id) => all.concat(all.map((set) => [...set, id])), [[]]);

  it('every subset of the tree, in any order', () => {
    for (const selected of subsets(ALL_IDS)) {
      const expected = ALL_IDS.filter((id) => MAIN.has(id) && selected.includes(id));
      expect(mainCategoryChoices(TREE, selected).map((n) => n.id)).toEqual(expected);
      expect(mainCategoryChoices(TREE, [...selected].reverse()).map((n) => n.id)).toEqual(expected);
    }
  });

  it('offers only the allowed ones under scoped roles (none allowed: none; undefined: all)', () => {
    const choices = mainCategoryChoices(TREE, ALL_IDS);
    expect(allowedChoices(choices, undefined)).toEqual(choices);
    expect(allowedChoices(choices, [])).toEqual([]);
    const [first, ...rest] = choices;
    expect(allowedChoices(choices, [first!.id, 12345])).toEqual([first]);
    expect(
      allowedChoices(
        choices,
        rest.map((choice) => choice.id),
      ),
    ).toEqual(rest);
  });

  it('returns the tree nodes; unknown ids and repeats change nothing', () => {
    expect(mainCategoryChoices(TREE, [300, 300, 12345])).toEqual([expect.objectContaining({ id: 300, title: 'C300' })]);
    expect(mainCategoryChoices([], [100])).toEqual([]);
  });

  it('takes the parent from where a node sits in the tree, and a root keeps the parent it was sent with', () => {
    // 804's subtree sent alone (e.g. a filtered tree): its root still hangs under 8.
    expect(mainCategoryChoices([node(804, 8, [child(805)])], [804, 805]).map((n) => n.id)).toEqual([804, 805]);
    // A node whose parent_id disagrees with where it sits: where it sits counts.
    const moved: Node[] = [node(8, null, [child(100, [() => ({ id: 50, parent_id: 8, title: 'C50' })])])];
    expect(mainCategoryChoices(moved, [50, 100]).map((n) => n.id)).toEqual([100]);
  });

  it('a node met twice (bad data) is taken once, where first met', () => {
    const twice: Node[] = [node(8, null, [child(100), child(804, [child(100)])])];
    expect(flattenCategoryTree(twice).map(({ node: n, parentId }) => [n.id, parentId])).toEqual([
      [8, null],
      [100, 8],
      [804, 8],
    ]);
  });
});

describe('keepMainCategory: the chosen one while it is a choice', () => {
  const choices = [{ id: 100 }, { id: 805 }];
  it.each([
    [100, 100],
    [805, 805],
    [101, null],
    [8, null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (chosen, kept) => expect(keepMainCategory(choices, chosen)).toBe(kept));
  it('nothing is kept without choices', () => expect(keepMainCategory([], 100)).toBeNull());
});

describe('fixed categories', () => {
  it.each(ALL_IDS.map((id) => [id]))('%i', (id) => expect(isFixedCategory(id)).toBe(id === 8 || id === 804));
  it('are the root and Local', () => expect([...FIXED_CATEGORY_IDS].sort((a, b) => a - b)).toEqual([8, 804]));
});
