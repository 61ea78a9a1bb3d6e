import { flattenCategories } from './categoryOptions';

describe('flattenCategories', () => {
  it('lists the tree depth first with the depth of each node', () => {
    const tree = [
      {
        id: 8,
        title: 'Root',
        subcategories: [
          { id: 10, title: 'News', subcategories: [{ id: 11, title: 'World', subcategories: [] }] },
          { id: 20, title: 'Sport' },
        ],
      },
    ];
    expect(flattenCategories(tree)).toEqual([
      { value: '8', label: 'Root', depth: 0 },
      { value: '10', label: 'News', depth: 1 },
      { value: '11', label: 'World', depth: 2 },
      { value: '20', label: 'Sport', depth: 1 },
    ]);
  });
  it('ignores what is not a node', () => {
    expect(flattenCategories(null)).toEqual([]);
    expect(flattenCategories([{ id: 'x' }, 3, { id: 1, title: 'A', subcategories: 'no' }])).toEqual([{ value: '1', label: 'A', depth: 0 }]);
  });
});
