/**
 * The Defaults of a scheduled import and their rules (spec section 2 "Scheduled import edit form",
 * section 5 "Import form", section 9 "Import form defaults"): the codes, the values of a new import,
 * the checks, and the decoding steps that need no schema library, so the importer form can use them
 * too. The decoder of what a client sends is `decodeImportDefaults` (contracts/schemas/import-defaults.ts,
 * with the schema); stored Defaults are read by `defaultsObject` here.
 *
 * Every value is text, as the form holds it ('0', '1', …); the option codes are listed in the
 * spec's order, which is the order the form offers them.
 */
import type API_ERRORS from '../errors/api-errors.json';
import type { ImportDefaults } from '../schemas/import-defaults';
import { isHttpUrl } from './http-url';

/** Schedule codes: 1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins. */
export const SCHEDULE_CODES = ['1', '2', '3', '4'] as const;
/** Enabled: radio Yes=1 / No=0. */
export const ENABLED_CODES = ['1', '0'] as const;

/** The codes of each choice field of the Defaults, in the spec's order. */
export const IMPORT_DEFAULT_CODES = {
  /** 0 Unpublished, 4 Awaiting approval, 5 Draft, 1 Published. */
  published: ['0', '4', '5', '1'],
  /** 1 Use date from feed, 2 Use current date. */
  date: ['1', '2'],
  use_source_link: ['0', '1'],
  videos_at_source: ['0', '1'],
  references_at_source: ['0', '1'],
  /** 0 Leave blank, 1 Use feed title, 2 Use feed url, 3 Custom. */
  sourceDomain: ['0', '1', '2', '3'],
  /** 0 Leave blank, 1 Use date from article. */
  dateFirstPublished: ['0', '1'],
  /** 0 Leave blank, 1 Use URL from article, 2 Generate TinyURL from article, 3 Custom. */
  tinyURL: ['0', '1', '2', '3'],
  /** 0 No image, 1 Use image from article if available, 2 Use custom image. */
  imageSource: ['0', '1', '2'],
} as const satisfies Record<string, readonly string[]>;

export type ImportDefaultChoice = keyof typeof IMPORT_DEFAULT_CODES;

/** An importer's own fields when new (spec section 9: schedule '1', enabled '1'). */
export const IMPORTER_DEFAULTS = Object.freeze({ schedule: '1', enabled: '1' } as const);

/**
 * A new import's Defaults (spec section 9), and empty values for the rest. contentType, user and
 * mainCategory have none: they are required (spec section 5).
 */
export const IMPORT_DEFAULT_VALUES = Object.freeze({
  published: '0',
  date: '1',
  use_source_link: '0',
  videos_at_source: '0',
  references_at_source: '0',
  sourceDomain: '0',
  sourceDomainCustom: '',
  dateFirstPublished: '0',
  tinyURL: '0',
  tinyURLCustom: '',
  country: '0',
  state: '',
  suburb: '',
  latitude: '',
  longitude: '',
  postcode: '',
  imageSource: '0',
  imageCaption: '',
  tags: [] as Array<{ id: number; title: string }>,
  image: null as null | { id?: number; file_thumbnail: string; url?: string; file_name?: string; thumb_url?: string },
  authors: [] as Array<{ id: number; name: string }>,
  topics: [] as number[],
});

/** The Defaults a save needs (spec section 5; the import's own title, feed_url and plugin besides). */
export const REQUIRED_DEFAULTS = ['contentType', 'user', 'mainCategory'] as const;

/** The code that makes a custom source domain or tiny URL apply. */
export const CUSTOM_CODE = '3';
/** imageSource 2: the import's own image, which must then be uploaded. */
export const CUSTOM_IMAGE_CODE = '2';

/** The longest text of each free-text field of the Defaults (the API refuses longer ones). */
export const DEFAULTS_MAX_LENGTHS = Object.freeze({
  sourceDomainCustom: 253,
  tinyURLCustom: 2000,
  suburb: 200,
  postcode: 20,
  imageCaption: 500,
} as const);

/** The limits of the coordinates: latitude ±90, longitude ±180. */
export const COORDINATE_LIMITS = Object.freeze({ latitude: 90, longitude: 180 } as const);

