// Why the editor is read-only, so the form can say so and what the user can do.
// Who may edit comes from the article state rule (contracts/rules/article-state).
import { mayEditArticle } from 'contracts/rules/article-state';
import type { EditLock } from './types';

export type ReadOnlyReason =
  /** Not the user's article and no edit_all_articles: read only; Duplicate makes an own copy. */
  | { kind: 'notYours'; submitter: string | null }
  /** Someone else holds the edit lock. */
  | { kind: 'locked'; name: string; since: string | null }
  /** The user's roles allow editing it, but not in its category (scoped roles: outside their desks). */
  | { kind: 'outsideScope' };

export interface ReadOnlyFacts {
  articleId: number;
  createdBy: number | null | undefined;
  submitter?: string | null | undefined;
  lock: EditLock | null;
  userId: number | null;
  editAll: boolean;
  /** The API's word (GET /api/portal/article `outside_scope`): the article lies outside the user's desks. */
  outsideScope?: boolean | undefined;
}

/** Null when the user may edit (a new article, or theirs to edit with the lock free or theirs). */
export function readOnlyReason(facts: ReadOnlyFacts): ReadOnlyReason | null {
  if (facts.articleId === 0) return null;
  if (facts.outsideScope) return { kind: 'outsideScope' };
  if (!mayEditArticle(facts.createdBy, facts.userId, facts.editAll)) {
    return { kind: 'notYours', submitter: facts.submitter?.trim() || null };
  }
  const lock = facts.lock;
  if (lock && !lock.mine && lock.held_by) return { kind: 'locked', name: lock.held_by.name, since: lock.since };
  return null;
}
