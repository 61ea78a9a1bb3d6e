// A refused save's error at the form field it concerns. The API names the
// request field in `data.field` ('title', 'defaults.latitude', 'defaults.tags.0.title', …) beside a
// catalogue code; the form shows its own text for that field in the user's language, or the
// API's message (already translated by code in shared) when it has none.
import type { ErrorDataBody } from 'contracts/schemas/common';
import { visibleFields, type FormErrorKey, type ImporterFormValues } from './form';

/** What of an ApiError this needs (shared's ApiError has these). */
export type ServerError = { message: string } & Partial<Pick<ErrorDataBody, 'error' | 'field' | 'params'>>;

export interface FieldError {
  field: keyof ImporterFormValues;
  /** The form's own text for it (editor.errors.<key>), or null: show `message`. */
  key: FormErrorKey | null;
  params: Record<string, string | number>;
  /** The API's catalogue code, when it sent one: without the form's own text, the field is worded by it. */
  code: ErrorDataBody['error'] | undefined;
  message: string;
}

const FIELDS: ReadonlySet<string> = new Set<keyof ImporterFormValues>([
  'title',
  'feed_url',
  'plugin',
  'schedule',
  'enabled',
  'published',
  'date',
  'contentType',
  'user',
  'use_source_link',
  'videos_at_source',
  'references_at_source',
  'sourceDomain',
  'sourceDomainCustom',
  'dateFirstPublished',
  'tinyURL',
  'tinyURLCustom',
  'country',
  'state',
  'suburb',
  'latitude',
  'longitude',
  'postcode',
  'mainCategory',
  'imageSource',
  'imageCaption',
  'tags',
  'image',
  'authors',
  'topics',
]);

/** The fields that show only with some choices (the others always show). */
const CONDITIONAL: Partial<Record<keyof ImporterFormValues, keyof ReturnType<typeof visibleFields>>> = {
  sourceDomainCustom: 'sourceDomainCustom',
  tinyURLCustom: 'tinyURLCustom',
  image: 'image',
  imageCaption: 'image',
};

/** The form field of the API's `data.field`, when the form shows it; else null. */
export function formFieldOf(serverField: string | undefined, values: ImporterFormValues): keyof ImporterFormValues | null {
  if (!serverField) return null;
  const path = serverField.split(/[./]/).filter(Boolean);
  // Defaults are sent as one JSON field: 'defaults.latitude' is the form's latitude; a part of a
  // list or an object ('defaults.tags.0.title', 'defaults.image.url') is that whole field.
  const name = path[0] === 'defaults' ? path[1] : path[0];
  if (!name || !FIELDS.has(name)) return null;
  const field = name as keyof ImporterFormValues;
  const condition = CONDITIONAL[field];
  if (condition && !visibleFields(values)[condition]) return null;
  return field;
}

/** The form's own text for a field's error, by the field (its one rule) or by the code. */
function keyOf(field: keyof ImporterFormValues, code: string | undefined, params: Record<string, string | number>): FormErrorKey | null {
  if (code && (code === 'field_required' || code.endsWith('_required') || (code === 'field_min_length' && Number(params.limit) === 1)))
    return 'required';
  if (code === 'field_max_length' && params.limit !== undefined) return 'maxLength';
  switch (field) {
    case 'latitude':
    case 'longitude':
      return field;
    case 'feed_url':
    case 'tinyURLCustom':
      return 'url';
    case 'sourceDomainCustom':
      return 'hostname';
    case 'mainCategory':
      return 'mainCategory';
    case 'image':
      return 'image';
    default:
      return null;
  }
}

/** Where and what to show for a refused save; null when it concerns no field the form shows (a toast then). */
export function serverFieldError(error: ServerError, values: ImporterFormValues): FieldError | null {
  const field = formFieldOf(error.field, values);
  if (!field) return null;
  const params = error.params ?? {};
  return { field, key: keyOf(field, error.error, params), params, code: error.error, message: error.message };
}
