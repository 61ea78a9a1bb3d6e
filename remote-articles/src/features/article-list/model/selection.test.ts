import { DEFAULT_FILTER, setPage, setPageSize, toggleSort, changeFilter, type ArticleFilter } from './filterModel';
import {
  emptySelection,
  forPage,
  headerState,
  isSelected,
  pageScope,
  selectedOnPage,
  toggleAllOnPage,
  toggleRow,
  type Selection,
} from './selection';

const PAGE = [31, 30, 29, 28, 27];
const scope = pageScope(DEFAULT_FILTER);
const start = emptySelection(scope);

describe('bulk selection', () => {
  it('starts empty, with the header unticked', () => {
    expect(start.ids).toEqual([]);
    expect(headerState(start, PAGE)).toEqual({ checked: false, indeterminate: false, disabled: false });
  });

  it('ticks and unticks rows; the header shows some, then all', () => {
    let selection = toggleRow(start, 29, true);
    expect(isSelected(selection, 29)).toBe(true);
    expect(headerState(selection, PAGE)).toEqual({ checked: false, indeterminate: true, disabled: false });
    for (const id of PAGE) selection = toggleRow(selection, id, true);
    expect(selection.ids).toHaveLength(PAGE.length);
    expect(headerState(selection, PAGE)).toEqual({ checked: true, indeterminate: false, disabled: false });
    selection = toggleRow(selection, 31, false);
    expect(isSelected(selection, 31)).toBe(false);
    expect(headerState(selection, PAGE).indeterminate).toBe(true);
  });

  it('ticking a ticked row (or unticking an unticked one) changes nothing', () => {
    const one = toggleRow(start, 30, true);
    expect(toggleRow(one, 30, true)).toBe(one);
    expect(toggleRow(start, 30, false)).toBe(start);
  });

  it('select all on this page ticks every row of the page, once; unticking it clears the selection', () => {
    const some = toggleRow(start, 28, true);
    const all = toggleAllOnPage(some, PAGE, true);
    expect([...all.ids].sort()).toEqual([...PAGE].sort());
    expect(new Set(all.ids).size).toBe(all.ids.length);
    expect(headerState(all, PAGE).checked).toBe(true);
    const none = toggleAllOnPage(all, PAGE, false);
    expect(none.ids).toEqual([]);
    expect(headerState(none, PAGE)).toEqual({ checked: false, indeterminate: false, disabled: false });
  });

  it('gives the selected ids in the order of the page, whatever the order they were ticked in', () => {
    let selection = toggleRow(start, 27, true);
    selection = toggleRow(selection, 31, true);
    selection = toggleRow(selection, 29, true);
    expect(selectedOnPage(selection, PAGE)).toEqual([31, 29, 27]);
  });

  it('an empty page has nothing to select: the header is disabled', () => {
    expect(headerState(start, [])).toEqual({ checked: false, indeterminate: false, disabled: true });
    expect(toggleAllOnPage(start, [], true).ids).toEqual([]);
  });

  describe('clears on a page or filter change', () => {
    const ticked = toggleAllOnPage(start, PAGE, true);
    const changes: Array<[string, ArticleFilter]> = [
      ['another page', setPage(DEFAULT_FILTER, 2)],
      ['another page size', setPageSize(DEFAULT_FILTER, 20)],
      ['another sort', toggleSort(DEFAULT_FILTER, 'title')],
      ['another status', changeFilter(DEFAULT_FILTER, 'status', '1').filter],
      ['another category', changeFilter(DEFAULT_FILTER, 'category', '100').filter],
      ['a search', { ...DEFAULT_FILTER, search: 'storm' }],
      ['an author', { ...DEFAULT_FILTER, author: 'Jane' }],
      ['featured only', changeFilter(DEFAULT_FILTER, 'featured', '1').filter],
      ['another submitter', changeFilter(DEFAULT_FILTER, 'user', '4').filter],
    ];
    it.each(changes)('%s', (_name, filter) => {
      const next = pageScope(filter);
      expect(next).not.toBe(scope);
      const shown = forPage(ticked, next, PAGE);
      expect(shown).toEqual(emptySelection(next));
    });

    it('the same filter again (a reload) keeps it, as the same object', () => {
      expect(pageScope({ ...DEFAULT_FILTER })).toBe(scope);
      expect(forPage(ticked, scope, PAGE)).toBe(ticked);
    });
  });

  it('after a reload, rows that left the page leave the selection (the others stay)', () => {
    const selection: Selection = toggleAllOnPage(start, PAGE, true);
    const reloaded = [30, 28, 26, 25, 24]; // 31, 29 and 27 were trashed
    const shown = forPage(selection, scope, reloaded);
    expect(shown.ids).toEqual([30, 28]);
    expect(headerState(shown, reloaded)).toEqual({ checked: false, indeterminate: true, disabled: false });
  });
});
