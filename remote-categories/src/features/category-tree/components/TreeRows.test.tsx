import type { VisibleRow } from '../model/tree';
import { treeItemProps } from './TreeRows';

const row = (over: Partial<VisibleRow>): VisibleRow => ({
  node: { id: 7, title: 'News' } as VisibleRow['node'],
  depth: 1,
  hasChildren: true,
  expanded: false,
  descendantCount: 3,
  position: 2,
  siblings: 5,
  ...over,
});

describe('treeItemProps', () => {
  it('says where the row sits and whether it is open', () => {
    expect(treeItemProps(row({}))).toEqual({
      role: 'treeitem',
      'aria-level': 2,
      'aria-posinset': 2,
      'aria-setsize': 5,
      'aria-expanded': false,
      'aria-label': 'News',
    });
  });

  it('leaves aria-expanded off a leaf', () => {
    expect(treeItemProps(row({ hasChildren: false }))['aria-expanded']).toBeUndefined();
  });
});
