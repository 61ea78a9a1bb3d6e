import { suggestionOptions, suggestionTerm } from './authorSuggest';

describe('author autocomplete', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['a', null],
    ['ab', null],
    [' ab ', null],
    ['abc', 'abc'],
    ['  lena   costa ', 'lena costa'],
    ['Zoë', 'Zoë'],
    ['😀😀', null],
    ['😀😀😀', '😀😀😀'],
  ])('%p asks for %p', (text, term) => {
    expect(suggestionTerm(text)).toBe(term);
  });

  it('turns the answer into options: names, trimmed, once each (any letter case), empty ones left out', () => {
    expect(
      suggestionOptions([
        { id: 1, name: 'Lena Costa' },
        { id: 2, name: ' lena costa ' },
        { id: 3, name: 'Leo Costa' },
        { id: 4, name: '' },
        { id: 5 },
        null,
      ]),
    ).toEqual([
      { value: 'Lena Costa', label: 'Lena Costa' },
      { value: 'Leo Costa', label: 'Leo Costa' },
    ]);
  });

  it.each([null, undefined, {}, 'x', 3])('an answer that is not a list (%p) gives no options', (answer) => {
    expect(suggestionOptions(answer)).toEqual([]);
  });
});
