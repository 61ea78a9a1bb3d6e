// The Defaults of a scheduled import (spec section 3, defaults of section 9): the JSON schema of
// every field, and `parseDefaults`, which turns what a client sent (a JSON string as the spec
// says, or an object) into the canonical stored form or a clear 400 message.
//
// Canonical form (what the engine reads): every scalar is a string, like the editor's form
// values ('0', '1', 'article', '12'); topics are category ids (numbers); tags and authors are
// lists of {id, title|name}; image is {id?, file_thumbnail, url?} or null. Numbers sent for
// scalar fields are accepted and stored as their text, so '1' and 1 mean the same.
import Ajv, { type ErrorObject } from 'ajv';
// The codes, the default values and the pure checks are a rule shared with the importer form
// (contracts/rules/import-defaults); this module adds the schema and the parsing.
import {
  applyingDefaults,
  COORDINATE_LIMITS,
  DEFAULTS_MAX_LENGTHS,
  IMPORT_DEFAULT_CODES,
  IMPORT_DEFAULT_VALUES,
  isCoordinate,
  isHostname,
  isHttpUrl,
  mainCategoryIsATopic,
  needsCustomImage,
} from 'contracts/rules/import-defaults';
import { Type, type Static } from 'typebox';
import { CodedError, type ApiErrorCode, type ApiErrorParams } from '../lib/api-errors';
import { validationDetail } from '../lib/validation-detail';

const Code = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });
const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const Id = Type.Integer({ minimum: 1 });

/** Codes of the choice fields, in the spec's order (spec sections 2 and 9). */
export const DEFAULT_CODES = IMPORT_DEFAULT_CODES;

