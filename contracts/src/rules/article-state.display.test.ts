// What the screens show of a state (spec section 4): its name (label key), the row icon, the title link.
import {
  publicUrl,
  stateLabels,
  stateLabelsByValue,
  stateName,
  STATUS_FILTER_VALUES,
  statusIconKind,
  submitApplies,
  mayEditArticle,
} from './article-state';

describe('statusIconKind (spec section 4 row icons)', () => {
  it.each([
    [1, 'published'],
    [4, 'awaiting'],
    [5, 'draft'],
    [0, 'other'],
    // Issue 11 defect 11: a trashed row has its own icon, not Unpublished's minus.
    [-2, 'trash'],
    [-1, 'other'],
    [2, 'other'],
    [3, 'other'],
    [99, 'other'],
  ])('state %p → %s', (state, kind) => expect(statusIconKind(state)).toBe(kind));
  it.each([
    ['1', 'published'],
    [' 4 ', 'awaiting'],
    ['5', 'draft'],
    ['-2', 'trash'],
  ])('accepts the state as a string %p → %s', (state, kind) => expect(statusIconKind(state)).toBe(kind));
  it.each([null, undefined, '', 'x', 1.5, NaN, {}, true])('anything else (%p) is other', (state) =>
    expect(statusIconKind(state)).toBe('other'),
  );
});

describe('stateName', () => {
  it.each([
    [0, 'state.unpublished'],
    [1, 'state.published'],
    [4, 'state.awaitingApproval'],
    [5, 'state.draft'],
    [-2, 'state.trash'],
    [-1, 'state.other'],
    [2, 'state.other'],
    [null, 'state.other'],
    ['5', 'state.draft'],
  ])('state %p → %s', (state, key) => expect(`state.${stateName(state)}`).toBe(key));
});

describe('publicUrl: only a published article links its title', () => {
  it('published with url', () => expect(publicUrl({ state: 1, url: 'https://x.test/a' })).toBe('https://x.test/a'));
  it('published without url', () => {
    expect(publicUrl({ state: 1, url: '' })).toBeNull();
    expect(publicUrl({ state: 1, url: '   ' })).toBeNull();
    expect(publicUrl({ state: 1, url: null })).toBeNull();
    expect(publicUrl({ state: 1 })).toBeNull();
  });
  it.each([0, 4, 5, -2])('state %p never links', (state) => expect(publicUrl({ state, url: 'https://x.test/a' })).toBeNull());
});

describe('the status filter', () => {
  it('offers each state once, ending with Other (-1), each with its own label', () => {
    expect(STATUS_FILTER_VALUES.at(-1)).toBe(-1);
    expect(new Set(STATUS_FILTER_VALUES.map(stateName)).size).toBe(STATUS_FILTER_VALUES.length);
  });
});

describe('submitApplies: only a draft', () => {
  it.each([
    [5, true],
    ['5', true],
    [0, false],
    [1, false],
    [4, false],
    [-2, false],
    [3, false],
    [null, false],
    ['x', false],
  ])('state %p → %p', (state, applies) => expect(submitApplies(state)).toBe(applies));
});

describe('mayEditArticle: the owner or edit_all_articles', () => {
  const owners = [7, 8, null, undefined];
  const users = [7, 8, null];
  it('every owner × user × right', () => {
    for (const createdBy of owners) {
      for (const userId of users) {
        for (const editAll of [true, false]) {
          const own = userId !== null && createdBy === userId;
          expect(mayEditArticle(createdBy, userId, editAll)).toBe(editAll || own);
        }
      }
    }
  });
});

describe('state labels', () => {
  it.each([['en'], ['de']] as const)(
    '%s: every value from -3 to 6 has a label, one per named state and "Other" for the rest',
    (language) => {
      const labels = stateLabels(language);
      const byValue = stateLabelsByValue(['-3', '-2', '-1', '0', '1', '2', '3', '4', '5', '6'], language);
      expect(new Set(Object.values(labels)).size).toBe(6);
      for (const [value, label] of Object.entries(byValue)) expect([value, label]).toEqual([value, labels[stateName(value)]]);
      expect(byValue['-1']).toBe(labels.other);
      expect(byValue['3']).toBe(labels.other);
    },
  );
  it('reads as the spec words the states', () => {
    expect(stateLabelsByValue(['0', '4', '5', '1'], 'en')).toEqual({
      '0': 'Unpublished',
      '4': 'Awaiting approval',
      '5': 'Draft',
      '1': 'Published',
    });
  });
});
