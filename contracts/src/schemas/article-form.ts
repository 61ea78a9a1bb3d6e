/**
 * POST /api/portal/article: the edit form, as shared's `toFormBody(payload)` makes it
 * (application/x-www-form-urlencoded: scalars as strings, arrays as repeated keys, objects and
 * arrays of objects as JSON text) or as JSON with real arrays and objects. Each field's codec
 * documents it and decodes it (`decodeArticleForm`).
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
import { Type, type StaticDecode } from 'typebox';
import { Value } from 'typebox/value';
import { ARTICLE_LIMITS, ARTICLE_LIST_LIMITS, EVENT_NUMBER_LIMITS } from '../rules/field-limits';
import type { ArticleEvent, ArticleLocation } from './article';
import {
  dateTime,
  fail,
  flag,
  formField,
  formId,
  httpUrl,
  idList,
  isObjectItem,
  jsonObject,
  list,
  oneOf,
  referenceDate,
  scalar,
  singleJsonObject,
  text,
  type ErrorCode,
} from './form-fields';

export const EVENT_FIELDS: readonly (keyof ArticleEvent)[] = [
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

type RawEvent = Record<string, unknown>;

function eventText(raw: RawEvent, key: keyof ArticleEvent, max: number): string {
  const value = raw[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number') fail('field_string', `event.${key}`);
  const result = String(value).trim();
  if (result.length > max) fail('field_max_length', `event.${key}`, { limit: max });
  return result;
}

function eventNumber(raw: RawEvent, key: keyof ArticleEvent, min: number, max: number, integer = false): number | null {
  const value = eventText(raw, key, 40);
  if (value === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number < min || number > max || (integer && !Number.isInteger(number))) {
    fail(integer ? 'field_integer_range' : 'field_number_range', `event.${key}`, { min, max });
  }
  return number;
}

function eventPattern(raw: RawEvent, key: keyof ArticleEvent, pattern: RegExp, what: ErrorCode): string {
  const value = eventText(raw, key, 40);
  if (value !== '' && !pattern.test(value)) fail(what, `event.${key}`);
  return value;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function eventDate(raw: RawEvent, key: 'date' | 'end_date'): string {
  const value = eventText(raw, key, 40);
  return value === '' ? '' : (referenceDate(value, `event.${key}`) ?? '');
}

function checkEvent(event: ArticleEvent): ArticleEvent {
  if ((event.latitude === null) !== (event.longitude === null)) fail('event_coordinates_pair', 'event.latitude');
  if (event.limit_number_of_attendees === 1 && event.attendees_limit === null)
    fail('event_attendees_limit_required', 'event.attendees_limit');
  if (event.end_date && event.date && event.end_date < event.date) fail('event_end_date_before_date', 'event.end_date');
  const sameDay = event.end_time_enabled === 1 && event.end_date === event.date;
  if (sameDay && event.end_time && event.start_time && event.end_time < event.start_time) {
    fail('event_end_time_before_start', 'event.end_time');
  }
  return event;
}

/** The Event (spec section 3) from its JSON; null when absent or empty. */
export function parseEvent(rawValue: unknown): ArticleEvent | null {
  const raw = jsonObject(rawValue, 'event');
  if (!raw) return null;
  const unknown = Object.keys(raw).filter((key) => !EVENT_FIELDS.includes(key as keyof ArticleEvent));
  if (unknown.length) fail('field_unknown_property', 'event', { property: unknown[0] as string });
  return checkEvent({
    venue: eventText(raw, 'venue', ARTICLE_LIMITS.eventVenue.max),
    date: eventDate(raw, 'date'),
    start_time: eventPattern(raw, 'start_time', TIME, 'field_time'),
    end_time_enabled: flag(raw.end_time_enabled, 'event.end_time_enabled'),
    end_date: eventDate(raw, 'end_date'),
    end_time: eventPattern(raw, 'end_time', TIME, 'field_time'),
    address: eventText(raw, 'address', ARTICLE_LIMITS.eventAddress.max),
    latitude: eventNumber(raw, 'latitude', -90, 90),
    longitude: eventNumber(raw, 'longitude', -180, 180),
    limit_number_of_attendees: flag(raw.limit_number_of_attendees, 'event.limit_number_of_attendees'),
    attendees_limit: eventNumber(raw, 'attendees_limit', EVENT_NUMBER_LIMITS.attendees.min, EVENT_NUMBER_LIMITS.attendees.max, true),
    ticket_cost: eventNumber(raw, 'ticket_cost', EVENT_NUMBER_LIMITS.ticketCost.min, EVENT_NUMBER_LIMITS.ticketCost.max),
    currency: eventPattern(raw, 'currency', /^[A-Z]{3}$/, 'field_currency'),
    enabled: flag(raw.enabled, 'event.enabled'),
    custom_payment_url: httpUrl(
      eventText(raw, 'custom_payment_url', ARTICLE_LIMITS.url.max),
      'event.custom_payment_url',
      ARTICLE_LIMITS.url.max,
    ),
  });
}

