// How an activity entry reads on screen: field names, values (states, flags, access by their labels,
// HTML as plain text, lists joined) and the extra details. Pure: the texts come in through `t`.
import { idsOf, referenceKey, referenceKind } from 'contracts/rules/activity';
import { stateName } from 'contracts/rules/article-state';
import { decodeEntitiesAndFoldSpaces } from 'contracts/rules/html-text';
import { REVISION_FIELDS } from 'contracts/rules/revision-fields';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Fields the log names, with a label each (others show their own name, e.g. defaults.topics): an article's, then the other records'. */
export const KNOWN_FIELDS: readonly string[] = [
  ...REVISION_FIELDS,
  'alias',
  'colour',
  'parent_id',
  'ordering',
  'enabled',
  'feed_url',
  'plugin',
  'schedule',
  'name',
  'position',
  'bio',
  'image',
  'description',
  'file_name',
  'email',
  'language',
  'require_2fa',
  'scope',
];

const FLAG_FIELDS = new Set(['featured', 'newsletter', 'enabled', 'references_at_source', 'use_source_link', 'videos_at_source']);
const HTML_FIELDS = new Set(['introtext', 'text']);
const ACCESS = { 1: 'public', 2: 'registered', 3: 'premium' } as const;

export function fieldLabel(field: string, t: Translate): string {
  return KNOWN_FIELDS.includes(field) ? t(`fields.${field}`) : field;
}

/** HTML as the words a reader sees (tags dropped, entities of the common kind decoded, spaces folded). */
export function plainText(html: string): string {
  return decodeEntitiesAndFoldSpaces(html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' '));
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Names of the records an entry names by id ("category:804" → "Sport"), as the API sends them with the entry. */
export type ReferenceNames = Readonly<Record<string, string>>;

/** Ids of categories or images by their names today; one that is gone keeps its id (#804). */
function namedIds(field: string, value: unknown, names: ReferenceNames): string | null {
  const kind = referenceKind(field);
  if (!kind) return null;
  const ids = idsOf(value);
  if (ids.length === 0 && (Array.isArray(value) || typeof value === 'number')) return '';
  return ids.map((id) => names[referenceKey(kind, id)] ?? `#${id}`).join(', ');
}

/**
 * One value of a field, readable: '' for none (the screen says so); instants in the user's language
 * and time zone; categories and images by their names (`names`).
 */
export function formatValue(field: string, value: unknown, t: Translate, language = 'en', names: ReferenceNames = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const named = namedIds(field, value, names);
  if (named !== null) return named;
  if (typeof value === 'string' && INSTANT.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
  if (field === 'state' && typeof value === 'number') return t(`states.${stateName(value)}`, { value });
  if (field === 'access' && typeof value === 'number') {
    const name = ACCESS[value as keyof typeof ACCESS];
    return name ? t(`access.${name}`) : String(value);
  }
  if (FLAG_FIELDS.has(field) && (value === 0 || value === 1 || value === '0' || value === '1')) {
    return Number(value) === 1 ? t('yes') : t('no');
  }
  if (HTML_FIELDS.has(field) && typeof value === 'string') return plainText(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface ChangeLine {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** The entry's changes, one line per field, in the order recorded. */
export function changeLines(
  changes: Record<string, { from: unknown; to: unknown }>,
  t: Translate,
  language = 'en',
  names: ReferenceNames = {},
): ChangeLine[] {
  return Object.entries(changes).map(([field, change]) => ({
    field,
    label: fieldLabel(field, t),
    from: formatValue(field, change.from, t, language, names),
    to: formatValue(field, change.to, t, language, names),
  }));
}

const DETAIL_KEYS = [
  'username',
  'reason',
  'status',
  'created',
  'duplicates',
  'failed',
  'error_code',
  'copied_from',
  'restored_version',
  'remember',
  'ip',
  'sessions_ended',
] as const;

/** The details worth showing ("Login name tried: bob", "Created: 3"), known keys only, in a fixed order. */
export function detailLines(details: Record<string, unknown> | null, t: Translate): string[] {
  if (!details) return [];
  const lines: string[] = [];
  for (const key of DETAIL_KEYS) {
    const value = details[key];
    if (value === undefined || value === null || value === '') continue;
    let text: string;
    if (key === 'reason') text = t(`reasons.${String(value)}`, { defaultValue: String(value) });
    else if (key === 'status') text = t(`runStatus.${String(value)}`, { defaultValue: String(value) });
    else if (key === 'remember') text = value ? t('yes') : t('no');
    else if (key === 'copied_from') text = `#${String(value)}`;
    else text = String(value);
    lines.push(t(`details.${key}`, { value: text }));
  }
  return lines;
}
