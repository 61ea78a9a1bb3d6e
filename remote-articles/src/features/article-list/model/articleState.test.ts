import { publicUrl, stateLabelKey, statusIconKind } from './articleState';

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

describe('stateLabelKey', () => {
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
  ])('state %p → %s', (state, key) => expect(stateLabelKey(state)).toBe(key));
});

describe('publicUrl: only a published article links its title', () => {
  it('published with url', () => expect(publicUrl({ state: 1, url: 'https://x.test/a' })).toBe('https://x.test/a'));
  it('published without url', () => {
    expect(publicUrl({ state: 1, url: '' })).toBeNull();
    expect(publicUrl({ state: 1, url: '   ' })).toBeNull();
    expect(publicUrl({ state: 1, url: null })).toBeNull();
    expect(publicUrl({ state: 1 })).toBeNull();
  });
  it.each([0, 4, 5, -2])('state %p never links', (state) =>
    expect(publicUrl({ state, url: 'https://x.test/a' })).toBeNull(),
  );
});
