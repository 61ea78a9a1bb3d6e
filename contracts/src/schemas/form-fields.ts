/**
 * Codecs for form-encoded request fields: each field's schema documents what travels (for the
 * OpenAPI description and the request validator, which see only the wire type) and decodes it
 * (`Value.Decode`, see `decodeRequest`) into the value the server works with. The spec's forms
 * travel as application/x-www-form-urlencoded: scalars as strings, arrays as repeated keys, objects
 * as JSON text; a JSON body with real arrays and objects decodes the same.
 *
 * A value that does not decode throws a FieldProblem: a catalogue code, the field it concerns and
 * the message's parameters. Decoding runs field by field in the schema's order, so the first
 * problem is the one reported.
 */
import { Type, type StaticDecode, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type API_ERRORS from '../errors/api-errors.json';
import { isHttpUrl } from '../rules/http-url';
import { forbiddenCharacterAt } from '../rules/stored-text';
import { MAX_ID, parseId } from './common';

/** A code of the error catalogue (contracts/errors/api-errors.json). */
export type ErrorCode = Exclude<keyof typeof API_ERRORS, '$comment'>;
export type ProblemParams = Record<string, string | number>;

/** The first problem of a request's field: a catalogue code, the field and the message's parameters (`field` among them). */
export class FieldProblem extends Error {
  readonly params: ProblemParams;
  constructor(
    readonly code: ErrorCode,
    readonly field: string,
    params: ProblemParams = {},
  ) {
    super(code);
    this.name = 'FieldProblem';
    this.params = { field, ...params };
  }
}

export function fail(code: ErrorCode, field: string, params?: ProblemParams): never {
  throw new FieldProblem(code, field, params);
}

/**
 * Decodes a request value by its schema. Problems of a field's own decoding throw FieldProblem;
 * a value the schema refuses outright (the request validator normally stopped it first) throws
 * FieldProblem('bad_request').
 */
export function decodeRequest<T extends TSchema>(schema: T, value: unknown, name = 'body'): StaticDecode<T> {
  if (!Value.Check(schema, Value.Default(schema, Value.Clone(value)))) {
    const first = Value.Errors(schema, value)[0];
    fail('bad_request', first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || name);
  }
  return Value.Decode(schema, value) as StaticDecode<T>;
}

/** A field read by `decode` from what travels (`unknown`: text, a list or an object); `description` documents it. */
export function formField<T>(description: string, decode: (raw: unknown, name: string) => T, name: string) {
  return Type.Codec(Type.Unknown({ description, default: '' }))
    .Decode((raw) => decode(raw, name))
    .Encode((value) => value as unknown);
}

/** One scalar value as text ('' when absent). Repeated keys are refused: a scalar is one value. */
export function scalar(value: unknown, name: string): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) fail('field_single_value', name);
  if (typeof value === 'string') return value.replaceAll('\0', '');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fail('field_string', name);
}

/** An array field: absent = [], one value = [value]. */
export function list(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** An id as text: a whole number from 1 to MAX_ID (0 too with allowZero). */
export function formId(text: string, name: string, options: { allowZero?: boolean } = {}): number {
  const trimmed = text.trim();
  if (/^0+$/.test(trimmed)) {
    if (!options.allowZero) fail('field_positive_integer', name);
    return 0;
  }
  if (!/^\d+$/.test(trimmed)) fail('field_integer', name);
  const id = parseId(trimmed);
  if (id === undefined) fail('field_maximum', name, { limit: MAX_ID });
  return id;
}

/** Text of at most `max` characters. */
export function text(raw: unknown, name: string, max: number): string {
  const value = scalar(raw, name);
  if (value.length > max) fail('field_max_length', name, { limit: max });
  return value;
}

/** '1'/'true' → 1, '0'/'false'/'' → 0. */
export function flag(raw: unknown, name: string): 0 | 1 {
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  if (value === undefined || value === null || value === '' || value === '0' || value === 0 || value === false || value === 'false')
    return 0;
  if (value === '1' || value === 1 || value === true || value === 'true') return 1;
  return fail('field_flag', name);
}

/** One of `allowed` (small integers as text); '' is the fallback. */
export function oneOf(raw: string, name: string, allowed: readonly number[], fallback: number): number {
  const trimmed = raw.trim();
  if (trimmed === '') return fallback;
  const value = /^-?\d{1,3}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!allowed.includes(value)) fail('field_enum', name, { values: allowed.join(', ') });
  return value;
}

