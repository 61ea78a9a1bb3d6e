// The one rule of the flags a user may not set (issue 11, defect 16): one case per right × flag × path.
// The attacks through the API are in api/test/article-flags.test.ts.
import type { Right } from 'contracts/rules/rights';
import {
  ARTICLE_PATHS,
  FLAG_RIGHTS,
  GUARDED_FLAGS,
  NEW_ARTICLE_FLAGS,
  refusedFlag,
  type ArticleFlags,
  type ArticlePath,
  type GuardedFlag,
} from 'contracts/rules/article-flags';

/** A stored article whose every flag differs from a new article's. */
const STORED: ArticleFlags = { state: 1, access: 1, featured: 1, newsletter: 1 };
/** A value differing from both the new article's and the stored one, per flag. */
const OTHER: Record<GuardedFlag, number> = { state: 0, access: 3, featured: 1, newsletter: 1 };

const NEW_PATHS: ReadonlySet<ArticlePath> = new Set(['create', 'copy', 'import']);

interface Case {
  path: ArticlePath;
  flag: GuardedFlag;
  withRight: boolean;
  /** What the user asks the flag to be. */
  wanted: 'baseline' | 'stored' | 'other';
}

const cases: Case[] = ARTICLE_PATHS.flatMap((path) =>
  GUARDED_FLAGS.flatMap((flag) =>
    [true, false].flatMap((withRight) => (['baseline', 'stored', 'other'] as const).map((wanted) => ({ path, flag, withRight, wanted }))),
  ),
);

function valueOf(c: Case): number {
  const baseline = NEW_PATHS.has(c.path) ? NEW_ARTICLE_FLAGS : STORED;
  if (c.wanted === 'baseline') return baseline[c.flag];
  if (c.wanted === 'stored') return STORED[c.flag];
  // "other" for featured/newsletter is the only value that is not a new article's.
  return c.flag === 'state' && !NEW_PATHS.has(c.path) ? 5 : OTHER[c.flag];
}

/** The expected answer, written from the spec (not from the module): may the result hold the value? */
function allowed(c: Case, value: number): boolean {
  if (c.withRight) return true;
  const baseline = NEW_PATHS.has(c.path) ? NEW_ARTICLE_FLAGS[c.flag] : STORED[c.flag];
  if (value === baseline) return true;
  // Without approve_article: a new article may start Unpublished or submitted, a stored one be submitted or trashed.
  if (c.flag === 'state') return NEW_PATHS.has(c.path) ? [0, 4].includes(value) : [4, -2].includes(value);
  return false;
}

describe('article flags rule: right × flag × path', () => {
  it.each(
    cases.map(
      (c) => [`${c.path} ${c.flag} ${c.withRight ? 'with' : 'without'} ${FLAG_RIGHTS[c.flag]}, wanting the ${c.wanted} value`, c] as const,
    ),
  )('%s', (_name, c) => {
    const value = valueOf(c);
    const everyOtherRight = (Object.values(FLAG_RIGHTS) as Right[]).filter((right) => right !== FLAG_RIGHTS[c.flag]);
    const rights: Right[] = c.withRight ? [FLAG_RIGHTS[c.flag]] : everyOtherRight;
    const refusal = refusedFlag(c.path, { [c.flag]: value }, STORED, rights);
    if (allowed(c, value)) expect(refusal).toBeNull();
    else expect(refusal).toMatchObject({ flag: c.flag, right: FLAG_RIGHTS[c.flag], code: `article_flag_${c.flag}_forbidden` });
  });

  it('a copy is compared with a new article, never with the copied one', () => {
    for (const flag of ['featured', 'access', 'newsletter'] as const) {
      expect(refusedFlag('copy', { [flag]: STORED[flag] }, STORED, ['create_article'])).toMatchObject({ flag });
      expect(refusedFlag('save', { [flag]: STORED[flag] }, STORED, ['create_article'])).toBeNull();
    }
  });

  it('checks only the flags given, and covers every path and flag', () => {
    expect(refusedFlag('create', {}, null, [])).toBeNull();
    expect(cases).toHaveLength(ARTICLE_PATHS.length * GUARDED_FLAGS.length * 2 * 3);
  });
});
