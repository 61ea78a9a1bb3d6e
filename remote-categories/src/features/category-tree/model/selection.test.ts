import {
  descendantIds,
  initialSelection,
  isMainCategory,
  keepMainCategory,
  mainCategoryChoices,
  clickCategory,
  tickStates,
  toggleCategory,
  type TickState,
} from './selection';
import type { CategoryNode } from './tree';

function node(id: number, children: CategoryNode[] = [], parentId: number | null = null): CategoryNode {
  return {
    id,
    title: `C${id}`,
    alias: `c${id}`,
    colour: null,
    parent_id: parentId,
    level: 1,
    leaf: children.length === 0,
    selected: false,
    enabled: 1,
    subcategories: children.map((child) => ({ ...child, parent_id: child.parent_id ?? id })),
  };
}

// Like the demo tree: three levels below the root 8, and 804 as the second main parent.
// 8 ─┬─ 100 ─┬─ 101 ─┬─ 102
//    │       │       └─ 103
//    │       ├─ 106 ─┬─ 107
//    │       │       └─ 108
//    │       └─ 109
//    ├─ 200 ─┬─ 201 ─┬─ 202
//    │       │       └─ 203
//    │       └─ 204
//    ├─ 300                     (a section without children)
//    └─ 804 ─┬─ 805 ─┬─ 806     (children of 804 are main categories too)
//            │       └─ 807
//            └─ 808
const TREE: CategoryNode[] = [
  node(8, [
    node(100, [node(101, [node(102), node(103)]), node(106, [node(107), node(108)]), node(109)]),
    node(200, [node(201, [node(202), node(203)]), node(204)]),
    node(300),
    node(804, [node(805, [node(806), node(807)]), node(808)]),
  ]),
];
const ALL_BELOW_ROOT = [100, 101, 102, 103, 106, 107, 108, 109, 200, 201, 202, 203, 204, 300, 804, 805, 806, 807, 808];
const PARENT: Record<number, number | null> = {
  8: null,
  100: 8,
  101: 100,
  102: 101,
  103: 101,
  106: 100,
  107: 106,
  108: 106,
  109: 100,
  200: 8,
  201: 200,
  202: 201,
  203: 201,
  204: 200,
  300: 8,
  804: 8,
  805: 804,
  806: 805,
  807: 805,
  808: 804,
};

const tick = (selected: readonly number[], ...ids: number[]) => ids.reduce((acc, id) => toggleCategory(TREE, acc, id, true), [...selected]);
const untick = (selected: readonly number[], ...ids: number[]) =>
  ids.reduce((acc, id) => toggleCategory(TREE, acc, id, false), [...selected]);
const choiceIds = (selected: readonly number[], tree = TREE) => mainCategoryChoices(tree, selected).map((n) => n.id);
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** All ancestors (8 included), nearest first. */
function ancestorsOf(id: number): number[] {
  const ids: number[] = [];
  for (let parent = PARENT[id]; parent !== null && parent !== undefined; parent = PARENT[parent]) ids.push(parent);
  return ids;
}
const ANCESTORS_BELOW_ROOT = new Map(
  Object.keys(PARENT)
    .map(Number)
    .map((id) => [id, ancestorsOf(id).filter((a) => a !== 8)]),
);
const DESCENDANTS = new Map(
  Object.keys(PARENT)
    .map(Number)
    .map((id) => [
      id,
      Object.keys(PARENT)
        .map(Number)
        .filter((other) => ancestorsOf(other).includes(id)),
    ]),
);
const ancestorsBelowRoot = (id: number): number[] => ANCESTORS_BELOW_ROOT.get(id) ?? [];
const descendants = (id: number): number[] => DESCENDANTS.get(id) ?? [];

describe('descendantIds', () => {
  it.each([
    [8, ALL_BELOW_ROOT],
    [100, [101, 102, 103, 106, 107, 108, 109]],
    [101, [102, 103]],
    [804, [805, 806, 807, 808]],
    [102, []],
    [300, []],
    [9999, []],
  ])('below %i', (id, expected) => {
    expect(descendantIds(TREE, id)).toEqual(expected);
  });
});