export const DefaultsSchema = Type.Object(
  {
    published: Code(DEFAULT_CODES.published, 'State of each new article: 0 Unpublished, 4 Awaiting approval, 5 Draft, 1 Published'),
    date: Code(DEFAULT_CODES.date, '1 Use date from feed, 2 Use current date'),
    contentType: Type.String({ minLength: 1, maxLength: 50, description: 'A content type id (GET /api/v2/portal/content-types)' }),
    user: Type.String({
      pattern: '^[1-9][0-9]{0,9}$',
      description: 'Owner of the new articles: a content creator id (GET /api/v2/portal/creators)',
    }),
    use_source_link: Code(DEFAULT_CODES.use_source_link, '1: the article links to its source'),
    videos_at_source: Code(DEFAULT_CODES.videos_at_source, '1: videos are at the source'),
    references_at_source: Code(DEFAULT_CODES.references_at_source, '1: references are at the source'),
    sourceDomain: Code(DEFAULT_CODES.sourceDomain, '0 Leave blank, 1 Use feed title, 2 Use feed url, 3 Custom'),
    sourceDomainCustom: Text(DEFAULTS_MAX_LENGTHS.sourceDomainCustom, 'A host name; required when sourceDomain is 3, ignored otherwise'),
    dateFirstPublished: Code(DEFAULT_CODES.dateFirstPublished, '0 Leave blank, 1 Use date from article'),
    tinyURL: Code(DEFAULT_CODES.tinyURL, '0 Leave blank, 1 Use URL from article, 2 Generate TinyURL from article, 3 Custom'),
    tinyURLCustom: Text(DEFAULTS_MAX_LENGTHS.tinyURLCustom, 'An http(s) URL; required when tinyURL is 3, ignored otherwise'),
    country: Type.String({ pattern: '^(0|[A-Z]{2,3})?$', description: "A country code, or '0' / '' for none" }),
    state: Type.String({ pattern: '^([0-9]{1,10})?$', description: "A state id of the country, or '' for none" }),
    suburb: Text(DEFAULTS_MAX_LENGTHS.suburb, 'Suburb or place name'),
    latitude: Type.String({ pattern: '^(-?[0-9]{1,2}(\\.[0-9]{1,12})?)?$', description: "-90 to 90, or ''" }),
    longitude: Type.String({ pattern: '^(-?[0-9]{1,3}(\\.[0-9]{1,12})?)?$', description: "-180 to 180, or ''" }),
    postcode: Text(DEFAULTS_MAX_LENGTHS.postcode, 'Postcode'),
    mainCategory: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'The main category id; one of topics' }),
    imageSource: Code(DEFAULT_CODES.imageSource, '0 No image, 1 Use image from article if available, 2 Use custom image'),
    imageCaption: Text(DEFAULTS_MAX_LENGTHS.imageCaption, 'Caption of the main image'),
    tags: Type.Array(Type.Object({ id: Id, title: Type.String({ minLength: 1, maxLength: 255 }) }, { additionalProperties: false }), {
      maxItems: 100,
    }),
    image: Type.Union([
      Type.Object(
        {
          id: Type.Optional(Id),
          file_thumbnail: Type.String({ minLength: 1, maxLength: 2000 }),
          url: Type.Optional(Type.String({ maxLength: 2000 })),
          file_name: Type.Optional(Type.String({ maxLength: 500 })),
          thumb_url: Type.Optional(Type.String({ maxLength: 2000 })),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    authors: Type.Array(Type.Object({ id: Id, name: Type.String({ maxLength: 255 }) }, { additionalProperties: false }), {
      maxItems: 50,
    }),
    topics: Type.Array(Id, { maxItems: 200, uniqueItems: true, description: 'Category ids' }),
  },
  { additionalProperties: false },
);

export type ImportDefaults = Static<typeof DefaultsSchema>;

/**
 * Spec section 9 (import form defaults), plus empty values for the rest; the importer editor
 * starts a new import from the same values. contentType, user and mainCategory have none (required).
 */
export const EMPTY_DEFAULTS: Readonly<Omit<ImportDefaults, 'contentType' | 'user' | 'mainCategory'>> = Object.freeze({
  ...IMPORT_DEFAULT_VALUES,
});

const SCALARS = new Set(Object.keys(DefaultsSchema.properties).filter((key) => !['tags', 'image', 'authors', 'topics'].includes(key)));

// Ajv is the validator Fastify itself uses; its errors read like the route errors ("x must be one of …").
const ajv = new Ajv({ allErrors: false, strict: false });
const check = ajv.compile<ImportDefaults>(DefaultsSchema);

/** A bad Default: a catalogue code, its parameters and the field (`defaults.latitude`). */
export class DefaultsError extends CodedError {
  constructor(code: ApiErrorCode, field: string, params: ApiErrorParams = {}) {
    super(code, { field, ...params }, field);
    this.name = 'DefaultsError';
  }
}

/** The ranges of the coordinates, named in their errors (their schema checks only the form). */
const COORDINATE_RANGES: Record<string, { min: number; max: number }> = {
  'defaults.latitude': { min: -COORDINATE_LIMITS.latitude, max: COORDINATE_LIMITS.latitude },
  'defaults.longitude': { min: -COORDINATE_LIMITS.longitude, max: COORDINATE_LIMITS.longitude },
};

/** The DefaultsError of the schema's first error, at its field. */
function schemaError(errors: ErrorObject[]): DefaultsError {
  const first = prefixPaths(errors)[0];
  if (!first) return new DefaultsError('field_invalid', 'defaults');
  const { code, field, params } = validationDetail(first as never, 'defaults');
  const range = COORDINATE_RANGES[field];
  if (range && code === 'field_pattern') return new DefaultsError('field_number_range', field, range);
  const { field: _field, ...rest } = params;
  return new DefaultsError(code, field, rest);
}

/** A boolean, number or string as the form would send it ('' for null/undefined); other values unchanged. */
function scalarText(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : value;
}

function idNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value;
}

/** Numeric text to numbers in id lists and {id} objects (forms and older clients send ids as text). */
function normalise(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...EMPTY_DEFAULTS };
  for (const [key, value] of Object.entries(input)) {
    if (SCALARS.has(key)) out[key] = scalarText(value);
    else if (key === 'topics') out[key] = Array.isArray(value) ? value.map(idNumber) : value;
    else if ((key === 'tags' || key === 'authors') && Array.isArray(value)) {
      out[key] = value.map((item) => (item && typeof item === 'object' ? { ...item, id: idNumber((item as { id?: unknown }).id) } : item));
    } else if (key === 'image' && value && typeof value === 'object' && !Array.isArray(value)) {
      const image = { ...(value as Record<string, unknown>) };
      if ('id' in image) image.id = idNumber(image.id);
      if (image.id === null || image.id === undefined) delete image.id;
      out[key] = image;
    } else if (key === 'image' && (value === '' || value === undefined)) out[key] = null;
    else out[key] = value;
  }
  if (typeof out.country === 'string') out.country = out.country.toUpperCase();
  return out;
}

