/** Every right the API grants (spec section 6 plus categories). */
export const RIGHTS = [
  'import',
  'create_article',
  'edit_all_articles',
  'view_all_articles',
  'approve_article',
  'set_access',
  'feature_article',
  'manage_categories',
] as const;

export type Right = (typeof RIGHTS)[number];

export function isRight(value: unknown): value is Right {
  return typeof value === 'string' && (RIGHTS as readonly string[]).includes(value);
}
