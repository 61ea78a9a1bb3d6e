// Generated categories for benchmarks (`npm run seed -w api -- --categories N`): the shape rule, and
// replaceGenerated on PGlite and PostgreSQL — N categories below the root within the level limit,
// a second run replaces them, the demo tree stays.
import { categoriesRepository, categoriesSeedRepository, generatedCategoryShape, type CategoryNode } from '../src/repositories/categories';
import { describeEachDatabase } from './helpers';

describe('generatedCategoryShape', () => {
  it.each([
    [0, { sections: 0, subSections: 0, leaves: 0 }],
    [1, { sections: 1, subSections: 0, leaves: 0 }],
    [5, { sections: 1, subSections: 4, leaves: 0 }],
    [11, { sections: 1, subSections: 10, leaves: 0 }],
    [12, { sections: 1, subSections: 10, leaves: 1 }],
    [200, { sections: 1, subSections: 10, leaves: 189 }],
    [2000, { sections: 10, subSections: 100, leaves: 1890 }],
  ])('%i categories → %j', (count, shape) => {
    expect(generatedCategoryShape(count)).toEqual(shape);
    expect(shape.sections + shape.subSections + shape.leaves).toBe(count);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %p', (count) => {
    expect(() => generatedCategoryShape(count)).toThrow(RangeError);
  });
});

const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...flatten(node.subcategories)]);
/** The rows without their nested children (a parent's subcategories change with the generated ones). */
const rows = (nodes: CategoryNode[]) => nodes.map(({ subcategories: _children, leaf: _leaf, ...row }) => row);

describeEachDatabase('generated categories', (ctx) => {
  it('adds N categories below the root, at most level 4, and a second run replaces them', async () => {
    const before = rows(flatten(await categoriesRepository.tree(ctx.app.db)));
    expect(await categoriesSeedRepository.replaceGenerated(ctx.app.db, 2000)).toEqual({ sections: 10, subSections: 100, leaves: 1890 });
    const all = flatten(await categoriesRepository.tree(ctx.app.db));
    const generated = all.filter((node) => node.alias.startsWith('generated-'));
    expect(generated).toHaveLength(2000);
    expect(await categoriesSeedRepository.countGenerated(ctx.app.db)).toBe(2000);
    expect(new Set(generated.map((node) => node.level))).toEqual(new Set([2, 3, 4]));
    expect(generated.filter((node) => node.level === 2).every((node) => node.parent_id === 8)).toBe(true);
    // The demo categories are still there, unchanged.
    expect(rows(all.filter((node) => !node.alias.startsWith('generated-')))).toEqual(before);

    expect(await categoriesSeedRepository.replaceGenerated(ctx.app.db, 30)).toEqual({ sections: 1, subSections: 10, leaves: 19 });
    expect(await categoriesSeedRepository.countGenerated(ctx.app.db)).toBe(30);
    await categoriesSeedRepository.replaceGenerated(ctx.app.db, 0);
    expect(rows(flatten(await categoriesRepository.tree(ctx.app.db)))).toEqual(before);
  });
});
