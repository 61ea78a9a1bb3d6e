import {
  NO_RIGHTS,
  accessAction,
  approveValue,
  canRestore,
  deleteAction,
  featuredAction,
  newsletterAction,
  rowRightsOf,
  statusAction,
  type RowArticle,
  type RowRights,
} from './rowActions';

const ME = 7;
const OTHER = 9;
const article = (patch: Partial<RowArticle> = {}): RowArticle => ({
  id: 1,
  state: 1,
  access: 1,
  featured: 0,
  newsletter: 0,
  createdBy: ME,
  ...patch,
});

const RIGHT_NAMES = ['approve_article', 'set_access', 'feature_article', 'edit_all_articles'] as const;
/** Every combination of the four rights (16). */
const ALL_RIGHTS: RowRights[] = Array.from(
  { length: 16 },
  (_, mask) => Object.fromEntries(RIGHT_NAMES.map((name, bit) => [name, Boolean(mask & (1 << bit))])) as unknown as RowRights,
);
const STATES = [0, 1, 4, 5, -2, 3, -1, 99] as const;
const label = (r: RowRights) => RIGHT_NAMES.filter((n) => r[n]).join('+') || 'none';

describe('approveValue', () => {
  it.each([
    [1, 0],
    [0, 1],
    [4, 1],
    [5, 1],
    [-2, 1],
    [3, 1],
    ['1', 0],
    [null, 1],
  ])('state %p → %p', (state, value) => expect(approveValue(state)).toBe(value));
});

describe('statusAction: every state × rights × ownership', () => {
  for (const rights of ALL_RIGHTS) {
    for (const state of STATES) {
      for (const owner of [ME, OTHER, null]) {
        it(`state ${state}, rights ${label(rights)}, owner ${owner}`, () => {
          const action = statusAction(article({ state, createdBy: owner }), rights, ME);
          if (state === 5) {
            const canSubmit = rights.approve_article || rights.edit_all_articles || owner === ME;
            expect(action).toEqual(canSubmit ? { kind: 'submit' } : { kind: 'none' });
          } else if (rights.approve_article) {
            expect(action).toEqual({ kind: 'approve', update: { field: 'state', value: state === 1 ? 0 : 1 } });
          } else {
            expect(action).toEqual({ kind: 'none' });
          }
        });
      }
    }
  }

  it('a new article (id 0) is never submitted', () => {
    for (const rights of ALL_RIGHTS) expect(statusAction(article({ id: 0, state: 5 }), rights, ME)).toEqual({ kind: 'none' });
  });

  it('without a signed-in user a draft is not own', () => {
    expect(statusAction(article({ state: 5, createdBy: null }), NO_RIGHTS, null)).toEqual({ kind: 'none' });
    expect(statusAction(article({ state: 5, createdBy: ME }), NO_RIGHTS, null)).toEqual({ kind: 'none' });
  });

  it('reads a state given as a string', () => {
    expect(statusAction(article({ state: '5' }), NO_RIGHTS, ME)).toEqual({ kind: 'submit' });
  });
});

describe('accessAction: every access value × rights', () => {
  const cases: [unknown, string][] = [
    [1, 'public'],
    [2, 'registered'],
    [3, 'premium'],
    [0, 'other'],
    [null, 'other'],
  ];
  for (const rights of ALL_RIGHTS) {
    for (const [access, kind] of cases) {
      it(`access ${access}, rights ${label(rights)}`, () => {
        const action = accessAction(article({ access }), rights);
        expect(action.kind).toBe(kind);
        const togglable = rights.set_access && (access === 1 || access === 2);
        expect(action.update).toEqual(togglable ? { field: 'access', value: access === 1 ? 2 : 1 } : null);
      });
    }
  }
});

describe('newsletterAction and featuredAction: every value × rights', () => {
  for (const rights of ALL_RIGHTS) {
    for (const value of [0, 1, true, false, '1', null]) {
      const flag = value === 1 || value === true || value === '1' ? 1 : 0;
      it(`newsletter ${String(value)}, rights ${label(rights)}`, () => {
        const action = newsletterAction(article({ newsletter: value }), rights);
        expect(action.current).toBe(flag);
        expect(action.update).toEqual(rights.set_access ? { field: 'newsletter', value: 1 - flag } : null);
      });
      it(`featured ${String(value)}, rights ${label(rights)}`, () => {
        const action = featuredAction(article({ featured: value }), rights);
        expect(action.current).toBe(flag);
        expect(action.update).toEqual(rights.feature_article ? { field: 'featured', value: 1 - flag } : null);
      });
    }
  }
});

describe('deleteAction: every state', () => {
  it.each(STATES.map((s) => [s]))('state %p', (state) => {
    expect(deleteAction(article({ state }))).toEqual(state === -2 ? { kind: 'permanent' } : { kind: 'trash' });
  });
});

describe('canRestore: a trashed row, to whom may delete it (the owner, or edit_all_articles)', () => {
  it.each([-2, 0, 1, 4, 5, 2])('state %i', (state) => {
    const trashed = state === -2;
    expect(canRestore(article({ state, createdBy: 7 }), NO_RIGHTS, 7)).toBe(trashed);
    expect(canRestore(article({ state, createdBy: 8 }), NO_RIGHTS, 7)).toBe(false);
    expect(canRestore(article({ state, createdBy: 8 }), { ...NO_RIGHTS, edit_all_articles: true }, 7)).toBe(trashed);
    expect(
      canRestore(
        article({ state, createdBy: null }),
        { ...NO_RIGHTS, approve_article: true, set_access: true, feature_article: true },
        null,
      ),
    ).toBe(false);
  });
});

describe('rowRightsOf (scoped roles)', () => {
  const ALL: RowRights = { approve_article: true, set_access: true, feature_article: true, edit_all_articles: true };
  it("without the row's rights the user's rights decide", () => {
    expect(rowRightsOf(ALL, {})).toBe(ALL);
  });
  it("with them, the row's rights decide: outside the user's desks the actions are gone", () => {
    expect(rowRightsOf(ALL, { rights: ['view_all_articles', 'import'] })).toEqual(NO_RIGHTS);
    expect(rowRightsOf(NO_RIGHTS, { rights: ['approve_article', 'feature_article'] })).toEqual({
      ...NO_RIGHTS,
      approve_article: true,
      feature_article: true,
    });
    expect(featuredAction(article(), rowRightsOf(ALL, { rights: [] })).update).toBeNull();
  });
});