/** The location { country_code, state_id }; null when absent or without a country. Existence is checked by the route. */
export function parseLocation(rawValue: unknown): ArticleLocation | null {
  const raw = jsonObject(rawValue, 'location');
  if (!raw) return null;
  const code = raw.country_code;
  if (code === undefined || code === null || code === '' || code === '0') return null;
  if (typeof code !== 'string' || !/^[A-Za-z]{2}$/.test(code.trim())) fail('country_code_invalid', 'location.country_code');
  const state = raw.state_id;
  let stateId: number | null = null;
  if (state !== undefined && state !== null && state !== '' && state !== 0 && state !== '0') {
    stateId = formId(String(state), 'location.state_id');
  }
  return { country_code: code.trim().toUpperCase(), state_id: stateId };
}

export interface FormImage {
  id: number;
  description: string;
}

function images(raw: unknown): FormImage[] {
  const max = ARTICLE_LIMITS.imageCaption.max;
  const result: FormImage[] = [];
  list(raw).forEach((item, index) => {
    const label = `images[${index}]`;
    const image = isObjectItem(item) ? jsonObject(item, label) : { id: item };
    const id = formId(String(image?.id ?? ''), `${label}.id`);
    const description = image?.description ?? '';
    if (typeof description !== 'string') fail('field_string', `${label}.description`);
    if (description.length > max) fail('field_max_length', `${label}.description`, { limit: max });
    if (!result.some((known) => known.id === id)) result.push({ id, description: description.replaceAll('\0', '').trim() });
  });
  if (result.length > ARTICLE_LIST_LIMITS.images) fail('field_max_items', 'images', { limit: ARTICLE_LIST_LIMITS.images });
  if (result.length === 0) fail('article_no_image', 'images');
  return result;
}

/** An optional id: '', 0 (and 'null' for main_image) mean none. */
function optionalId(raw: unknown, name: string): number | null {
  const value = scalar(raw, name).trim();
  return value === '' || value === '0' || value === 'null' ? null : formId(value, name);
}

const id = (raw: unknown, name: string) => formId(scalar(raw, name) || '0', name, { allowZero: true });

/** The version, or how it is missing: not sent (null) or only spaces ('blank', not a number). */
function version(raw: unknown, name: string): number | null | 'blank' {
  const value = scalar(raw, name);
  if (value.trim() === '') return value === '' ? null : 'blank';
  return id(raw, name);
}
const limitedText = (max: number) => (raw: unknown, name: string) => text(raw, name, max);

