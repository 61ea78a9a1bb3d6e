// Row actions of the article list (spec section 4 "Article state", section 6 rights). Pure: which
// action each row icon triggers for an article's state and the user's rights. No React, no I/O.
import { approvedState, mayEditArticle, STATE, submitApplies, toState } from 'contracts/rules/article-state';
import type { ArticleFieldUpdate, ArticleListItem } from 'contracts/schemas/articles';

/** The rights that decide the row actions. */
export interface RowRights {
  approve_article: boolean;
  set_access: boolean;
  feature_article: boolean;
  edit_all_articles: boolean;
}

export const NO_RIGHTS: Readonly<RowRights> = Object.freeze({
  approve_article: false,
  set_access: false,
  feature_article: false,
  edit_all_articles: false,
});

/**
 * The rights that decide one row's actions: the user's, or, for a user with scoped roles, those the
 * list says they hold on that article (the item's `rights`: where its category lies).
 */
export function rowRightsOf(userRights: RowRights, item: Pick<ArticleListItem, 'rights'>): RowRights {
  if (!item.rights) return userRights;
  const held = new Set<string>(item.rights);
  return {
    approve_article: held.has('approve_article'),
    set_access: held.has('set_access'),
    feature_article: held.has('feature_article'),
    edit_all_articles: held.has('edit_all_articles'),
  };
}

/** What the row actions read of a list item; the flags are read leniently (any value, see articleState). */
export type RowArticle = Pick<ArticleListItem, 'id' | 'createdBy'> & { [K in 'state' | 'access' | 'featured' | 'newsletter']: unknown };

/** A change of one field through POST /api/portal/article/update. */
export type FieldUpdate = ArticleFieldUpdate;

export type StatusAction = { kind: 'submit' } | { kind: 'approve'; update: FieldUpdate } | { kind: 'none' };

export type AccessKind = 'public' | 'registered' | 'premium' | 'other';

export interface ToggleAction {
  /** The value shown now (0/1 for newsletter and featured). */
  current: number;
  /** The update a click sends; null when the icon is read-only. */
  update: FieldUpdate | null;
}

export interface AccessAction extends ToggleAction {
  kind: AccessKind;
}

export type DeleteAction = { kind: 'trash' } | { kind: 'permanent' };

function toInt(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return null;
}

/** 0/1 flags (featured may come as a boolean): anything truthy other than 0 counts as 1. */
function toFlag(value: unknown): 0 | 1 {
  const n = toInt(value);
  return n !== null && n !== 0 ? 1 : 0;
}

/** Approve: 1 becomes 0, anything else becomes 1 (a state that is no number counts as "anything else"). */
export function approveValue(state: unknown): number {
  return approvedState(toState(state) ?? STATE.UNPUBLISHED);
}

/**
 * The status icon: with approve_article a draft's icon submits and any other state's icon approves.
 * Without it only a draft can be submitted, by its owner (or a user with edit_all_articles, as the
 * server allows); other states show only the icon. A new article (id 0) is never submitted.
 */
export function statusAction(article: RowArticle, rights: RowRights, userId: number | null): StatusAction {
  if (submitApplies(article.state)) {
    if (article.id <= 0) return { kind: 'none' };
    if (rights.approve_article) return { kind: 'submit' };
    return mayEditArticle(article.createdBy, userId, rights.edit_all_articles) ? { kind: 'submit' } : { kind: 'none' };
  }
  if (!rights.approve_article) return { kind: 'none' };
  return { kind: 'approve', update: { field: 'state', value: approveValue(article.state) } };
}

/** Access: 1 Public ↔ 2 Registered with set_access; 3 Premium (and unknown values) are not toggled. */
export function accessAction(article: RowArticle, rights: RowRights): AccessAction {
  const current = toInt(article.access) ?? 0;
  const kind: AccessKind = current === 1 ? 'public' : current === 2 ? 'registered' : current === 3 ? 'premium' : 'other';
  const togglable = rights.set_access && (kind === 'public' || kind === 'registered');
  return { kind, current, update: togglable ? { field: 'access', value: current === 1 ? 2 : 1 } : null };
}

/** Newsletter 0 ↔ 1, with set_access. */
export function newsletterAction(article: RowArticle, rights: RowRights): ToggleAction {
  const current = toFlag(article.newsletter);
  return { current, update: rights.set_access ? { field: 'newsletter', value: 1 - current } : null };
}

/** Featured 0 ↔ 1, with feature_article; read-only otherwise. */
export function featuredAction(article: RowArticle, rights: RowRights): ToggleAction {
  const current = toFlag(article.featured);
  return { current, update: rights.feature_article ? { field: 'featured', value: 1 - current } : null };
}

/**
 * Restore (a trashed article back to Unpublished): shown on a trashed row to whom the server allows
 * it, as for delete: the owner, or a user with edit_all_articles.
 */
export function canRestore(article: RowArticle, rights: RowRights, userId: number | null): boolean {
  if (toInt(article.state) !== STATE.TRASH) return false;
  return mayEditArticle(article.createdBy, userId, rights.edit_all_articles);
}

/** Everyone sees the delete icon: not in the trash → to the trash; in the trash → permanently. */
export function deleteAction(article: RowArticle): DeleteAction {
  return toInt(article.state) === STATE.TRASH ? { kind: 'permanent' } : { kind: 'trash' };
}