describe('ticking a category', () => {
  it.each([
    ['a leaf (level 4) ticks its parent and grandparent', 102, [100, 101, 102]],
    ['a sub-section (level 3) ticks its leaves and its section', 101, [100, 101, 102, 103]],
    ['a section (level 2) ticks all three levels below it', 100, [100, 101, 102, 103, 106, 107, 108, 109]],
    ['a section without children ticks itself only', 300, [300]],
    ['a leaf of a level-3 section ticks its section', 204, [200, 204]],
    ['a leaf under 804 ticks its parent and 804', 806, [804, 805, 806]],
    ['a main category under 804 ticks its leaves and 804', 805, [804, 805, 806, 807]],
    ['a leaf right under 804 ticks 804', 808, [804, 808]],
    ['804 ticks everything below it', 804, [804, 805, 806, 807, 808]],
    ['the root 8 ticks every category but not itself', 8, ALL_BELOW_ROOT],
  ])('%s', (_name, id, expected) => {
    expect(tick([], id)).toEqual(expected);
  });

  it('keeps the order of the ids already selected and adds the new ones in tree order', () => {
    expect(tick([109, 100], 102)).toEqual([109, 100, 101, 102]);
    expect(tick([804], 101)).toEqual([804, 100, 101, 102, 103]);
  });

  it('adds nothing twice', () => {
    const once = tick([], 101);
    expect(tick(once, 102)).toEqual(once);
    expect(tick(once, 101)).toEqual(once);
    expect(tick(tick([], 102), 101)).toEqual([100, 101, 102, 103]);
  });

  it('drops repeated ids of the input', () => {
    expect(tick([102, 102, 101], 109)).toEqual([102, 101, 100, 109]);
  });

  it('adds an id that is not in the tree as it is', () => {
    expect(tick([100], 9999)).toEqual([100, 9999]);
    expect(tick([100, 9999], 9999)).toEqual([100, 9999]);
  });

  it('does not change the input', () => {
    const input = Object.freeze([100]) as readonly number[];
    expect(toggleCategory(TREE, input, 101, true)).toEqual([100, 101, 102, 103]);
    expect(input).toEqual([100]);
  });
});

