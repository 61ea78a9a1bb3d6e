import { parseImporterId } from './importer';

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
