import type { CategoryNode } from 'contracts/schemas/categories';
import { categoryTitles, scopeOptions, scopeSummary } from './categoryScope';

const node = (id: number, title: string, subcategories: CategoryNode[] = []): CategoryNode => ({
  id,
  title,
  alias: title.toLowerCase(),
  colour: null,
  parent_id: null,
  enabled: 1,
  level: 1,
  leaf: subcategories.length === 0,
  selected: false,
  subcategories,
});

const TREE = [node(8, 'Portal', [node(100, 'News', [node(106, 'Politics')]), node(200, 'Sport')])];

describe('category scope of a role', () => {
  it('offers every category of the tree, nested', () => {
    expect(scopeOptions(TREE)).toEqual([
      {
        value: 8,
        title: 'Portal',
        children: [
          { value: 100, title: 'News', children: [{ value: 106, title: 'Politics' }] },
          { value: 200, title: 'Sport' },
        ],
      },
    ]);
  });

  it('summarises everywhere, nowhere, and the titles of the chosen categories (an unknown one by id)', () => {
    const titles = categoryTitles(TREE);
    expect(scopeSummary(null, titles)).toEqual({ kind: 'everywhere' });
    expect(scopeSummary([], titles)).toEqual({ kind: 'nowhere' });
    expect(scopeSummary([106, 200, 999], titles)).toEqual({ kind: 'categories', titles: ['Politics', 'Sport', '#999'] });
  });
});
