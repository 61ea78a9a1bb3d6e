import { holdsRight, isRight, RIGHTS } from 'contracts/rules/rights';

describe('rights', () => {
  it('names every right of spec section 6 once, plus manage_categories, view_activity, manage_users, manage_desks and manage_webhooks', () => {
    const spec = ['import', 'create_article', 'edit_all_articles', 'view_all_articles', 'approve_article', 'set_access', 'feature_article'];
    expect(new Set(RIGHTS).size).toBe(RIGHTS.length);
    expect([...RIGHTS].sort()).toEqual(
      [...spec, 'manage_categories', 'view_activity', 'manage_users', 'manage_desks', 'manage_webhooks'].sort(),
    );
  });

  it.each(RIGHTS)('%s is a right', (right) => {
    expect(isRight(right)).toBe(true);
  });

  it.each([['Import'], ['approve'], [''], [' import'], [null], [undefined], [1], [['import']], [{ right: 'import' }]])(
    '%p is not a right',
    (value) => {
      expect(isRight(value)).toBe(false);
    },
  );

  it('a user holds exactly the rights granted, for every subset of one or two rights', () => {
    for (const a of RIGHTS) {
      for (const b of RIGHTS) {
        const granted = [a, b];
        for (const right of RIGHTS) expect(holdsRight(granted, right)).toBe(right === a || right === b);
      }
    }
    for (const right of RIGHTS) expect(holdsRight([], right)).toBe(false);
  });
});
