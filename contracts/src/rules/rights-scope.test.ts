import {
  ARTICLE_RIGHTS,
  holdsRightIn,
  isArticleRight,
  isScoped,
  normalScope,
  placementScope,
  RIGHTS,
  rightsAnywhere,
  rightsInCategory,
  scopeCovers,
  scopeOfRight,
  type Right,
  type RightGrant,
} from 'contracts/rules/rights';

/** A small tree: 8 the root; 10 Sport > 11 Football > 12 League; 20 Politics > 21 Elections. */
const PATHS: Record<string, readonly number[]> = {
  root: [8],
  sport: [10, 8],
  football: [11, 10, 8],
  league: [12, 11, 10, 8],
  politics: [20, 8],
  elections: [21, 20, 8],
  none: [],
};
const SUBTREE: Record<number, readonly string[]> = {
  8: ['root', 'sport', 'football', 'league', 'politics', 'elections'],
  10: ['sport', 'football', 'league'],
  11: ['football', 'league'],
  12: ['league'],
  20: ['politics', 'elections'],
  21: ['elections'],
};
const SCOPES: ReadonlyArray<readonly number[] | null> = [null, [], [8], [10], [11], [12], [20], [21], [10, 20], [11, 21], [12, 20]];

/** What a scope covers, from the subtree table (not from the ancestor paths the rule reads). */
function covered(scope: readonly number[] | null, place: string): boolean {
  if (scope === null) return true;
  return scope.some((root) => SUBTREE[root]?.includes(place));
}

