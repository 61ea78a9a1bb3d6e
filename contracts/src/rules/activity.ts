/**
 * The activity log: which things it records changes of, the actions it names,
 * and where the screen links an entry to. The API writes entries with these names, the Activity
 * screen filters and labels by them.
 */

/** What an entry is about. `user` entries are sign-ins, sign-outs and the identity events of the people screens. */
export const ACTIVITY_ENTITIES = ['article', 'category', 'importer', 'author', 'tag', 'image', 'user', 'role', 'desk', 'webhook'] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

/** What was done. */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'purge',
  'restore',
  /** An article's earlier revision saved as its next version (details.restored_version: which one). */
  'restore_revision',
  'submit',
  'enable',
  'disable',
  'move',
  'run',
  'sign_in',
  'sign_out',
  'sign_in_refused',
  /** A user invited (a new account waiting for its invitation to be accepted). */
  'invite',
  /** An invitation accepted: the invited user chose a password. */
  'accept_invitation',
  /** A password-reset link made for a user (by someone who manages users). */
  'reset_link',
  /** A password set through a reset link. */
  'password_reset',
  /** A password changed by its user (My account; details.sessions_ended: the other sessions that ended). */
  'password_change',
  /** A password change refused: the current password given was wrong. */
  'password_change_refused',
  /** Sessions ended by their user in My account (details.sessions_ended, details.this_device). */
  'end_sessions',
  /** Two-factor sign-in (TOTP) set up by its user. */
  'two_factor_enrol',
  /** Two-factor sign-in removed by its user. */
  'two_factor_remove',
  /** New recovery codes made by their user (the old ones stop working). */
  'recovery_codes_renew',
  /** A wrong two-factor code (at sign-in, enrolment or removal). */
  'two_factor_refused',
  /** A passkey added by its user (details.passkey_id, details.name). A sign-in with one is a sign_in with details.passkey_id. */
  'passkey_add',
  /** A passkey removed by its user (details.passkey_id, details.name). */
  'passkey_remove',
  /** A user made at their first single sign-on (OIDC_JIT; details.issuer). A sign-in by SSO is a sign_in with details.via 'sso'. */
  'sso_provision',
  /** A webhook delivery sent again by hand (details.delivery_id). */
  'redeliver',
  /** A single sign-on refused (details.reason: the error code, e.g. sso_no_account, sso_user_disabled). */
  'sso_sign_in_refused',
  /** A story's planning changed (assignees, deadline, planned slot, target length). */
  'plan',
  /** A story flagged overdue by the overdue job (details.deadline). */
  'overdue',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export function isActivityEntity(value: unknown): value is ActivityEntity {
  return typeof value === 'string' && (ACTIVITY_ENTITIES as readonly string[]).includes(value);
}

export function isActivityAction(value: unknown): value is ActivityAction {
  return typeof value === 'string' && (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

/** The Activity screen's page sizes (the API takes any limit from 1 to 100). */
export const ACTIVITY_PAGE_SIZES = [10, 20, 50, 100] as const;

/** One field's value before and after the change (null: it had none, e.g. on create). */
export interface FieldChange {
  from: unknown;
  to: unknown;
}
export type ActivityChanges = Record<string, FieldChange>;

/** No value: null, '', an empty list or object (a new article's empty tags are no change). */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value as object).length === 0;
}

/** Values equal as JSON (lists of ids, dates as text), every kind of empty alike: a field whose value did not move is left out. */
function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields whose value moved between `before` and `after` (each side may be null: a record
 * created or deleted), with both values. Only the keys of `fields` count, in that order.
 */
export function diffFields<T extends object>(before: T | null, after: T | null, fields: readonly (keyof T & string)[]): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const field of fields) {
    const from = before ? ((before as Record<string, unknown>)[field] ?? null) : null;
    const to = after ? ((after as Record<string, unknown>)[field] ?? null) : null;
    if (!sameValue(from, to)) changes[field] = { from, to };
  }
  return changes;
}

/** Long texts (an article's body) are kept to this many characters on each side of a change. */
export const ACTIVITY_TEXT_LIMIT = 300;

/** A text cut to the limit, with an ellipsis when it was longer. */
export function clipText(text: string, limit = ACTIVITY_TEXT_LIMIT): string {
  const characters = [...text];
  return characters.length <= limit ? text : `${characters.slice(0, limit).join('')}…`;
}

/** The changes with every text value cut to the limit (compare the whole values first, then keep them short). */
export function clipChanges(changes: ActivityChanges, limit = ACTIVITY_TEXT_LIMIT): ActivityChanges {
  const clip = (value: unknown) => (typeof value === 'string' ? clipText(value, limit) : value);
  return Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, { from: clip(change.from), to: clip(change.to) }]));
}

/**
 * Where the Activity screen links an entry: the article in the portal's editor, the category in
 * the category screen, the importer's form; nothing for what has no screen or is gone for good.
 */
export function activityLink(entry: { entity: string; entity_id: number | null; action: string }): string | null {
  if (entry.entity_id === null || entry.action === 'purge') return null;
  if (entry.entity === 'article') return `/articles?edit=${entry.entity_id}`;
  if (entry.action === 'delete') return null;
  if (entry.entity === 'category') return `/categories?category=${entry.entity_id}`;
  if (entry.entity === 'importer') return `/import/edit/${entry.entity_id}`;
  return null;
}

/** The kinds of record a change may name by id, and the fields that hold such ids (one id or a list). */
export const ACTIVITY_REFERENCE_FIELDS = {
  category: ['catid', 'main_category_id', 'topics', 'parent_id'],
  image: ['main_image', 'images'],
} as const;
export type ActivityReferenceKind = keyof typeof ACTIVITY_REFERENCE_FIELDS;

/** The kind of record a field's values are ids of (null: the field holds values of its own). */
export function referenceKind(field: string): ActivityReferenceKind | null {
  for (const kind of Object.keys(ACTIVITY_REFERENCE_FIELDS) as ActivityReferenceKind[]) {
    if ((ACTIVITY_REFERENCE_FIELDS[kind] as readonly string[]).includes(field)) return kind;
  }
  return null;
}

/** The key of a referenced record in an entry's `names`: "category:804". */
export function referenceKey(kind: ActivityReferenceKind, id: number): string {
  return `${kind}:${id}`;
}

/** The ids a value holds (one id, or a list of ids); anything else holds none. */
export function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is number => typeof item === 'number' && Number.isInteger(item) && item > 0);
}

/** The records the changes name by id, by kind (each id once). */
export function referencedIds(changes: ActivityChanges): Record<ActivityReferenceKind, number[]> {
  const found = { category: new Set<number>(), image: new Set<number>() };
  for (const [field, change] of Object.entries(changes)) {
    const kind = referenceKind(field);
    if (kind) for (const id of [...idsOf(change.from), ...idsOf(change.to)]) found[kind].add(id);
  }
  return { category: [...found.category], image: [...found.image] };
}
