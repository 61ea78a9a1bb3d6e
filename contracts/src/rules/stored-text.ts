/** A NUL or a UTF-16 surrogate without its pair: PostgreSQL cannot store either in text (nor in jsonb). */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters refused
export const FORBIDDEN_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path (e.g. `defaults.tags.2`) of the first string or key in `value` holding a forbidden character. */
export function forbiddenCharacterAt(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return FORBIDDEN_CHARACTER.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32 || ArrayBuffer.isView(value) || value instanceof Date) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_CHARACTER.test(key)) return [...path, key];
    const found = forbiddenCharacterAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}