describe('unticking a category', () => {
  it('a lone leaf takes its parent and grandparent with it', () => {
    expect(untick(tick([], 102), 102)).toEqual([]);
    expect(untick(tick([], 806), 806)).toEqual([]);
    expect(untick(tick([], 808), 808)).toEqual([]);
    expect(untick(tick([], 204), 204)).toEqual([]);
  });

  it('keeps the parent while a sibling stays selected (three levels)', () => {
    const both = tick([], 102, 103);
    expect(both).toEqual([100, 101, 102, 103]);
    expect(untick(both, 102)).toEqual([100, 101, 103]);
    expect(untick(both, 102, 103)).toEqual([]);
  });

  it('removes the parent but keeps the grandparent when a cousin stays selected', () => {
    const selected = tick([], 102, 107);
    expect(untick(selected, 102)).toEqual([100, 106, 107]);
    expect(untick(selected, 107)).toEqual([100, 101, 102]);
    expect(untick(selected, 102, 107)).toEqual([]);
  });

  it('keeps the section while a level-3 leaf of it stays selected', () => {
    const selected = tick([], 102, 109);
    expect(untick(selected, 102)).toEqual([100, 109]);
    expect(untick(selected, 109)).toEqual([100, 101, 102]);
  });

  it('removes all descendants of a sub-section or a section', () => {
    const all = tick([], 8);
    expect(sorted(untick(all, 101))).toEqual(ALL_BELOW_ROOT.filter((id) => ![101, 102, 103].includes(id)));
    expect(sorted(untick(all, 100))).toEqual([200, 201, 202, 203, 204, 300, 804, 805, 806, 807, 808]);
    expect(sorted(untick(all, 805))).toEqual(ALL_BELOW_ROOT.filter((id) => ![805, 806, 807].includes(id)));
    expect(untick(all, 804)).toEqual(ALL_BELOW_ROOT.filter((id) => id < 804));
  });

  it('removing the last sub-section removes the section', () => {
    expect(untick(tick([], 101), 101)).toEqual([]);
    expect(untick(tick([], 805), 805)).toEqual([]);
    expect(untick(tick([], 805, 808), 805)).toEqual([804, 808]);
  });

  it('unticking the root 8 clears everything below it', () => {
    expect(untick(tick([], 8), 8)).toEqual([]);
    expect(untick([8, 100, 9999], 8)).toEqual([9999]);
  });

  it('never removes other sections', () => {
    expect(untick(tick([], 102, 202, 806), 102)).toEqual([200, 201, 202, 804, 805, 806]);
  });

  it('removes saved parents whose descendants are all gone, even if not ticked here', () => {
    // As saved by an article: the section and a leaf, without the sub-section.
    expect(untick([100, 102], 102)).toEqual([]);
    expect(untick([100, 101], 101)).toEqual([]);
    // Unticking a category that is not selected still removes its descendants and tidies up.
    expect(untick([100, 101, 102], 101)).toEqual([]);
    expect(untick([100, 109], 101)).toEqual([100, 109]);
  });

  it('keeps the top level 8 when it was saved', () => {
    expect(untick([8, 100, 109], 109)).toEqual([8]);
  });

  it('removes an id that is not in the tree, and nothing else', () => {
    expect(untick([100, 9999, 109], 9999)).toEqual([100, 109]);
    expect(untick([100], 9999)).toEqual([100]);
  });

  it('keeps the order of the remaining ids', () => {
    expect(untick([109, 103, 100, 101, 102], 102)).toEqual([109, 103, 100, 101]);
  });
});

describe('selection rules hold for every sequence of two or three toggles', () => {
  const ids = [8, ...ALL_BELOW_ROOT];
  const steps = ids.flatMap((id) => [
    { id, checked: true },
    { id, checked: false },
  ]);

  /** Applies one toggle and notes every broken rule in `problems` (one expect per test keeps this fast). */
  function checkStep(before: number[], id: number, checked: boolean, problems: string[]): number[] {
    const after = toggleCategory(TREE, before, id, checked);
    const has = new Set(after);
    const fail = (rule: string) => problems.push(`[${before}] ${checked ? 'tick' : 'untick'} ${id} → [${after}]: ${rule}`);
    if (has.size !== after.length) fail('repeated ids');
    if (checked) {
      for (const other of [id, ...descendants(id), ...ancestorsBelowRoot(id)])
        if (other !== 8 && !has.has(other)) fail(`${other} not ticked`);
      for (const other of before) if (!has.has(other)) fail(`${other} lost`);
    } else {
      for (const other of [id, ...descendants(id)]) if (has.has(other)) fail(`${other} still ticked`);
      for (const ancestor of ancestorsBelowRoot(id)) {
        const anyBelow = descendants(ancestor).some((other) => has.has(other));
        if (has.has(ancestor) !== (before.includes(ancestor) && anyBelow)) fail(`ancestor ${ancestor} wrong`);
      }
      const touched = new Set([id, ...descendants(id), ...ancestorsBelowRoot(id)]);
      for (const other of before) if (!touched.has(other) && !has.has(other)) fail(`${other} lost`);
    }
    // From an empty start, every selected category has its ancestors below the root selected.
    for (const selected of after)
      for (const ancestor of ancestorsBelowRoot(selected)) if (!has.has(ancestor)) fail(`${ancestor} missing above ${selected}`);
    if (has.has(8)) fail('8 selected');
    return after;
  }

  it('two toggles', () => {
    const problems: string[] = [];
    for (const first of steps) {
      const afterFirst = checkStep([], first.id, first.checked, problems);
      for (const second of steps) checkStep(afterFirst, second.id, second.checked, problems);
    }
    expect(problems).toEqual([]);
  });

  it('three toggles over two sections and 804', () => {
    const problems: string[] = [];
    const few = steps.filter((step) => [100, 101, 102, 103, 109, 200, 204, 804, 805, 806, 808].includes(step.id));
    for (const a of few) {
      const afterA = checkStep([], a.id, a.checked, problems);
      for (const b of few) {
        const afterB = checkStep(afterA, b.id, b.checked, problems);
        for (const c of few) checkStep(afterB, c.id, c.checked, problems);
      }
    }
    expect(problems).toEqual([]);
  });

  it('ticking then unticking one category from empty leaves nothing', () => {
    for (const id of ids) expect(untick(tick([], id), id)).toEqual([]);
  });
});

