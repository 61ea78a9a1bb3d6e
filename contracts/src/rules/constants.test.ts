import { isPageSize, PAGE_SIZES, startsAuthorAutocomplete, titleSearchWords } from './constants';

describe('page sizes', () => {
  it('every integer from -1 to 101 is a page size exactly when it is one of the options', () => {
    for (let n = -1; n <= 101; n += 1) expect(isPageSize(n)).toBe([5, 10, 20, 50, 100].includes(n));
  });
  it.each([['5'], [5.5], [NaN], [null], [undefined], [[5]], [{}]])('%p is not a page size', (value) =>
    expect(isPageSize(value)).toBe(false),
  );
  it('the options rise, so the list offers them in order', () => {
    expect([...PAGE_SIZES].sort((a, b) => a - b)).toEqual([...PAGE_SIZES]);
  });
});

describe('author autocomplete starts at 3 characters', () => {
  it.each([
    ['', false],
    ['a', false],
    ['ab', false],
    ['abc', true],
    ['abcd', true],
    ['ü', false],
    ['üöä', true],
    // One character outside the BMP is two UTF-16 units but one character.
    ['😀😀', false],
    ['😀😀😀', true],
  ])('%p → %p', (term, starts) => expect(startsAuthorAutocomplete(term)).toBe(starts));
});

describe('title search words', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['pier', ['pier']],
    ['  pier   storm ', ['pier', 'storm']],
    ['a\tb\nc', ['a', 'b', 'c']],
  ])('%p → %p', (text, words) => expect(titleSearchWords(text)).toEqual(words));
});
