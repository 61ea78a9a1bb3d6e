/**
 * The flags of an article a user may set only with a right (spec sections 4 and 6), as one pure
 * rule used by every path that creates or changes an article: no database, no HTTP.
 *
 * - featured ← feature_article; access and newsletter ← set_access; state ← approve_article.
 * - What a flag is compared with (its baseline) depends on the path: a path that makes a NEW
 *   article (create, copy, import) compares with what a new article gets (NEW_ARTICLE_FLAGS), never
 *   with the article copied from, so a copy cannot carry a flag its user may not set; a path that
 *   changes a stored article (save, the list's field update) compares with the stored value.
 * - Without approve_article a new article may still start Unpublished (0) or submitted (4 Awaiting
 *   approval): neither is visible before someone approves it; only Published (1) is an approval. A
 *   stored article may still be submitted (4) or moved to the trash (-2): the owner's actions of spec
 *   section 4, checked by the state rules (article-state.ts), not approvals.
 */
import type { Right } from './rights';

export interface ArticleFlags {
  state: number;
  access: number;
  featured: number;
  newsletter: number;
}

export type GuardedFlag = keyof ArticleFlags;
export const GUARDED_FLAGS: readonly GuardedFlag[] = ['featured', 'access', 'newsletter', 'state'];

/** The right each flag needs. */
export const FLAG_RIGHTS: Readonly<Record<GuardedFlag, Right>> = {
  featured: 'feature_article',
  access: 'set_access',
  newsletter: 'set_access',
  state: 'approve_article',
};

/** What a new article gets: a draft, Registered, not featured, not in the newsletter. */
export const NEW_ARTICLE_FLAGS: Readonly<ArticleFlags> = Object.freeze({ state: 5, access: 2, featured: 0, newsletter: 0 });

/** Paths that write an article: the editor's create, copy (Duplicate) and save, the list's field update, the import. */
export type ArticlePath = 'create' | 'copy' | 'import' | 'save' | 'update';
export const ARTICLE_PATHS: readonly ArticlePath[] = ['create', 'copy', 'import', 'save', 'update'];

const NEW_ARTICLE_PATHS: ReadonlySet<ArticlePath> = new Set(['create', 'copy', 'import']);

/** States reachable without approve_article besides the baseline (see above). */
const STATES_WITHOUT_APPROVAL: Readonly<Record<'new' | 'stored', readonly number[]>> = { new: [0, 4], stored: [-2, 4] };

export interface FlagRefusal {
  flag: GuardedFlag;
  right: Right;
  /** The catalogue code of the refusal (contracts/errors/api-errors.json). */
  code:
    | 'article_flag_featured_forbidden'
    | 'article_flag_access_forbidden'
    | 'article_flag_newsletter_forbidden'
    | 'article_flag_state_forbidden';
  /** The value the flag may keep without the right. */
  allowed: number;
}

export function makesNewArticle(path: ArticlePath): boolean {
  return NEW_ARTICLE_PATHS.has(path);
}

/** The value each flag is compared with: a new article's on create/copy/import, the stored one otherwise. */
export function flagBaseline(path: ArticlePath, stored: ArticleFlags | null): ArticleFlags {
  if (makesNewArticle(path) || !stored) return NEW_ARTICLE_FLAGS;
  return stored;
}

/** Whether `wanted` may be the flag's value for a user with `rights`, on this path. */
export function mayHaveFlag(
  flag: GuardedFlag,
  wanted: number,
  path: ArticlePath,
  stored: ArticleFlags | null,
  rights: readonly Right[],
): boolean {
  if (rights.includes(FLAG_RIGHTS[flag])) return true;
  const baseline = flagBaseline(path, stored)[flag];
  if (wanted === baseline) return true;
  if (flag === 'state') return STATES_WITHOUT_APPROVAL[makesNewArticle(path) ? 'new' : 'stored'].includes(wanted);
  return false;
}

/**
 * The first flag of `wanted` the user may not give the result on this path, or null when all may
 * stand. Flags absent from `wanted` are left as they are by the path and not checked.
 */
export function refusedFlag(
  path: ArticlePath,
  wanted: Partial<ArticleFlags>,
  stored: ArticleFlags | null,
  rights: readonly Right[],
): FlagRefusal | null {
  for (const flag of GUARDED_FLAGS) {
    const value = wanted[flag];
    if (value === undefined || mayHaveFlag(flag, value, path, stored, rights)) continue;
    return { flag, right: FLAG_RIGHTS[flag], code: `article_flag_${flag}_forbidden`, allowed: flagBaseline(path, stored)[flag] };
  }
  return null;
}