export interface DefaultsVisibility {
  /** The custom source domain applies (and shows) only when sourceDomain is 3. */
  sourceDomainCustom: boolean;
  /** The custom tiny URL applies (and shows) only when tinyURL is 3. */
  tinyURLCustom: boolean;
  /** The image upload and caption: for any image source other than 0. */
  image: boolean;
  /** The state: only once a country is chosen. */
  state: boolean;
}

/** Which conditional values apply: the form shows only these, and the API keeps only these. */
export function applyingDefaults(values: {
  sourceDomain: string;
  tinyURL: string;
  imageSource: string;
  country: string;
}): DefaultsVisibility {
  return {
    sourceDomainCustom: values.sourceDomain === CUSTOM_CODE,
    tinyURLCustom: values.tinyURL === CUSTOM_CODE,
    image: values.imageSource !== '0' && values.imageSource !== '',
    state: values.country !== '0' && values.country !== '',
  };
}

/** Whether the import needs its own uploaded image (imageSource 2). */
export function needsCustomImage(imageSource: string): boolean {
  return imageSource === CUSTOM_IMAGE_CODE;
}

/** A host name for the custom source domain: RFC 1123 labels, at least one dot (a public domain), no scheme or path. */
export function isHostname(value: string): boolean {
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value);
}

/**
 * A coordinate as stored: '' (none), or a decimal number within the field's limit with at most 2
 * (latitude) or 3 (longitude) integer digits and up to 12 decimals.
 */
export function isCoordinate(value: string, field: keyof typeof COORDINATE_LIMITS): boolean {
  if (value === '') return true;
  const digits = field === 'latitude' ? 2 : 3;
  if (!new RegExp(`^-?[0-9]{1,${digits}}(\\.[0-9]{1,12})?$`).test(value)) return false;
  return Math.abs(Number(value)) <= COORDINATE_LIMITS[field];
}

/** The main category must be one of the selected topics (spec section 2: "a choice limited to the selected topics"). */
export function mainCategoryIsATopic(mainCategory: string, topics: readonly number[]): boolean {
  return /^[1-9][0-9]*$/.test(mainCategory) && topics.includes(Number(mainCategory));
}

/** A problem of the Defaults: a catalogue code, the field (`defaults.latitude`) and the message's parameters. */
export interface DefaultsProblem {
  code: Exclude<keyof typeof API_ERRORS, '$comment'>;
  field: string;
  params?: Record<string, string | number>;
}

/**
 * Stored or sent Defaults as an object, whatever form they came in: the object itself, or the JSON
 * text of one; anything else (unreadable text, a list, a number) gives {}.
 */
export function defaultsObject(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw === 'string' && raw.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: no Defaults
    }
  }
  return {};
}

const LISTS = new Set(['tags', 'image', 'authors', 'topics']);
/** The Defaults held as text: every field but the lists. */
const SCALARS = new Set([...Object.keys(IMPORT_DEFAULT_VALUES), ...REQUIRED_DEFAULTS].filter((key) => !LISTS.has(key)));

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

/** An {id, …} entry with its id as a number; an id left out stays out (the schema names it as required). */
function withIdNumber(item: Record<string, unknown>): Record<string, unknown> {
  return item.id === undefined ? item : { ...item, id: idNumber(item.id) };
}

function normaliseImage(value: unknown): unknown {
  if (value === '' || value === undefined) return null;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const image = { ...(value as Record<string, unknown>) };
  if ('id' in image) image.id = idNumber(image.id);
  if (image.id === null || image.id === undefined) delete image.id;
  return image;
}

/**
 * Sent Defaults in the stored form before the schema checks them: the values of a new import for
 * fields left out, scalars as text (numbers and booleans as the form spells them), numeric text to
 * numbers in id lists and {id} objects (forms and older clients send ids as text), the country in
 * capitals. Values of the wrong kind are left for the schema to name.
 */
export function normaliseDefaults(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...IMPORT_DEFAULT_VALUES };
  for (const [key, value] of Object.entries(input)) {
    if (SCALARS.has(key)) out[key] = scalarText(value);
    else if (key === 'topics') out[key] = Array.isArray(value) ? value.map(idNumber) : value;
    else if ((key === 'tags' || key === 'authors') && Array.isArray(value)) {
      out[key] = value.map((item) => (item && typeof item === 'object' ? withIdNumber(item as Record<string, unknown>) : item));
    } else if (key === 'image') out[key] = normaliseImage(value);
    else out[key] = value;
  }
  if (typeof out.country === 'string') out.country = out.country.toUpperCase();
  return out;
}