describe('main categories', () => {
  it.each([
    [100, true],
    [200, true],
    [300, true],
    [804, true],
    [805, true],
    [808, true],
    [101, false],
    [109, false],
    [102, false],
    [806, false],
    [8, false],
    [9999, false],
  ])('%i is a main category: %s', (id, main) => {
    expect(isMainCategory(TREE, id)).toBe(main);
  });

  it('the choices are the selected main categories, in tree order', () => {
    expect(choiceIds([])).toEqual([]);
    expect(choiceIds([808, 102, 100, 300])).toEqual([100, 300, 808]);
    expect(choiceIds(tick([], 8))).toEqual([100, 200, 300, 804, 805, 808]);
    expect(choiceIds([8, 101, 102, 9999])).toEqual([]);
  });

  it('returns the tree nodes', () => {
    expect(mainCategoryChoices(TREE, [100])).toEqual([expect.objectContaining({ id: 100, title: 'C100' })]);
  });

  it('a level-2 topic joins and leaves the choices as it is toggled', () => {
    let selected = tick([], 300);
    expect(choiceIds(selected)).toEqual([300]);
    selected = tick(selected, 102);
    expect(choiceIds(selected)).toEqual([100, 300]);
    selected = untick(selected, 300);
    expect(choiceIds(selected)).toEqual([100]);
    selected = untick(selected, 102);
    expect(choiceIds(selected)).toEqual([]);
  });

  it('ticking a leaf makes its section a choice; under 804 its parent and 804', () => {
    expect(choiceIds(tick([], 107))).toEqual([100]);
    expect(choiceIds(tick([], 807))).toEqual([804, 805]);
    expect(choiceIds(untick(tick([], 806, 808), 806))).toEqual([804, 808]);
  });

  it('treats 8 as the top level wherever it sits in the tree', () => {
    const wrapped = [node(1, [node(8, [node(100, [node(101)])]), node(50)])];
    expect(isMainCategory(wrapped, 100)).toBe(true);
    expect(isMainCategory(wrapped, 101)).toBe(false);
    // 50 sits below the top level 1, not below 8 or 804: not a main category (contracts/rules/categories).
    expect(isMainCategory(wrapped, 50)).toBe(false);
    expect(toggleCategory(wrapped, [], 101, true)).toEqual([100, 101]);
    expect(toggleCategory(wrapped, [100, 101], 101, false)).toEqual([]);
  });

  it('treats the roots of a tree without 8 as the top level, whose children are no main categories', () => {
    const other = [node(9, [node(90, [node(91)])])];
    expect(isMainCategory(other, 90)).toBe(false);
    expect(toggleCategory(other, [], 91, true)).toEqual([90, 91]);
    expect(choiceIds([90, 91], other)).toEqual([]);
  });

  it('keeps the chosen main category only while it is a choice', () => {
    const selected = tick([], 102, 806);
    expect(keepMainCategory(TREE, selected, 100)).toBe(100);
    expect(keepMainCategory(TREE, selected, 805)).toBe(805);
    expect(keepMainCategory(TREE, untick(selected, 102), 100)).toBeNull();
    expect(keepMainCategory(TREE, selected, 101)).toBeNull();
    expect(keepMainCategory(TREE, selected, null)).toBeNull();
    expect(keepMainCategory(TREE, selected, undefined)).toBeNull();
  });
});

