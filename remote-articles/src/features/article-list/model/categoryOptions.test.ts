import { flattenCategories, foldText, matchCategories } from './categoryOptions';

const tree = [
  {
    id: 8,
    title: 'Root',
    subcategories: [
      { id: 10, title: 'News', subcategories: [{ id: 11, title: 'World', subcategories: [] }] },
      { id: 20, title: 'Éclair sports' },
    ],
  },
];

describe('flattenCategories', () => {
  it('lists the tree depth first with the depth and path of each node', () => {
    expect(flattenCategories(tree)).toEqual([
      { value: '8', label: 'Root', depth: 0, path: [] },
      { value: '10', label: 'News', depth: 1, path: ['Root'] },
      { value: '11', label: 'World', depth: 2, path: ['Root', 'News'] },
      { value: '20', label: 'Éclair sports', depth: 1, path: ['Root'] },
    ]);
  });
  it('ignores what is not a node', () => {
    expect(flattenCategories(null)).toEqual([]);
    expect(flattenCategories([{ id: 'x' }, 3, { id: 1, title: 'A', subcategories: 'no' }])).toEqual([
      { value: '1', label: 'A', depth: 0, path: [] },
    ]);
  });
});

describe('matchCategories', () => {
  const options = flattenCategories(tree);
  it('keeps titles containing the text, any case, accents ignored; all for empty text', () => {
    expect(matchCategories(options, ' ECLAIR').map((o) => o.value)).toEqual(['20']);
    expect(matchCategories(options, 'o').map((o) => o.value)).toEqual(['8', '11', '20']);
    expect(matchCategories(options, '  ')).toBe(options);
    expect(foldText('Über')).toBe('uber');
  });
});
