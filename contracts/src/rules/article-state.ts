/**
 * Article states and the changes the portal list makes (spec sections 4 and 6), as pure functions:
 * no database, no HTTP, no browser. The API's routes load the article, ask here what may happen, and
 * write the result; the article list and editor ask here what to show (label, row icon, link) and
 * which actions to offer, so the screens offer what the server allows.
 *
 * States: 0 Unpublished, 1 Published, 4 Awaiting approval, 5 Draft, -2 Trash. Any other value is
 * "Other" (the status filter's -1): imported or legacy rows; the actions below treat it like any
 * state that is not named in a rule.
 *
 * Actions:
 * - approve (right approve_article): 1 becomes 0, anything else becomes 1, except an article in
 *   the trash (refused: it is restored first, like any other change of a trashed article).
 * - submit (the owner, or edit_all_articles): 5 becomes 4; nothing else can be submitted; id 0 (a new,
 *   unsaved article) is refused.
 * - delete (the owner, or edit_all_articles): not -2 becomes -2 (trash); -2 is deleted permanently.
 * - restore (rights as for delete): -2 becomes the state the article had before the trash (a
 *   Published one becomes Unpublished unless the user may approve; unknown: Unpublished); nothing
 *   else can be restored.
 *
 * Field updates of the list (POST /api/portal/article/update): access (1 ↔ 2, right set_access; an
 * article at 3 "Premium" keeps it), newsletter (0/1, set_access), featured (0/1, feature_article),
 * state (0 or 1 through approve, 4 through submit, -2 through delete). Each needs the user to see
 * the article: its owner, or view_all_articles / edit_all_articles.
 */
import { FLAG_RIGHTS, refusedFlag } from './article-flags';
import type { Right, RightGrant } from './rights';

export const STATE = {
  UNPUBLISHED: 0,
  PUBLISHED: 1,
  AWAITING_APPROVAL: 4,
  DRAFT: 5,
  TRASH: -2,
} as const;

/**
 * The name of a state: its label key (the screens' texts are `state.<name>` in i18n). 'scheduled' is
 * no stored state: an Unpublished article whose publish_up is ahead (article-schedule.ts).
 */
export type StateName = 'unpublished' | 'scheduled' | 'published' | 'awaitingApproval' | 'draft' | 'trash' | 'other';

/** The states the portal names; any other value is "Other". */
export const KNOWN_STATES: readonly number[] = [STATE.UNPUBLISHED, STATE.PUBLISHED, STATE.AWAITING_APPROVAL, STATE.DRAFT, STATE.TRASH];
/** The status filter's value for "any state not in KNOWN_STATES". */
export const OTHER_STATE_FILTER = -1;
/** The status filter's value for "Scheduled": Unpublished with publish_up ahead (article-schedule.ts). */
export const SCHEDULED_STATE_FILTER = -3;

export type ArticleAction = 'approve' | 'submit' | 'delete' | 'restore';
export const ARTICLE_ACTIONS: readonly ArticleAction[] = ['approve', 'submit', 'delete', 'restore'];

export const UPDATE_FIELDS = ['access', 'newsletter', 'featured', 'state'] as const;
export type UpdateField = (typeof UPDATE_FIELDS)[number];

export interface Actor {
  id: number;
  /** The rights to decide with: on one article, those its category allows (rights.ts rightsInCategory). */
  rights: readonly Right[];
  /** Each role's rights and scope (rights.ts RightGrant); absent: `rights` hold everywhere. */
  grants?: readonly RightGrant[] | undefined;
}

export interface ArticleFacts {
  /** 0 for a new, unsaved article. */
  id: number;
  state: number;
  createdBy: number | null;
  access: number;
  featured: number;
  newsletter: number;
  /** The state before it went to the trash (null or absent: not known). */
  trashedFrom?: number | null | undefined;
}

/** The catalogue codes (contracts/errors/api-errors.json) a refusal of these rules carries. */
export type RefusalCode =
  | 'no_right'
  | 'submit_unsaved_article'
  | 'submit_not_yours'
  | 'submit_not_draft'
  | 'delete_not_yours'
  | 'article_restore_not_yours'
  | 'article_restore_not_in_trash'
  | 'unknown_action'
  | 'update_value_flag'
  | 'update_not_yours'
  | 'update_access_value'
  | 'update_access_premium'
  | 'update_access_other'
  | 'update_field_unknown'
  | 'update_state_value'
  | 'approve_state_mismatch'
  | 'approve_trashed'
  | 'unpublish_not_published'
  | 'schedule_state'
  | 'schedule_time_not_ahead'
  | 'publish_down_before_up'
  | 'article_flag_featured_forbidden'
  | 'article_flag_access_forbidden'
  | 'article_flag_newsletter_forbidden'
  | 'article_flag_state_forbidden';