describe('initialSelection (editing)', () => {
  it('starts with the saved topics selected and the main choices taken from them', () => {
    const state = initialSelection(TREE, [102, 100, 102, 805, 804, 9999]);
    expect(state.selected).toEqual([102, 100, 805, 804, 9999]);
    expect(state.mainChoices.map((n) => n.id)).toEqual([100, 804, 805]);
  });

  it('does not add descendants or ancestors of the saved topics', () => {
    expect(initialSelection(TREE, [101]).selected).toEqual([101]);
    expect(initialSelection(TREE, [101]).mainChoices).toEqual([]);
  });

  it('starts empty without saved topics', () => {
    expect(initialSelection(TREE, [])).toEqual({ selected: [], mainChoices: [] });
    expect(initialSelection(TREE, null)).toEqual({ selected: [], mainChoices: [] });
    expect(initialSelection(TREE, undefined)).toEqual({ selected: [], mainChoices: [] });
  });

  it('then follows the toggling rules', () => {
    const { selected } = initialSelection(TREE, [100, 102, 109]);
    expect(untick(selected, 102)).toEqual([100, 109]);
    expect(choiceIds(untick(selected, 102, 109))).toEqual([]);
  });
});

describe('bad data', () => {
  it('takes a repeated node once', () => {
    const repeated = [node(8, [node(100, [node(101)]), node(200, [node(101)])])];
    expect(descendantIds(repeated, 8)).toEqual([100, 101, 200]);
    expect(toggleCategory(repeated, [], 101, true)).toEqual([100, 101]);
  });

  it('copes with a node without subcategories', () => {
    const broken = [node(8, [{ ...node(100), subcategories: undefined as unknown as CategoryNode[] }])];
    expect(toggleCategory(broken, [], 100, true)).toEqual([100]);
    expect(toggleCategory(broken, [100], 100, false)).toEqual([]);
  });
});

