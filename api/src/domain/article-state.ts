/**
 * Article states and the changes the portal list makes (spec sections 4 and 6), as pure functions:
 * no database, no HTTP. The routes load the article, ask here what may happen, and write the result.
 *
 * States: 0 Unpublished, 1 Published, 4 Awaiting approval, 5 Draft, -2 Trash. Any other value is
 * "Other" (the status filter's -1): imported or legacy rows; the actions below treat it like any
 * state that is not named in a rule.
 *
 * Actions:
 * - approve (right approve_article): 1 becomes 0, anything else becomes 1.
 * - submit (the owner, or edit_all_articles): 5 becomes 4; nothing else can be submitted; id 0 (a new,
 *   unsaved article) is refused.
 * - delete (the owner, or edit_all_articles): not -2 becomes -2 (trash); -2 is deleted permanently.
 * - restore (rights as for delete): -2 becomes 0 (Unpublished); nothing else can be restored.
 *
 * Field updates of the list (POST /api/portal/article/update): access (1 ↔ 2, right set_access; an
 * article at 3 "Premium" keeps it), newsletter (0/1, set_access), featured (0/1, feature_article),
 * state (0 or 1 through approve, 4 through submit, -2 through delete). Each needs the user to see
 * the article: its owner, or view_all_articles / edit_all_articles.
 */
import type { Right } from '../db/schema';
import { apiErrorMessage, type ApiErrorCode, type ApiErrorDetail, type ApiErrorParams } from '../lib/api-errors';
import { FLAG_RIGHTS, refusedFlag } from './article-flags';

export const STATE = {
  UNPUBLISHED: 0,
  PUBLISHED: 1,
  AWAITING_APPROVAL: 4,
  DRAFT: 5,
  TRASH: -2,
} as const;

/** The states the portal names; any other value is "Other". */
export const KNOWN_STATES: readonly number[] = [STATE.UNPUBLISHED, STATE.PUBLISHED, STATE.AWAITING_APPROVAL, STATE.DRAFT, STATE.TRASH];
/** The status filter's value for "any state not in KNOWN_STATES". */
export const OTHER_STATE_FILTER = -1;

export type ArticleAction = 'approve' | 'submit' | 'delete' | 'restore';
export const ARTICLE_ACTIONS: readonly ArticleAction[] = ['approve', 'submit', 'delete', 'restore'];

export const UPDATE_FIELDS = ['access', 'newsletter', 'featured', 'state'] as const;
export type UpdateField = (typeof UPDATE_FIELDS)[number];

export interface Actor {
  id: number;
  rights: readonly Right[];
}

export interface ArticleFacts {
  /** 0 for a new, unsaved article. */
  id: number;
  state: number;
  createdBy: number | null;
  access: number;
  featured: number;
  newsletter: number;
}

/** A refused action: its status, catalogue code and parameters, and the code's English message. */
export type Refusal = { ok: false; status: 400 | 403 | 409; message: string } & ApiErrorDetail;

/** The outcome of a state action: a new state, a permanent delete, or a refusal. */
export type Transition =
  | { ok: true; action: ArticleAction; from: number; to: number }
  | { ok: true; action: 'delete'; from: number; to: null }
  | Refusal;

/** The outcome of a field update: the column and value to write (changed: false = already so). */
export type UpdatePlan = { ok: true; field: UpdateField; from: number; to: number; changed: boolean } | Refusal;

export function stateLabel(state: number): string {
  switch (state) {
    case STATE.UNPUBLISHED:
      return 'Unpublished';
    case STATE.PUBLISHED:
      return 'Published';
    case STATE.AWAITING_APPROVAL:
      return 'Awaiting approval';
    case STATE.DRAFT:
      return 'Draft';
    case STATE.TRASH:
      return 'Trash';
    default:
      return 'Other';
  }
}

function refuse(status: Refusal['status'], code: ApiErrorCode, params?: ApiErrorParams): Refusal {
  return { ok: false, status, code, ...(params ? { params } : {}), message: apiErrorMessage(code, params) };
}

export function hasRight(actor: Actor, right: Right): boolean {
  return actor.rights.includes(right);
}

export function isOwner(article: Pick<ArticleFacts, 'createdBy'>, actor: Actor): boolean {
  return article.createdBy !== null && article.createdBy === actor.id;
}

/** The owner, or a user with edit_all_articles: may submit and delete. */
export function mayEdit(article: Pick<ArticleFacts, 'createdBy'>, actor: Actor): boolean {
  return isOwner(article, actor) || hasRight(actor, 'edit_all_articles');
}

/** The owner, or a user who sees every article: may have the list's fields changed (with the field's right). */
export function maySee(article: Pick<ArticleFacts, 'createdBy'>, actor: Actor): boolean {
  return isOwner(article, actor) || hasRight(actor, 'view_all_articles') || hasRight(actor, 'edit_all_articles');
}

/** Spec: "Approve: 1 becomes 0, and anything else becomes 1." */
export function approvedState(state: number): number {
  return state === STATE.PUBLISHED ? STATE.UNPUBLISHED : STATE.PUBLISHED;
}

