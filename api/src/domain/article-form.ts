/**
 * The article edit form (POST /api/portal/article) read into typed values, as pure functions: no
 * database, no HTTP. The body is what shared's `toFormBody(payload)` makes of the editor's form
 * (application/x-www-form-urlencoded): scalars as strings, arrays as repeated keys, objects and
 * arrays of objects as JSON text. A JSON body with real arrays and objects reads the same.
 *
 * Rules (spec sections 3 "Article edit", "Event", 5):
 * - an array key that is absent is an empty list (the editor always sends the whole form); a single
 *   value of an array field is a list of one; repeated ids count once (the first keeps its place);
 * - "Please add at least one image"; "Please select a main category" (required, and one of the
 *   topics); the main image is one of the images, the first image when none is chosen;
 * - reference_date: '', 1970-01-01 and 0000-00-00 mean no date; publish_up/publish_down: '' and
 *   0000-00-00 00:00:00 mean empty, times are UTC, publish_down after publish_up;
 * - the flags references_at_source, use_source_link, videos_at_source: '1' is true;
 * - everything else is range and length checked; the first problem is the message.
 */
import { ARTICLE_LIMITS, ARTICLE_LIST_LIMITS, EVENT_NUMBER_LIMITS } from 'contracts/rules/field-limits';
import { MAX_ID, parseId as parseIdText } from 'contracts/schemas/common';
import { CodedError, type ApiErrorCode, type ApiErrorParams } from '../lib/api-errors';
import { forbiddenCharacterAt } from '../lib/stored-text';
import type { ArticleEvent, ArticleLocation } from 'contracts/schemas/article';

/** The form's limits (contracts/rules/field-limits: the same the editor checks). */
export const LIMITS = {
  title: ARTICLE_LIMITS.title.max,
  text: ARTICLE_LIMITS.text.max,
  introtext: ARTICLE_LIMITS.introtext.max,
  notes: ARTICLE_LIMITS.notes.max,
  referenceSource: ARTICLE_LIMITS.referenceSource.max,
  url: ARTICLE_LIMITS.url.max,
  imageDescription: ARTICLE_LIMITS.imageCaption.max,
  ...ARTICLE_LIST_LIMITS,
  eventText: ARTICLE_LIMITS.eventVenue.max,
  eventAddress: ARTICLE_LIMITS.eventAddress.max,
  attendees: EVENT_NUMBER_LIMITS.attendees.max,
  ticketCost: EVENT_NUMBER_LIMITS.ticketCost.max,
} as const;

/** The event of an article (spec section 3 "Event"), as the form rules read it. */
export type EventValue = ArticleEvent;

export const EVENT_FIELDS: readonly (keyof EventValue)[] = [
  'venue',
  'date',
  'start_time',
  'end_time_enabled',
  'end_date',
  'end_time',
  'address',
  'latitude',
  'longitude',
  'limit_number_of_attendees',
  'attendees_limit',
  'ticket_cost',
  'currency',
  'enabled',
  'custom_payment_url',
];

export type LocationValue = ArticleLocation;

/**
 * The edit form as the save reads it: SaveArticleBodySchema's fields (each `unknown` on the wire, form
 * encoded) parsed into dates, ids and flags. Not a second definition of the body.
 * @parsedFrom SaveArticleBodySchema
 */
export interface ArticleForm {
  /** 0 = a new article. */
  id: number;
  copy: boolean;
  /** The version the user loaded (0 for a new article). */
  version: number;
  title: string;
  /** null = keep (now for a new article). */
  date: Date | null;
  /** null = the main category. */
  catid: number | null;
  access: number;
  featured: 0 | 1;
  newsletter: 0 | 1;
  /** Raw HTML; the route sanitises it. */
  text: string;
  introtext: string;
  notes: string;
  main_image: number;
  images: Array<{ id: number; description: string }>;
  references_at_source: 0 | 1;
  use_source_link: 0 | 1;
  videos_at_source: 0 | 1;
  reference_source: string;
  /** YYYY-MM-DD or null. */
  reference_date: string | null;
  reference_url: string;
  topics: number[];
  main_category_id: number;
  tags: number[];
  authors: number[];
  ads: number[];
  videos: number[];
  event: EventValue | null;
  location: LocationValue | null;
  publish_up: Date | null;
  publish_down: Date | null;
}