describe('tickStates: what the checkboxes show (issue 11, defect 12)', () => {
  const IDS = Object.keys(PARENT).map(Number);
  /** The rule written out: a category counts itself (unless top level) and every descendant. */
  function expectedState(
    selected: ReadonlySet<number>,
    id: number,
    topLevel: (id: number) => boolean,
    below: (id: number) => number[],
  ): TickState {
    const subtree = [...(topLevel(id) ? [] : [id]), ...below(id)];
    const ticked = subtree.filter((member) => selected.has(member)).length;
    if (subtree.length > 0 && ticked === subtree.length) return 'checked';
    return ticked === 0 ? 'unchecked' : 'mixed';
  }

  it('nothing selected: every category unticked', () => {
    const states = tickStates(TREE, []);
    expect(IDS.every((id) => states.get(id) === 'unchecked')).toBe(true);
    expect(states.size).toBe(IDS.length);
  });

  it.each(IDS.filter((id) => id !== 8))(
    'ticking %i: it and everything below it ticked, each ancestor partly ticked unless all of it is',
    (id) => {
      const selected = tick([], id);
      const states = tickStates(TREE, selected);
      expect(states.get(id)).toBe('checked');
      for (const below of descendants(id)) expect(states.get(below)).toBe('checked');
      for (const ancestor of ancestorsOf(id)) {
        const full = [...(ancestor === 8 ? [] : [ancestor]), ...descendants(ancestor)].every((member) => selected.includes(member));
        expect(states.get(ancestor)).toBe(full ? 'checked' : 'mixed');
      }
      // Unrelated categories are untouched.
      for (const other of IDS.filter((other) => other !== id && !descendants(id).includes(other) && !ancestorsOf(id).includes(other))) {
        expect(states.get(other)).toBe('unchecked');
      }
    },
  );

  it.each([102, 107, 109, 202, 806, 808])(
    'a ticked leaf %i: a click on each ancestor (partly ticked) ticks all of that ancestor',
    (leaf) => {
      for (const ancestor of ancestorsOf(leaf)) {
        const selected = tick([], leaf);
        expect(tickStates(TREE, selected).get(ancestor)).toBe('mixed');
        const after = clickCategory(TREE, selected, ancestor);
        const states = tickStates(TREE, after);
        expect(states.get(ancestor)).toBe('checked');
        for (const below of descendants(ancestor)) expect(after).toContain(below);
        // A second click unticks it all.
        const again = clickCategory(TREE, after, ancestor);
        expect(tickStates(TREE, again).get(ancestor)).toBe('unchecked');
        for (const below of descendants(ancestor)) expect(again).not.toContain(below);
      }
    },
  );

  // Every selection of a small tree × every click: the states follow the rule, a click turns a
  // ticked category unticked and anything else ticked, and touches nothing outside its branch.
  // 8 ─┬─ 100 ─┬─ 101 ─┬─ 102
  //    │       │       └─ 103
  //    │       └─ 109
  //    └─ 804 ─── 805
  const SMALL: CategoryNode[] = [node(8, [node(100, [node(101, [node(102), node(103)]), node(109)]), node(804, [node(805)])])];
  const SMALL_PARENT: Record<number, number | null> = { 8: null, 100: 8, 101: 100, 102: 101, 103: 101, 109: 100, 804: 8, 805: 804 };
  const SMALL_IDS = Object.keys(SMALL_PARENT).map(Number);
  const smallAncestors = (id: number): number[] => {
    const ids: number[] = [];
    for (let parent = SMALL_PARENT[id]; parent !== null && parent !== undefined; parent = SMALL_PARENT[parent]) ids.push(parent);
    return ids;
  };
  const smallBelow = (id: number): number[] => SMALL_IDS.filter((other) => smallAncestors(other).includes(id));
  const topics = SMALL_IDS.filter((id) => id !== 8);
  const subsets = Array.from({ length: 2 ** topics.length }, (_, mask) => topics.filter((_, bit) => mask & (1 << bit)));

  it(`all ${subsets.length} selections × ${SMALL_IDS.length} clicks of a small tree`, () => {
    let checkedClicks = 0;
    for (const selected of subsets) {
      const states = tickStates(SMALL, selected);
      for (const id of SMALL_IDS) {
        expect([selected, id, states.get(id)]).toEqual([selected, id, expectedState(new Set(selected), id, (x) => x === 8, smallBelow)]);
      }
      for (const id of SMALL_IDS) {
        const before = states.get(id);
        const after = clickCategory(SMALL, selected, id);
        const afterStates = tickStates(SMALL, after);
        expect([selected, id, afterStates.get(id)]).toEqual([selected, id, before === 'checked' ? 'unchecked' : 'checked']);
        if (before === 'checked') checkedClicks += 1;
        const branch = new Set([id, ...smallBelow(id), ...smallAncestors(id)]);
        for (const other of topics.filter((other) => !branch.has(other))) {
          expect([selected, id, other, after.includes(other)]).toEqual([selected, id, other, selected.includes(other)]);
        }
        // A click is exactly the spec's tick (or untick) of that category.
        expect(after).toEqual(toggleCategory(SMALL, selected, id, before !== 'checked'));
      }
    }
    expect(checkedClicks).toBeGreaterThan(0);
  });

  it('a node met twice (bad data) is counted once; an unknown id has no state', () => {
    const twice = [node(8, [node(100, [node(101)]), node(200, [node(101)])])];
    const states = tickStates(twice, [100, 101]);
    expect(states.get(100)).toBe('checked');
    expect(states.get(200)).toBe('unchecked');
    expect(states.get(9999)).toBeUndefined();
    expect(clickCategory(twice, [], 9999)).toEqual([9999]);
    expect(clickCategory(twice, [9999], 9999)).toEqual([]);
  });
});