/** The form's fields in the order they are checked (the first problem is the message). */
export const SaveArticleBodySchema = Type.Object(
  {
    id: Type.Optional(formField('0 = new', id, 'id')),
    copy: Type.Optional(formField("'1' = save as a new draft copy", (raw, name) => flag(scalar(raw, name), name) === 1, 'copy')),
    version: Type.Optional(formField('The version you opened (0 for new)', version, 'version')),
    title: Type.Optional(
      formField(
        `Required, at most ${ARTICLE_LIMITS.title.max} characters`,
        (raw, name) => text(raw, name, ARTICLE_LIMITS.title.max).trim() || fail('field_required', name),
        'title',
      ),
    ),
    images: Type.Optional(formField('Repeated JSON {"id":1,"description":"caption"}; at least one', images, 'images')),
    topics: Type.Optional(formField('Repeated category ids', (raw, name) => idList(raw, name, ARTICLE_LIST_LIMITS.topics), 'topics')),
    main_category_id: Type.Optional(
      formField('One of the topics', (raw, name) => optionalId(raw, name) ?? fail('article_no_main_category', name), 'main_category_id'),
    ),
    main_image: Type.Optional(formField('Image id among images; empty = the first image', optionalId, 'main_image')),
    catid: Type.Optional(formField('Category id; empty = the main category', optionalId, 'catid')),
    publish_up: Type.Optional(
      formField(
        "'YYYY-MM-DD HH:mm:ss' (UTC); '' or 0000-00-00 00:00:00 = empty",
        (raw, name) => dateTime(scalar(raw, name), name),
        'publish_up',
      ),
    ),
    publish_down: Type.Optional(
      formField("'YYYY-MM-DD HH:mm:ss' (UTC); after publish_up", (raw, name) => dateTime(scalar(raw, name), name), 'publish_down'),
    ),
    date: Type.Optional(formField("'YYYY-MM-DD HH:mm:ss' (UTC) or ISO", (raw, name) => dateTime(scalar(raw, name), name), 'date')),
    access: Type.Optional(formField('1, 2 or 3', (raw, name) => oneOf(scalar(raw, name), name, [1, 2, 3], 2), 'access')),
    featured: Type.Optional(formField('0 or 1', (raw, name) => flag(scalar(raw, name), name), 'featured')),
    newsletter: Type.Optional(formField('0 or 1', (raw, name) => flag(scalar(raw, name), name), 'newsletter')),
    text: Type.Optional(formField('HTML (sanitised)', limitedText(ARTICLE_LIMITS.text.max), 'text')),
    introtext: Type.Optional(formField('HTML (sanitised)', limitedText(ARTICLE_LIMITS.introtext.max), 'introtext')),
    notes: Type.Optional(formField('Plain text', (raw, name) => text(raw, name, ARTICLE_LIMITS.notes.max).trim(), 'notes')),
    references_at_source: Type.Optional(formField("'0' or '1'", (raw, name) => flag(scalar(raw, name), name), 'references_at_source')),
    use_source_link: Type.Optional(formField("'0' or '1'", (raw, name) => flag(scalar(raw, name), name), 'use_source_link')),
    videos_at_source: Type.Optional(formField("'0' or '1'", (raw, name) => flag(scalar(raw, name), name), 'videos_at_source')),
    reference_source: Type.Optional(
      formField('Text', (raw, name) => text(raw, name, ARTICLE_LIMITS.referenceSource.max).trim(), 'reference_source'),
    ),
    reference_date: Type.Optional(
      formField(
        "YYYY-MM-DD; '', 1970-01-01 and 0000-00-00 mean none",
        (raw, name) => referenceDate(scalar(raw, name), name),
        'reference_date',
      ),
    ),
    reference_url: Type.Optional(
      formField('http(s) URL or empty', (raw, name) => httpUrl(scalar(raw, name), name, ARTICLE_LIMITS.url.max), 'reference_url'),
    ),
    tags: Type.Optional(
      formField('Repeated JSON {"id":..,"title":..}', (raw, name) => idList(raw, name, ARTICLE_LIST_LIMITS.tags), 'tags'),
    ),
    authors: Type.Optional(
      formField('Repeated JSON {"id":..,"name":..}', (raw, name) => idList(raw, name, ARTICLE_LIST_LIMITS.authors), 'authors'),
    ),
    ads: Type.Optional(formField('Repeated JSON {"id":..}', (raw, name) => idList(raw, name, ARTICLE_LIST_LIMITS.ads), 'ads')),
    videos: Type.Optional(formField('Repeated JSON {"id":..}', (raw, name) => idList(raw, name, ARTICLE_LIST_LIMITS.videos), 'videos')),
    event: Type.Optional(formField('JSON Event or empty', (raw, name) => parseEvent(singleJsonObject(raw, name)), 'event')),
    location: Type.Optional(
      formField(
        'JSON {"country_code":"AU","state_id":123} or empty',
        (raw, name) => parseLocation(singleJsonObject(raw, name)),
        'location',
      ),
    ),
  },
  { additionalProperties: true },
);

type DecodedBody = Required<StaticDecode<typeof SaveArticleBodySchema>>;

/** The edit form as the save reads it: SaveArticleBodySchema decoded, with the rules across fields applied. */
export interface ArticleForm extends Omit<DecodedBody, 'version' | 'main_category_id' | 'main_image'> {
  /** The version the user loaded (0 for a new article). */
  version: number;
  main_category_id: number;
  main_image: number;
}

/** Reads and checks the whole form. Throws FieldProblem with the first problem. */
export function decodeArticleForm(body: unknown): ArticleForm {
  if (!body || typeof body !== 'object' || Array.isArray(body)) fail('body_not_form', 'body');
  const form = Value.Decode(SaveArticleBodySchema, body) as DecodedBody;
  if (typeof form.version !== 'number' && form.id !== 0 && !form.copy) fail('version_required', 'version');
  if (form.version === 'blank') fail('field_integer', 'version');
  if (!form.topics.includes(form.main_category_id)) fail('article_no_main_category', 'main_category_id');
  if (form.main_image !== null && !form.images.some((image) => image.id === form.main_image))
    fail('main_image_not_in_images', 'main_image');
  if (form.publish_up && form.publish_down && form.publish_down <= form.publish_up) fail('publish_down_before_up', 'publish_down');
  return { ...form, version: (form.version as number | null) ?? 0, main_image: form.main_image ?? form.images[0]!.id };
}
