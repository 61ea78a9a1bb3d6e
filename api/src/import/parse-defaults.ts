// `parseDefaults` turns the Defaults of a scheduled import a client sent (a JSON string as the spec
// says, or an object) into the canonical stored form (ImportDefaultsSchema of contracts/schemas/importers)
// or a clear 400 message. Numbers sent for scalar fields are accepted and stored as their text, so '1'
// and 1 mean the same.
import Ajv, { type ErrorObject } from 'ajv';
// The codes, the default values and the pure checks are a rule shared with the importer form
// (contracts/rules/import-defaults), the schema is the contract's; this module adds the parsing.
import {
  applyingDefaults,
  COORDINATE_LIMITS,
  IMPORT_DEFAULT_VALUES,
  isCoordinate,
  isHostname,
  isHttpUrl,
  mainCategoryIsATopic,
  needsCustomImage,
} from 'contracts/rules/import-defaults';
import { ImportDefaultsSchema as DefaultsSchema, type ImportDefaults } from 'contracts/schemas/importers';
import { CodedError, type ApiErrorCode, type ApiErrorParams } from '../lib/api-errors';
import { validationDetail } from '../lib/validation-detail';
import { forbiddenCharacterAt } from '../lib/stored-text';

/**
 * Spec section 9 (import form defaults), plus empty values for the rest: the contracts' values, which
 * the importer editor starts a new import from, typed here as the stored Defaults (a check at compile
 * time that they fit). contentType, user and mainCategory have none (required).
 */
const EMPTY_DEFAULTS: Readonly<Omit<ImportDefaults, 'contentType' | 'user' | 'mainCategory'>> = Object.freeze({
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
    // JSON text may spell a NUL as \u0000: the input guard saw only the text, so check what it decodes to.
    const at = forbiddenCharacterAt(value, ['defaults']);
    if (at) throw new DefaultsError('field_control_character', at.join('.'));
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
