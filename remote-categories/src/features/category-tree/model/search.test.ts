import type { CategoryNode } from './tree';
import { foldText, searchCategories } from './search';

const node = (id: number, title: string, subcategories: CategoryNode[] = []): CategoryNode =>
  ({
    id,
    title,
    alias: title,
    colour: '#000000',
    parent_id: null,
    level: 1,
    leaf: subcategories.length === 0,
    selected: false,
    enabled: 1,
    subcategories,
  }) as CategoryNode;

const tree = [node(1, 'News', [node(2, 'World', [node(3, 'Europe'), node(4, 'Éclair news')]), node(5, 'Science')]), node(6, 'Newsletter')];

describe('searchCategories', () => {
  it('finds titles containing the text in any case, accents ignored, with their path, in tree order', () => {
    expect(searchCategories(tree, ' NEWS ').map((m) => [m.node.id, m.path])).toEqual([
      [1, []],
      [4, ['News', 'World']],
      [6, []],
    ]);
    expect(searchCategories(tree, 'eclair').map((m) => m.node.id)).toEqual([4]);
    expect(searchCategories(tree, 'rope').map((m) => m.path)).toEqual([['News', 'World']]);
  });

  it('finds nothing for empty text or no match', () => {
    expect(searchCategories(tree, '   ')).toEqual([]);
    expect(searchCategories(tree, 'zzz')).toEqual([]);
  });

  it('folds case and accents', () => {
    expect(foldText('Über Éclair')).toBe('uber eclair');
  });
});