/** An http(s) URL of at most `max` characters, or '' (empty allowed). */
export function httpUrl(raw: string, name: string, max: number): string {
  const value = raw.trim();
  if (value === '') return '';
  if (value.length > max) fail('field_max_length', name, { limit: max });
  if (!isHttpUrl(value)) fail('field_web_address', name);
  return value;
}

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'YYYY-MM-DD' (a real day) or null for '', 1970-01-01 and 0000-00-00 (the spec's "no date" placeholders). */
export function referenceDate(raw: string, name = 'reference_date'): string | null {
  const value = raw.trim();
  if (value === '' || value.startsWith('0000-00-00') || value.startsWith('1970-01-01')) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (!match || !validDate(Number(match[1]), Number(match[2]), Number(match[3]))) fail('field_date', name);
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/**
 * A date and time: 'YYYY-MM-DD HH:mm:ss' (UTC), 'YYYY-MM-DD', or ISO 8601 with a zone; null for ''
 * and 0000-00-00 00:00:00.
 */
export function dateTime(raw: string, name: string): Date | null {
  const value = raw.trim();
  if (value === '' || value.startsWith('0000-00-00')) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  const bad = () => fail('field_date_time', name);
  if (!match) return bad();
  const [, y, mo, d, h = '00', mi = '00', s = '00', , zone] = match;
  if (!validDate(Number(y), Number(mo), Number(d)) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return bad();
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${match[7] ?? ''}${zone ? (zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone) : 'Z'}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 9999) return bad();
  return date;
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC ('' for null): how publish_up/publish_down travel. */
export function formatDateTime(date: Date | null): string {
  if (!date) return '';
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A JSON object, from JSON text (the form) or an object (a JSON body). '' / null → null. */
export function jsonObject(raw: unknown, name: string): Record<string, unknown> | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return fail('field_json', name);
    }
    // JSON text may spell a NUL as \u0000: the input guard saw only the text, so check what it decodes to.
    const at = forbiddenCharacterAt(value, [name]);
    if (at) fail('field_control_character', at.join('.'));
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) fail('field_json_object', name);
  return value as Record<string, unknown>;
}

/** One JSON object field of the form (a repeated key is refused). */
export function singleJsonObject(raw: unknown, name: string): Record<string, unknown> | null {
  if (Array.isArray(raw)) fail('field_single_value', name);
  return jsonObject(raw, name);
}

/** Whether a list item is an object ({ id, … } as JSON text or an object) rather than a plain id. */
export function isObjectItem(item: unknown): boolean {
  return typeof item === 'object' || (typeof item === 'string' && item.trim().startsWith('{'));
}

/** Ids of a list of objects ({ id, … } as JSON text or objects), or of plain ids; repeated ids count once. */
export function idList(raw: unknown, name: string, max: number): number[] {
  const ids: number[] = [];
  list(raw).forEach((item, index) => {
    const label = `${name}[${index}]`;
    const id: unknown = isObjectItem(item) ? jsonObject(item, label)?.id : item;
    const parsed = formId(typeof id === 'number' ? String(id) : typeof id === 'string' ? id : '', `${label}.id`);
    if (!ids.includes(parsed)) ids.push(parsed);
  });
  if (ids.length > max) fail('field_max_items', name, { limit: max });
  return ids;
}

/** A query filter's id: '' (or 0) = not given; else a whole number from 1 to MAX_ID (`filter_id_invalid`). */
export function optionalFilterId(raw: string, name: string): number | undefined {
  const value = raw.trim();
  if (value === '' || value === '0') return undefined;
  const id = parseId(value);
  if (id === undefined) fail('filter_id_invalid', name);
  return id;
}

/** A query flag: '' = not given; else '0' or '1'. */
export function optionalFlag(raw: string, name: string): 0 | 1 | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  if (value !== '0' && value !== '1') fail('field_flag', name);
  return value === '1' ? 1 : 0;
}

/** Free text as PostgreSQL takes it: trimmed, without NUL characters (which text values cannot hold). */
export function cleanText(raw: string | undefined): string {
  return (raw ?? '').replaceAll('\0', '').trim();
}

/** A query string field decoded by `decode` (the wire type stays a string). */
export function queryField<T>(schema: ReturnType<typeof Type.String>, decode: (raw: string) => T) {
  return Type.Codec(schema)
    .Decode((raw: string) => decode(raw))
    .Encode((value) => String(value));
}
