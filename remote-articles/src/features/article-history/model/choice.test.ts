import { comparedPair, toggleChoice } from './choice';

describe('choosing two revisions', () => {
  it('adds, removes, and keeps the last two ticked', () => {
    expect(toggleChoice([], 5)).toEqual([5]);
    expect(toggleChoice([5], 3)).toEqual([5, 3]);
    expect(toggleChoice([5, 3], 5)).toEqual([3]);
    expect(toggleChoice([5, 3], 9)).toEqual([3, 9]);
  });

  it('compares older with newer once two are chosen', () => {
    expect(comparedPair([])).toBeNull();
    expect(comparedPair([4])).toBeNull();
    expect(comparedPair([9, 4])).toEqual([4, 9]);
    expect(comparedPair([4, 9])).toEqual([4, 9]);
  });
});