/** What an action does to an article, for this user. Refusals change nothing. */
export function transition(article: ArticleFacts, action: ArticleAction, actor: Actor): Transition {
  const from = article.state;
  switch (action) {
    case 'approve':
      if (!hasRight(actor, FLAG_RIGHTS.state)) return refuse(403, 'no_right', { right: 'approve_article' });
      return { ok: true, action, from, to: approvedState(from) };
    case 'submit':
      if (article.id === 0) return refuse(400, 'submit_unsaved_article');
      if (!mayEdit(article, actor)) return refuse(403, 'submit_not_yours');
      if (from !== STATE.DRAFT) return refuse(409, 'submit_not_draft', { state: from });
      return { ok: true, action, from, to: STATE.AWAITING_APPROVAL };
    case 'delete':
      if (!mayEdit(article, actor)) return refuse(403, 'delete_not_yours');
      if (from === STATE.TRASH) return { ok: true, action, from, to: null };
      return { ok: true, action, from, to: STATE.TRASH };
    case 'restore':
      if (!mayEdit(article, actor)) return refuse(403, 'article_restore_not_yours');
      if (from !== STATE.TRASH) return refuse(409, 'article_restore_not_in_trash');
      return { ok: true, action, from, to: STATE.UNPUBLISHED };
    default: {
      const unknown: never = action;
      return refuse(400, 'unknown_action', { action: String(unknown) });
    }
  }
}

function toggle(
  article: ArticleFacts,
  actor: Actor,
  field: 'newsletter' | 'featured',
  value: number,
  rightLabel: Right | 'newsletter',
): UpdatePlan {
  if (!hasRight(actor, FLAG_RIGHTS[field])) return refuse(403, 'no_right', { right: rightLabel });
  if (value !== 0 && value !== 1) return refuse(400, 'update_value_flag', { field });
  const from = article[field];
  return { ok: true, field, from, to: value, changed: from !== value };
}

/**
 * A field update of the portal list. `value` is the value wanted (not a toggle), so a repeated or
 * stale click does no harm: asking for what is already there changes nothing.
 */
export function planUpdate(article: ArticleFacts, field: UpdateField, value: number, actor: Actor): UpdatePlan {
  const plan = planFieldUpdate(article, field, value, actor);
  // The one rule of the flags a user may not set (domain/article-flags.ts), on this path too.
  const refusal = plan.ok ? refusedFlag('update', { [field]: plan.to }, article, actor.rights) : null;
  if (refusal) return refuse(403, refusal.code, { allowed: refusal.allowed });
  return plan;
}

function planFieldUpdate(article: ArticleFacts, field: UpdateField, value: number, actor: Actor): UpdatePlan {
  if (!maySee(article, actor)) return refuse(403, 'update_not_yours');
  switch (field) {
    case 'access': {
      if (!hasRight(actor, FLAG_RIGHTS.access)) return refuse(403, 'no_right', { right: 'set_access' });
      if (value !== 1 && value !== 2) {
        return refuse(400, 'update_access_value');
      }
      if (article.access !== 1 && article.access !== 2) {
        return article.access === 3 ? refuse(409, 'update_access_premium') : refuse(409, 'update_access_other', { access: article.access });
      }
      return { ok: true, field, from: article.access, to: value, changed: article.access !== value };
    }
    case 'newsletter':
      return toggle(article, actor, 'newsletter', value, 'newsletter');
    case 'featured':
      return toggle(article, actor, 'featured', value, 'feature_article');
    case 'state':
      return planStateUpdate(article, value, actor);
    default: {
      const unknown: never = field;
      return refuse(400, 'update_field_unknown', { fields: UPDATE_FIELDS.join(', '), field: String(unknown) });
    }
  }
}

/** field=state: 0 or 1 is what approve gives, 4 is submit, -2 is delete (to the trash only). */
function planStateUpdate(article: ArticleFacts, value: number, actor: Actor): UpdatePlan {
  const from = article.state;
  let action: ArticleAction;
  if (value === STATE.PUBLISHED || value === STATE.UNPUBLISHED) action = 'approve';
  else if (value === STATE.AWAITING_APPROVAL) action = 'submit';
  else if (value === STATE.TRASH) action = 'delete';
  else return refuse(400, 'update_state_value');

  if (action === 'delete' && from === STATE.TRASH) {
    // Setting -2 on a trashed article is a no-op here; the permanent delete is POST /api/portal/article/delete.
    if (!mayEdit(article, actor)) return refuse(403, 'delete_not_yours');
    return { ok: true, field: 'state', from, to: from, changed: false };
  }
  if (action === 'submit' && from === STATE.AWAITING_APPROVAL) {
    if (!mayEdit(article, actor)) return refuse(403, 'submit_not_yours');
    return { ok: true, field: 'state', from, to: from, changed: false };
  }
  if (action === 'approve' && from === value) {
    if (!hasRight(actor, FLAG_RIGHTS.state)) return refuse(403, 'no_right', { right: 'approve_article' });
    return { ok: true, field: 'state', from, to: from, changed: false };
  }
  const result = transition(article, action, actor);
  if (!result.ok) return result;
  if (result.to !== value) {
    return refuse(409, 'approve_state_mismatch', { state: from, state_to: result.to as number, state_wanted: value });
  }
  return { ok: true, field: 'state', from, to: value, changed: true };
}
