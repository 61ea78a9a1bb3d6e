import { adNeedsFetch, addAllById, addById, hasId, parseAdId, removeById } from './collections';

// Empty tag text is ignored: shared/src/fields/TagsField.test.tsx (no request goes out).
describe('list add rules', () => {
  it('ignores an item already present (same id), keeps the list identity', () => {
    const tags = [{ id: 1, title: 'A' }];
    expect(addById(tags, { id: 1, title: 'A again' })).toBe(tags);
    expect(addById(tags, { id: 2, title: 'B' })).toEqual([
      { id: 1, title: 'A' },
      { id: 2, title: 'B' },
    ]);
    expect(
      addAllById(tags, [
        { id: 2, title: 'B' },
        { id: 1, title: 'x' },
        { id: 2, title: 'B' },
      ]),
    ).toEqual([
      { id: 1, title: 'A' },
      { id: 2, title: 'B' },
    ]);
  });
  it('removes by id', () => {
    expect(removeById([{ id: 1 }, { id: 2 }], 1)).toEqual([{ id: 2 }]);
    expect(removeById([{ id: 1 }], 5)).toEqual([{ id: 1 }]);
  });
});

describe('ads by numeric id', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    [7, 7],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [null, null],
    ['99999999999999999999', null],
  ])('%p → %p', (text, id) => {
    expect(parseAdId(text)).toBe(id);
  });
  it('is fetched only when not already on the article', () => {
    expect(adNeedsFetch([{ id: 3 }], 3)).toBe(false);
    expect(adNeedsFetch([{ id: 3 }], 4)).toBe(true);
    expect(adNeedsFetch([], 4)).toBe(true);
  });
});

describe('video response', () => {
  it('needs an id', () => {
    expect(hasId({ id: 5 })).toBe(true);
    expect(hasId({ id: '5' })).toBe(true);
    expect(hasId({ id: 0 })).toBe(false);
    expect(hasId({ id: '' })).toBe(false);
    expect(hasId({})).toBe(false);
    expect(hasId(null)).toBe(false);
    expect(hasId([])).toBe(false);
  });
});