/** The first problem of a form: a catalogue code, its parameters and the field it concerns. */
export class FormError extends CodedError {
  constructor(code: ApiErrorCode, field: string, params: ApiErrorParams = {}) {
    super(code, { field, ...params }, field);
    this.name = 'FormError';
  }
}

type Raw = Record<string, unknown>;

function fail(code: ApiErrorCode, field: string, params?: ApiErrorParams): never {
  throw new FormError(code, field, params);
}

/** One scalar value as text ('' when absent). Repeated keys are refused: a scalar is one value. */
export function scalar(body: Raw, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) fail('field_single_value', name);
  if (typeof value === 'string') return value.replaceAll('\0', '');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fail('field_string', name);
}

/** An array field: absent = [], one value = [value]. */
export function list(body: Raw, name: string): unknown[] {
  const value = body[name];
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** The widest id: PostgreSQL `integer`, the type of every id column (lib/schemas.ts); 10-digit state ids such as 1188452655 fit it. */
export function parseId(text: string, name: string, options: { allowZero?: boolean } = {}): number {
  const trimmed = text.trim();
  if (/^0+$/.test(trimmed)) {
    if (!options.allowZero) fail('field_positive_integer', name);
    return 0;
  }
  if (!/^\d+$/.test(trimmed)) fail('field_integer', name);
  const id = parseIdText(trimmed);
  if (id === undefined) fail('field_maximum', name, { field: name, limit: MAX_ID });
  return id as number;
}

function text(body: Raw, name: string, max: number): string {
  const value = scalar(body, name);
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

function oneOf(raw: string, name: string, allowed: readonly number[], fallback: number): number {
  const trimmed = raw.trim();
  if (trimmed === '') return fallback;
  const value = /^-?\d{1,3}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!allowed.includes(value)) fail('field_enum', name, { values: allowed.join(', ') });
  return value;
}

/** An http(s) URL, or '' (empty allowed). */
export function httpUrl(raw: string, name: string): string {
  const value = raw.trim();
  if (value === '') return '';
  if (value.length > LIMITS.url) fail('field_max_length', name, { limit: LIMITS.url });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('field_web_address', name);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('field_web_address', name);
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

/** Ids of a list of objects ({ id, … } as JSON text or objects), or of plain ids; repeated ids count once. */
export function idList(body: Raw, name: string, max: number): number[] {
  const ids: number[] = [];
  list(body, name).forEach((item, index) => {
    const label = `${name}[${index}]`;
    let id: unknown = item;
    if (typeof item === 'object' || (typeof item === 'string' && item.trim().startsWith('{'))) {
      id = jsonObject(item, label)?.id;
    }
    const parsed = parseId(typeof id === 'number' ? String(id) : typeof id === 'string' ? id : '', `${label}.id`);
    if (!ids.includes(parsed)) ids.push(parsed);
  });
  if (ids.length > max) fail('field_max_items', name, { limit: max });
  return ids;
}

function eventText(raw: Record<string, unknown>, key: keyof EventValue, max: number): string {
  const value = raw[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number') fail('field_string', `event.${key}`);
  const result = String(value).trim();
  if (result.length > max) fail('field_max_length', `event.${key}`, { limit: max });
  return result;
}

function eventNumber(raw: Record<string, unknown>, key: keyof EventValue, min: number, max: number, integer = false): number | null {
  const text = eventText(raw, key, 40);
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    fail(integer ? 'field_integer_range' : 'field_number_range', `event.${key}`, { min, max });
  }
  return value;
}

function eventPattern(raw: Record<string, unknown>, key: keyof EventValue, pattern: RegExp, what: ApiErrorCode): string {
  const value = eventText(raw, key, 40);
  if (value !== '' && !pattern.test(value)) fail(what, `event.${key}`);
  return value;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The Event (spec section 3) from its JSON; null when absent or empty. */
export function parseEvent(rawValue: unknown): EventValue | null {
  const raw = jsonObject(rawValue, 'event');
  if (!raw) return null;
  const unknown = Object.keys(raw).filter((key) => !EVENT_FIELDS.includes(key as keyof EventValue));
  if (unknown.length) fail('field_unknown_property', 'event', { property: unknown[0] as string });
  const date = (key: 'date' | 'end_date') => {
    const value = eventText(raw, key, 40);
    if (value === '') return '';
    return referenceDate(value, `event.${key}`) ?? '';
  };
  const event: EventValue = {
    venue: eventText(raw, 'venue', LIMITS.eventText),
    date: date('date'),
    start_time: eventPattern(raw, 'start_time', TIME, 'field_time'),
    end_time_enabled: flag(raw.end_time_enabled, 'event.end_time_enabled'),
    end_date: date('end_date'),
    end_time: eventPattern(raw, 'end_time', TIME, 'field_time'),
    address: eventText(raw, 'address', LIMITS.eventAddress),
    latitude: eventNumber(raw, 'latitude', -90, 90),
    longitude: eventNumber(raw, 'longitude', -180, 180),
    limit_number_of_attendees: flag(raw.limit_number_of_attendees, 'event.limit_number_of_attendees'),
    attendees_limit: eventNumber(raw, 'attendees_limit', EVENT_NUMBER_LIMITS.attendees.min, LIMITS.attendees, true),
    ticket_cost: eventNumber(raw, 'ticket_cost', EVENT_NUMBER_LIMITS.ticketCost.min, LIMITS.ticketCost),
    currency: eventPattern(raw, 'currency', /^[A-Z]{3}$/, 'field_currency'),
    enabled: flag(raw.enabled, 'event.enabled'),
    custom_payment_url: httpUrl(eventText(raw, 'custom_payment_url', LIMITS.url), 'event.custom_payment_url'),
  };
  if ((event.latitude === null) !== (event.longitude === null)) fail('event_coordinates_pair', 'event.latitude');
  if (event.limit_number_of_attendees === 1 && event.attendees_limit === null)
    fail('event_attendees_limit_required', 'event.attendees_limit');
  if (event.end_date && event.date && event.end_date < event.date) fail('event_end_date_before_date', 'event.end_date');
  if (
    event.end_time_enabled === 1 &&
    event.end_date === event.date &&
    event.end_time &&
    event.start_time &&
    event.end_time < event.start_time
  ) {
    fail('event_end_time_before_start', 'event.end_time');
  }
  return event;
}

/** The location { country_code, state_id }; null when absent or without a country. Existence is checked by the route. */
export function parseLocation(rawValue: unknown): LocationValue | null {
  const raw = jsonObject(rawValue, 'location');
  if (!raw) return null;
  const code = raw.country_code;
  if (code === undefined || code === null || code === '' || code === '0') return null;
  if (typeof code !== 'string' || !/^[A-Za-z]{2}$/.test(code.trim())) fail('country_code_invalid', 'location.country_code');
  const state = raw.state_id;
  let stateId: number | null = null;
  if (state !== undefined && state !== null && state !== '' && state !== 0 && state !== '0') {
    stateId = parseId(String(state), 'location.state_id');
  }
  return { country_code: code.trim().toUpperCase(), state_id: stateId };
}

function images(body: Raw): Array<{ id: number; description: string }> {
  const result: Array<{ id: number; description: string }> = [];
  list(body, 'images').forEach((item, index) => {
    const label = `images[${index}]`;
    const raw =
      typeof item === 'object' || (typeof item === 'string' && item.trim().startsWith('{')) ? jsonObject(item, label) : { id: item };
    const id = parseId(String(raw?.id ?? ''), `${label}.id`);
    const description = raw?.description ?? '';
    if (typeof description !== 'string') fail('field_string', `${label}.description`);
    if (description.length > LIMITS.imageDescription) fail('field_max_length', `${label}.description`, { limit: LIMITS.imageDescription });
    if (!result.some((image) => image.id === id)) result.push({ id, description: description.replaceAll('\0', '').trim() });
  });
  if (result.length > LIMITS.images) fail('field_max_items', 'images', { limit: LIMITS.images });
  return result;
}

/** Reads and checks the whole form. Throws FormError with the first problem. */
export function parseArticleForm(body: unknown): ArticleForm {
  if (!body || typeof body !== 'object' || Array.isArray(body)) fail('body_not_form', 'body');
  const raw = body as Raw;
  const id = parseId(scalar(raw, 'id') || '0', 'id', { allowZero: true });
  const copy = flag(scalar(raw, 'copy'), 'copy') === 1;
  const versionText = scalar(raw, 'version');
  if (versionText.trim() === '' && id !== 0 && !copy) fail('version_required', 'version');
  const version = parseId(versionText || '0', 'version', { allowZero: true });

  const title = text(raw, 'title', LIMITS.title).trim();
  if (!title) fail('field_required', 'title');

  const imageList = images(raw);
  if (imageList.length === 0) fail('article_no_image', 'images');

  const topics = idList(raw, 'topics', LIMITS.topics);
  const mainText = scalar(raw, 'main_category_id').trim();
  if (mainText === '' || mainText === '0') fail('article_no_main_category', 'main_category_id');
  const mainCategory = parseId(mainText, 'main_category_id');
  if (!topics.includes(mainCategory)) fail('article_no_main_category', 'main_category_id');

  const mainImageText = scalar(raw, 'main_image').trim();
  let mainImage = imageList[0]!.id;
  if (mainImageText !== '' && mainImageText !== '0' && mainImageText !== 'null') {
    mainImage = parseId(mainImageText, 'main_image');
    if (!imageList.some((image) => image.id === mainImage)) fail('main_image_not_in_images', 'main_image');
  }

  const catidText = scalar(raw, 'catid').trim();
  const publishUp = dateTime(scalar(raw, 'publish_up'), 'publish_up');
  const publishDown = dateTime(scalar(raw, 'publish_down'), 'publish_down');
  if (publishUp && publishDown && publishDown <= publishUp) fail('publish_down_before_up', 'publish_down');

  return {
    id,
    copy,
    version,
    title,
    date: dateTime(scalar(raw, 'date'), 'date'),
    catid: catidText === '' || catidText === '0' ? null : parseId(catidText, 'catid'),
    access: oneOf(scalar(raw, 'access'), 'access', [1, 2, 3], 2),
    featured: flag(scalar(raw, 'featured'), 'featured'),
    newsletter: flag(scalar(raw, 'newsletter'), 'newsletter'),
    text: text(raw, 'text', LIMITS.text),
    introtext: text(raw, 'introtext', LIMITS.introtext),
    notes: text(raw, 'notes', LIMITS.notes).trim(),
    main_image: mainImage,
    images: imageList,
    references_at_source: flag(scalar(raw, 'references_at_source'), 'references_at_source'),
    use_source_link: flag(scalar(raw, 'use_source_link'), 'use_source_link'),
    videos_at_source: flag(scalar(raw, 'videos_at_source'), 'videos_at_source'),
    reference_source: text(raw, 'reference_source', LIMITS.referenceSource).trim(),
    reference_date: referenceDate(scalar(raw, 'reference_date')),
    reference_url: httpUrl(scalar(raw, 'reference_url'), 'reference_url'),
    topics,
    main_category_id: mainCategory,
    tags: idList(raw, 'tags', LIMITS.tags),
    authors: idList(raw, 'authors', LIMITS.authors),
    ads: idList(raw, 'ads', LIMITS.ads),
    videos: idList(raw, 'videos', LIMITS.videos),
    event: parseEvent(raw.event === undefined ? undefined : Array.isArray(raw.event) ? fail('field_single_value', 'event') : raw.event),
    location: parseLocation(Array.isArray(raw.location) ? fail('field_single_value', 'location') : raw.location),
    publish_up: publishUp,
    publish_down: publishDown,
  };
}
