import { parseDefaults, parseImporterId } from './importer';

describe('parseDefaults', () => {
  it.each([
    [null, {}],
    [undefined, {}],
    ['', {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['"text"', {}],
    [[1], {}],
    [42, {}],
    ['{"date":"2"}', { date: '2' }],
    [{ date: '2' }, { date: '2' }],
  ])('%p → %p', (input, expected) => expect(parseDefaults(input)).toEqual(expected));
});

describe('parseImporterId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['0', null],
    ['-3', null],
    ['abc', null],
    ['1.5', null],
    ['', null],
    [undefined, null],
    ['99999999999999999999', null],
  ])('%p → %p', (raw, id) => expect(parseImporterId(raw)).toBe(id));
});