describe('rights scoped to category subtrees', () => {
  it('the article rights are the spec section 6 rights that act on an article', () => {
    expect([...ARTICLE_RIGHTS].sort()).toEqual(
      ['approve_article', 'create_article', 'edit_all_articles', 'feature_article', 'set_access', 'view_all_articles'].sort(),
    );
    for (const right of ['import', 'manage_categories', 'view_activity', 'manage_users'] as Right[])
      expect(isArticleRight(right)).toBe(false);
  });

  it.each(SCOPES.flatMap((scope) => Object.keys(PATHS).map((place) => [scope, place] as const)))(
    'scope %p covers %s exactly when the place is in one of its subtrees',
    (scope, place) => {
      expect(scopeCovers(scope, PATHS[place] as number[])).toBe(covered(scope, place));
    },
  );

  it('every right × every scope × every place, alone and beside an unscoped role without it', () => {
    for (const right of RIGHTS) {
      for (const scope of SCOPES) {
        for (const [place, path] of Object.entries(PATHS)) {
          const expected = !isArticleRight(right) || covered(scope, place);
          const alone: RightGrant[] = [{ rights: [right], scope }];
          expect(holdsRightIn(alone, right, path)).toBe(expected);
          expect(rightsInCategory(alone, path)).toEqual(expected ? [right] : []);
          const other = RIGHTS.find((candidate) => candidate !== right) as Right;
          const beside: RightGrant[] = [...alone, { rights: [other], scope: null }];
          expect(holdsRightIn(beside, right, path)).toBe(expected);
          expect(holdsRightIn(beside, other, path)).toBe(true);
        }
      }
    }
  });

  it('a right is held when any one role grants it where the article is (the roles add up, never narrow each other)', () => {
    const sportApprover: RightGrant = { rights: ['view_all_articles', 'approve_article'], scope: [10] };
    const politicsEditor: RightGrant = { rights: ['view_all_articles', 'edit_all_articles'], scope: [20] };
    const submitter: RightGrant = { rights: ['create_article'], scope: null };
    const grants = [sportApprover, politicsEditor, submitter];
    expect(rightsInCategory(grants, PATHS.league as number[])).toEqual(['create_article', 'view_all_articles', 'approve_article']);
    expect(rightsInCategory(grants, PATHS.elections as number[])).toEqual(['create_article', 'edit_all_articles', 'view_all_articles']);
    expect(rightsInCategory(grants, PATHS.root as number[])).toEqual(['create_article']);
    expect(rightsInCategory(grants, [])).toEqual(['create_article']);
    expect(rightsAnywhere(grants)).toEqual(['create_article', 'edit_all_articles', 'view_all_articles', 'approve_article']);
  });

  it('a scoped role keeps its other rights everywhere', () => {
    const grants: RightGrant[] = [{ rights: ['import', 'approve_article', 'manage_categories'], scope: [10] }];
    expect(rightsInCategory(grants, PATHS.politics as number[])).toEqual(['import', 'manage_categories']);
    expect(rightsInCategory(grants, PATHS.sport as number[])).toEqual(['import', 'approve_article', 'manage_categories']);
    expect(scopeOfRight(grants, 'import')).toBeNull();
    expect(scopeOfRight(grants, 'approve_article')).toEqual([10]);
  });

  it('rightsInCategory is exactly the rights holdsRightIn says, in RIGHTS order, for every pair of roles', () => {
    const rightSets: Right[][] = [
      [],
      ['view_all_articles'],
      ['approve_article', 'import'],
      ['edit_all_articles', 'set_access'],
      [...RIGHTS],
    ];
    for (const a of rightSets)
      for (const b of rightSets)
        for (const sa of SCOPES)
          for (const sb of [null, [11], [20]])
            for (const path of Object.values(PATHS)) {
              const grants: RightGrant[] = [
                { rights: a, scope: sa },
                { rights: b, scope: sb },
              ];
              expect(rightsInCategory(grants, path)).toEqual(RIGHTS.filter((right) => holdsRightIn(grants, right, path)));
            }
  });

  it("placementScope: a new article where create_article holds; the own one anywhere; another's where edit_all_articles holds", () => {
    const scopes: Array<readonly number[] | null> = [null, [], [10], [20, 12]];
    for (const createScope of scopes)
      for (const editScope of scopes) {
        const grants: RightGrant[] = [
          { rights: ['create_article'], scope: createScope },
          { rights: ['edit_all_articles', 'view_all_articles'], scope: editScope },
        ];
        for (const owner of [true, false]) {
          const creating = placementScope(grants, { creating: true, owner });
          expect(creating).toEqual(scopeOfRight(grants, 'create_article'));
          const editing = placementScope(grants, { creating: false, owner });
          expect(editing).toEqual(owner ? null : scopeOfRight(grants, 'edit_all_articles'));
          // Whatever it answers is exactly where the save's check (holdsRightIn on the category's path) passes.
          for (const path of Object.values(PATHS)) {
            const covered = (roots: number[] | null) => roots === null || path.some((id) => roots.includes(id));
            expect(covered(creating)).toBe(holdsRightIn(grants, 'create_article', path));
            if (!owner) expect(covered(editing)).toBe(holdsRightIn(grants, 'edit_all_articles', path));
          }
        }
      }
  });

  it('scopeOfRight: null when an unscoped role holds it, else the union of the scopes holding it', () => {
    expect(scopeOfRight([], 'approve_article')).toEqual([]);
    expect(scopeOfRight([{ rights: ['approve_article'], scope: null }], 'approve_article')).toBeNull();
    expect(
      scopeOfRight(
        [
          { rights: ['approve_article'], scope: [20, 10] },
          { rights: ['approve_article'], scope: [10, 12] },
          { rights: ['view_all_articles'], scope: [21] },
        ],
        'approve_article',
      ),
    ).toEqual([10, 12, 20]);
    expect(
      scopeOfRight(
        [
          { rights: ['approve_article'], scope: [10] },
          { rights: ['approve_article'], scope: null },
        ],
        'approve_article',
      ),
    ).toBeNull();
    expect(scopeOfRight([{ rights: ['approve_article'], scope: [] }], 'approve_article')).toEqual([]);
  });

  it('isScoped: only a scope over article rights limits anything', () => {
    expect(isScoped([{ rights: [...RIGHTS], scope: null }])).toBe(false);
    expect(isScoped([{ rights: ['import', 'manage_users'], scope: [10] }])).toBe(false);
    expect(isScoped([{ rights: ['set_access'], scope: [10] }])).toBe(true);
    expect(isScoped([{ rights: ['set_access'], scope: [] }])).toBe(true);
  });

  it('normalScope keeps null (everywhere) apart from [] (nowhere) and sorts distinct ids', () => {
    expect(normalScope(undefined)).toBeNull();
    expect(normalScope(null)).toBeNull();
    expect(normalScope([])).toEqual([]);
    expect(normalScope([20, 10, 20])).toEqual([10, 20]);
  });
});