/** A refused action: its HTTP status and catalogue code with parameters (the API sends them in the envelope). */
export interface Refusal {
  ok: false;
  status: 400 | 403 | 409;
  code: RefusalCode;
  params?: Record<string, string | number>;
}

/** The outcome of a state action: a new state, a permanent delete, or a refusal. */
export type Transition =
  { ok: true; action: ArticleAction; from: number; to: number } | { ok: true; action: 'delete'; from: number; to: null } | Refusal;

/** The outcome of a field update: the column and value to write (changed: false = already so). */
export type UpdatePlan = { ok: true; field: UpdateField; from: number; to: number; changed: boolean } | Refusal;

/** A state as a number: an integer, or an integer written as text (form values); null otherwise. */
export function toState(state: unknown): number | null {
  if (typeof state === 'number') return Number.isInteger(state) ? state : null;
  if (typeof state === 'string' && /^\s*-?\d+\s*$/.test(state)) return Number(state);
  return null;
}

/** The name (label key) of a state; any value that is not a named state is "other". */
export function stateName(state: unknown): StateName {
  switch (toState(state)) {
    case STATE.UNPUBLISHED:
      return 'unpublished';
    case STATE.PUBLISHED:
      return 'published';
    case STATE.AWAITING_APPROVAL:
      return 'awaitingApproval';
    case STATE.DRAFT:
      return 'draft';
    case STATE.TRASH:
      return 'trash';
    default:
      return 'other';
  }
}

/**
 * The label of each state (spec section 4), in English as the spec words it and in German. The
 * screens register them as texts (the article list's `state.<name>`, the import form's Published
 * State options), so a state reads the same everywhere.
 */
export const STATE_LABELS: Readonly<Record<StateName, Readonly<{ en: string; de: string }>>> = Object.freeze({
  unpublished: { en: 'Unpublished', de: 'Unveröffentlicht' },
  scheduled: { en: 'Scheduled', de: 'Geplant' },
  published: { en: 'Published', de: 'Veröffentlicht' },
  awaitingApproval: { en: 'Awaiting approval', de: 'Wartet auf Freigabe' },
  draft: { en: 'Draft', de: 'Entwurf' },
  trash: { en: 'Trash', de: 'Papierkorb' },
  other: { en: 'Other', de: 'Sonstige' },
});

/** Every state's label in one language, by state name. */
export function stateLabels(language: 'en' | 'de'): Record<StateName, string> {
  const names = Object.keys(STATE_LABELS) as StateName[];
  return Object.fromEntries(names.map((name) => [name, STATE_LABELS[name][language]])) as Record<StateName, string>;
}

/** The labels of some states in one language, by the state's value as text (e.g. the import form's '0', '4', '5', '1'). */
export function stateLabelsByValue(values: readonly string[], language: 'en' | 'de'): Record<string, string> {
  return Object.fromEntries(values.map((value) => [value, STATE_LABELS[stateName(value)][language]]));
}

/**
 * The values of the list's status filter, in the order it offers them: the named states with
 * Scheduled (-3) after Published, then Other (-1).
 */
export const STATUS_FILTER_VALUES: readonly number[] = [
  STATE.UNPUBLISHED,
  STATE.PUBLISHED,
  SCHEDULED_STATE_FILTER,
  STATE.AWAITING_APPROVAL,
  STATE.DRAFT,
  STATE.TRASH,
  OTHER_STATE_FILTER,
];

/** The label key of a status filter value: Scheduled for -3, else the state's name (-1 and unknown values: Other). */
export function statusFilterName(value: unknown): StateName {
  return toState(value) === SCHEDULED_STATE_FILTER ? 'scheduled' : stateName(value);
}

/**
 * The row's status icon (spec section 4): ok mark published, question mark awaiting approval, save
 * icon draft, minus for any other state, and a bin for the trash (its own icon,
 * so a trashed row does not look Unpublished). A Scheduled article (an Unpublished one
 * whose publish_up is ahead, see article-schedule.ts `displayStateName`) has its own clock icon:
 * `iconKindOf` its display name.
 */