const prefixPaths = (errors: ErrorObject[]): ErrorObject[] =>
  errors.map((error) => ({ ...error, instancePath: `/defaults${error.instancePath}` }));

/**
 * The Defaults as stored, or a DefaultsError with a message naming the field. Accepts the JSON
 * string of the spec or an object. Fields left out take the form defaults of spec section 9;
 * contentType, user and mainCategory are required (spec section 5). Checks that need the
 * database (the user and the categories exist) are the caller's.
 */
export function parseDefaults(raw: unknown): ImportDefaults {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') throw new DefaultsError('defaults_required', 'defaults');
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new DefaultsError('field_json', 'defaults');
    }
  }
  if (value === undefined || value === null) throw new DefaultsError('defaults_required', 'defaults');
  if (typeof value !== 'object' || Array.isArray(value)) throw new DefaultsError('field_json_object', 'defaults');
  const defaults = normalise(value as Record<string, unknown>);

  // The required fields first, with the messages of the form (spec section 5).
  if (!defaults.contentType) throw new DefaultsError('defaults_content_type_required', 'defaults.contentType');
  if (!defaults.user) throw new DefaultsError('defaults_user_required', 'defaults.user');
  if (!defaults.mainCategory) throw new DefaultsError('defaults_main_category_required', 'defaults.mainCategory');

  if (!check(defaults)) throw schemaError(check.errors ?? []);

  for (const field of ['latitude', 'longitude'] as const) {
    if (!isCoordinate(defaults[field], field))
      throw new DefaultsError('field_number_range', `defaults.${field}`, COORDINATE_RANGES[`defaults.${field}`]);
  }

  // The custom values apply only with code 3 (spec section 5); otherwise they are dropped.
  const applying = applyingDefaults(defaults);
  if (applying.sourceDomainCustom) {
    if (!defaults.sourceDomainCustom) throw new DefaultsError('defaults_source_domain_custom_required', 'defaults.sourceDomainCustom');
    if (!isHostname(defaults.sourceDomainCustom)) {
      throw new DefaultsError('field_host_name', 'defaults.sourceDomainCustom', { value: defaults.sourceDomainCustom });
    }
    defaults.sourceDomainCustom = defaults.sourceDomainCustom.toLowerCase();
  } else defaults.sourceDomainCustom = '';
  if (applying.tinyURLCustom) {
    if (!defaults.tinyURLCustom) throw new DefaultsError('defaults_tiny_url_custom_required', 'defaults.tinyURLCustom');
    if (!isHttpUrl(defaults.tinyURLCustom))
      throw new DefaultsError('field_http_url', 'defaults.tinyURLCustom', { value: defaults.tinyURLCustom });
  } else defaults.tinyURLCustom = '';

  if (needsCustomImage(defaults.imageSource) && !defaults.image) throw new DefaultsError('defaults_image_required', 'defaults.image');
  // The image's addresses end up in <img src> and links: http(s) or a path on this server, never javascript: or data:.
  for (const key of ['url', 'thumb_url', 'file_thumbnail'] as const) {
    const address = defaults.image?.[key]?.trim();
    if (address && !isHttpUrl(address) && !/^\/(?!\/)/.test(address)) {
      throw new DefaultsError('url_scheme_not_allowed', `defaults.image.${key}`, { field: `defaults.image.${key}` });
    }
  }
  if (!applying.image) {
    defaults.image = null;
    defaults.imageCaption = '';
  }
  if (!applying.state) {
    defaults.country = '0';
    defaults.state = '';
  }
  if (!mainCategoryIsATopic(defaults.mainCategory, defaults.topics)) {
    throw new DefaultsError('defaults_main_category_not_in_topics', 'defaults.mainCategory', { id: defaults.mainCategory });
  }
  const seenTags = new Set<number>();
  defaults.tags = defaults.tags.filter((tag) => !seenTags.has(tag.id) && seenTags.add(tag.id));
  const seenAuthors = new Set<number>();
  defaults.authors = defaults.authors.filter((author) => !seenAuthors.has(author.id) && seenAuthors.add(author.id));
  return defaults;
}
