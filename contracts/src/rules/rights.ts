/**
 * The rights a user can hold (spec section 6, plus manage_categories for the category screen and
 * view_activity for the activity log), and
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
] as const;

export type Right = (typeof RIGHTS)[number];

export function isRight(value: unknown): value is Right {
  return typeof value === 'string' && (RIGHTS as readonly string[]).includes(value);
}

/** Whether a list of granted rights holds `right`. */
export function holdsRight(granted: readonly string[], right: Right): boolean {
  return granted.includes(right);
}