export type StatusIconKind = 'published' | 'scheduled' | 'awaiting' | 'draft' | 'trash' | 'other';

export function statusIconKind(state: unknown): StatusIconKind {
  return iconKindOf(stateName(state));
}

/** The icon of a state's (display) name. */
export function iconKindOf(name: StateName): StatusIconKind {
  if (name === 'awaitingApproval') return 'awaiting';
  if (name === 'unpublished') return 'other';
  return name;
}

/** Only a published article shows its title as a link to its url. */
export function publicUrl(article: { state: unknown; url?: string | null }): string | null {
  if (toState(article.state) !== STATE.PUBLISHED) return null;
  const url = article.url?.trim();
  return url ? url : null;
}

/**
 * Submitting applies to a draft (5) only (the API refuses any other state). A new article (id 0) is
 * a draft too: Save and submit saves it first, so its id is not 0 when submitted.
 */
export function submitApplies(state: unknown): boolean {
  return toState(state) === STATE.DRAFT;
}

function refuse(status: Refusal['status'], code: RefusalCode, params?: Record<string, string | number>): Refusal {
  return { ok: false, status, code, ...(params ? { params } : {}) };
}

export function hasRight(actor: Actor, right: Right): boolean {
  return actor.rights.includes(right);
}

export function isOwner(article: Pick<ArticleFacts, 'createdBy'>, actor: Actor): boolean {
  return article.createdBy !== null && article.createdBy === actor.id;
}

/**
 * The owner, or a user with edit_all_articles, may edit, submit, delete and restore an article
 * (spec section 6). `userId` null: nobody is signed in (or not yet known), so nothing is theirs.
 */
export function mayEditArticle(createdBy: number | null | undefined, userId: number | null, editAll: boolean): boolean {
  if (editAll) return true;
  return userId !== null && createdBy !== null && createdBy !== undefined && createdBy === userId;
}

/** mayEditArticle for an actor of the API. */
export function mayEdit(article: Pick<ArticleFacts, 'createdBy'>, actor: Actor): boolean {
  return mayEditArticle(article.createdBy, actor.id, hasRight(actor, 'edit_all_articles'));
}

/** The owner, or a user who sees every article: may have the list's fields changed (with the field's right). */
export function maySee(article: Pick<ArticleFacts, 'createdBy'>, actor: Actor): boolean {
  return isOwner(article, actor) || hasRight(actor, 'view_all_articles') || hasRight(actor, 'edit_all_articles');
}

/** Spec: "Approve: 1 becomes 0, and anything else becomes 1." */
export function approvedState(state: number): number {
  return state === STATE.PUBLISHED ? STATE.UNPUBLISHED : STATE.PUBLISHED;
}

/** The state a restore brings an article back to: the one it had, but only an approver brings back Published. */
export function restoredState(trashedFrom: number | null | undefined, mayApprove: boolean): number {
  if (trashedFrom === STATE.DRAFT || trashedFrom === STATE.AWAITING_APPROVAL) return trashedFrom;
  if (trashedFrom === STATE.PUBLISHED && mayApprove) return STATE.PUBLISHED;
  return STATE.UNPUBLISHED;
}

/** What an action does to an article, for this user. Refusals change nothing. */
export function transition(article: ArticleFacts, action: ArticleAction, actor: Actor): Transition {
  const from = article.state;
  switch (action) {
    case 'approve':
      if (!hasRight(actor, FLAG_RIGHTS.state)) return refuse(403, 'no_right', { right: 'approve_article' });
      if (from === STATE.TRASH) return refuse(409, 'approve_trashed');
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
      return { ok: true, action, from, to: restoredState(article.trashedFrom, hasRight(actor, 'approve_article')) };
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
  // The one rule of the flags a user may not set (article-flags.ts), on this path too.
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
  if (action === 'approve' && value === STATE.UNPUBLISHED && from !== STATE.PUBLISHED && hasRight(actor, FLAG_RIGHTS.state)) {
    // Unpublishing takes a Published article down; approving anything else would publish it.
    return refuse(409, 'unpublish_not_published', { state: from });
  }
  const result = transition(article, action, actor);
  if (!result.ok) return result;
  if (result.to !== value) {
    return refuse(409, 'approve_state_mismatch', { state: from, state_to: result.to as number, state_wanted: value });
  }
  return { ok: true, field: 'state', from, to: value, changed: true };
}
