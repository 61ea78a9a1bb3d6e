/**
 * The rights a user can hold (spec section 6, plus manage_categories for the category screen,
 * view_activity for the activity log, manage_users for the people screens: users, roles, and
 * manage_desks for desks, their stages and members, manage_webhooks for webhook subscriptions), and
 * what each one allows. The API grants and checks them; the front ends show or hide by them.
 * A user's rights come from the server (GET /api/user/permissions); this list says which names
 * exist, so an unknown name sent by an older or newer server is dropped, not trusted.
 */
export const RIGHTS = [
  'import',
  'create_article',
  'edit_all_articles',
  'view_all_articles',
  'approve_article',
  'set_access',
  'feature_article',
  'manage_categories',
  'view_activity',
  'manage_users',
  'manage_desks',
  'manage_webhooks',
] as const;

export type Right = (typeof RIGHTS)[number];

export function isRight(value: unknown): value is Right {
  return typeof value === 'string' && (RIGHTS as readonly string[]).includes(value);
}

/** Whether a list of granted rights holds `right`. */
export function holdsRight(granted: readonly string[], right: Right): boolean {
  return granted.includes(right);
}

/**
 * The rights a role's scope limits: those that act on an article. A scoped role's other rights
 * (import, manage_categories, …) hold everywhere, as an unscoped role's.
 */
export const ARTICLE_RIGHTS = [
  'create_article',
  'edit_all_articles',
  'view_all_articles',
  'approve_article',
  'set_access',
  'feature_article',
] as const satisfies readonly Right[];

export type ArticleRight = (typeof ARTICLE_RIGHTS)[number];

export function isArticleRight(right: Right): right is ArticleRight {
  return (ARTICLE_RIGHTS as readonly string[]).includes(right);
}

/**
 * What one role gives a user: its rights and its scope. `scope` null: everywhere; else the category
 * ids whose subtrees (the category and all its descendants) its article rights are limited to. An
 * empty scope limits them to nowhere (the last scoped category was deleted): never everywhere.
 */
export interface RightGrant {
  rights: readonly Right[];
  scope: readonly number[] | null;
}

/**
 * Whether a grant's scope covers a category, given the category's ancestor path: the category itself
 * first, then its parent, … up to the root. An empty path is "no category": only an unscoped grant covers it.
 */
export function scopeCovers(scope: readonly number[] | null, path: readonly number[]): boolean {
  if (scope === null) return true;
  return path.some((id) => scope.includes(id));
}

/** Every right the grants hold somewhere (the navbar and the screens' coarse checks). */
export function rightsAnywhere(grants: readonly RightGrant[]): Right[] {
  const held = new Set(grants.flatMap((grant) => grant.rights));
  return RIGHTS.filter((right) => held.has(right));
}

/** Whether any grant is limited to a scope (else every right holds everywhere and no article needs its path). */
export function isScoped(grants: readonly RightGrant[]): boolean {
  return grants.some((grant) => grant.scope !== null && grant.rights.some(isArticleRight));
}

/**
 * A user's effective rights on an article whose main category has the ancestor path `path`: a right
 * is held when any grant holds it and, for an article right, that grant's scope covers the category.
 * In RIGHTS order, without duplicates.
 */
export function rightsInCategory(grants: readonly RightGrant[], path: readonly number[]): Right[] {
  const held = new Set<Right>();
  for (const grant of grants) {
    const covers = scopeCovers(grant.scope, path);
    for (const right of grant.rights) if (covers || !isArticleRight(right)) held.add(right);
  }
  return RIGHTS.filter((right) => held.has(right));
}

/** Whether `right` is held on an article whose main category has the ancestor path `path`. */
export function holdsRightIn(grants: readonly RightGrant[], right: Right, path: readonly number[]): boolean {
  return grants.some((grant) => grant.rights.includes(right) && (!isArticleRight(right) || scopeCovers(grant.scope, path)));
}

/**
 * Where `right` is held: null everywhere (some grant holding it is unscoped, or it is no article
 * right); else the subtree roots of the scoped grants holding it (empty: nowhere). The list and
 * searches filter by it.
 */
export function scopeOfRight(grants: readonly RightGrant[], right: Right): number[] | null {
  const holding = grants.filter((grant) => grant.rights.includes(right));
  if (!isArticleRight(right) && holding.length > 0) return null;
  if (holding.some((grant) => grant.scope === null)) return null;
  return [...new Set(holding.flatMap((grant) => grant.scope ?? []))].sort((a, b) => a - b);
}

/**
 * Where a save may put an article (its main category and category), as the subtree roots: null
 * anywhere. A new article needs create_article there; the owner's own article goes anywhere (an owner
 * edits it whatever their rights); someone else's needs edit_all_articles there. The editor offers
 * only these main categories; the server refuses the others (article_category_outside_scope).
 */
export function placementScope(grants: readonly RightGrant[], placing: { creating: boolean; owner: boolean }): number[] | null {
  if (placing.creating) return scopeOfRight(grants, 'create_article');
  if (placing.owner) return null;
  return scopeOfRight(grants, 'edit_all_articles');
}

/**
 * A role's scope as it is saved: null (everywhere) or its distinct category ids in order. A role
 * with scope but no article right is saved as it is sent (the scope says nothing then).
 */
export function normalScope(scope: readonly number[] | null | undefined): number[] | null {
  if (scope === null || scope === undefined) return null;
  return [...new Set(scope)].sort((a, b) => a - b);
}