/** The first required Default missing, with the form's messages (spec section 5). */
export function missingDefault(defaults: Record<string, unknown>): DefaultsProblem | null {
  if (!defaults.contentType) return { code: 'defaults_content_type_required', field: 'defaults.contentType' };
  if (!defaults.user) return { code: 'defaults_user_required', field: 'defaults.user' };
  if (!defaults.mainCategory) return { code: 'defaults_main_category_required', field: 'defaults.mainCategory' };
  return null;
}

const COORDINATE_RANGE = (field: keyof typeof COORDINATE_LIMITS) => ({ min: -COORDINATE_LIMITS[field], max: COORDINATE_LIMITS[field] });

/** The custom source domain and tiny URL: checked when their code 3 applies (spec section 5), dropped otherwise. */
function settleCustomValues(defaults: ImportDefaults): DefaultsProblem | null {
  const applying = applyingDefaults(defaults);
  if (applying.sourceDomainCustom) {
    const host = defaults.sourceDomainCustom;
    if (!host) return { code: 'defaults_source_domain_custom_required', field: 'defaults.sourceDomainCustom' };
    if (!isHostname(host)) return { code: 'field_host_name', field: 'defaults.sourceDomainCustom', params: { value: host } };
    defaults.sourceDomainCustom = host.toLowerCase();
  } else defaults.sourceDomainCustom = '';
  if (applying.tinyURLCustom) {
    const url = defaults.tinyURLCustom;
    if (!url) return { code: 'defaults_tiny_url_custom_required', field: 'defaults.tinyURLCustom' };
    if (!isHttpUrl(url)) return { code: 'field_http_url', field: 'defaults.tinyURLCustom', params: { value: url } };
  } else defaults.tinyURLCustom = '';
  return null;
}

/** The image: required for a custom image; its addresses http(s) or a path here; dropped with no image source. */
function settleImage(defaults: ImportDefaults): DefaultsProblem | null {
  if (needsCustomImage(defaults.imageSource) && !defaults.image) return { code: 'defaults_image_required', field: 'defaults.image' };
  // The image's addresses end up in <img src> and links: http(s) or a path on this server, never javascript: or data:.
  for (const key of ['url', 'thumb_url', 'file_thumbnail'] as const) {
    const address = defaults.image?.[key]?.trim();
    if (address && !isHttpUrl(address) && !/^\/(?!\/)/.test(address)) {
      return { code: 'url_scheme_not_allowed', field: `defaults.image.${key}`, params: { field: `defaults.image.${key}` } };
    }
  }
  if (!applyingDefaults(defaults).image) {
    defaults.image = null;
    defaults.imageCaption = '';
  }
  return null;
}

/**
 * The rules across fields, on Defaults the schema accepted: coordinates in range, custom values and
 * image where they apply (dropped where not), no state without a country, the main category among
 * the topics, tags and authors once each. Sets the values to store in place; the first problem, or null.
 */
export function settleDefaults(defaults: ImportDefaults): DefaultsProblem | null {
  for (const field of ['latitude', 'longitude'] as const) {
    if (!isCoordinate(defaults[field], field))
      return { code: 'field_number_range', field: `defaults.${field}`, params: COORDINATE_RANGE(field) };
  }
  const problem = settleCustomValues(defaults) ?? settleImage(defaults);
  if (problem) return problem;
  if (!applyingDefaults(defaults).state) {
    defaults.country = '0';
    defaults.state = '';
  }
  if (!mainCategoryIsATopic(defaults.mainCategory, defaults.topics)) {
    return { code: 'defaults_main_category_not_in_topics', field: 'defaults.mainCategory', params: { id: defaults.mainCategory } };
  }
  const seenTags = new Set<number>();
  defaults.tags = defaults.tags.filter((tag) => !seenTags.has(tag.id) && seenTags.add(tag.id));
  const seenAuthors = new Set<number>();
  defaults.authors = defaults.authors.filter((author) => !seenAuthors.has(author.id) && seenAuthors.add(author.id));
  return null;
}

/** The schema's range of a coordinate field (`defaults.latitude`), named in its errors instead of the pattern. */
export function coordinateRange(field: string): { min: number; max: number } | undefined {
  return field === 'defaults.latitude'
    ? COORDINATE_RANGE('latitude')
    : field === 'defaults.longitude'
      ? COORDINATE_RANGE('longitude')
      : undefined;
}
