/**
 * The Defaults of a scheduled import and their validation rules (spec section 2 "Scheduled import
 * edit form", section 5 "Import form", section 9 "Import form defaults"), shared by the API (which
 * validates what is saved: api/src/import/parse-defaults.ts) and the importer form (which checks
 * before a save and starts a new import from the same values). Pure: no schema library here.
 *
 * Every value is text, as the form holds it ('0', '1', …); the option codes are listed in the
 * spec's order, which is the order the form offers them.
 */

/** Schedule codes: 1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins. */
export const SCHEDULE_CODES = ['1', '2', '3', '4'] as const;
/** In a manual run, the schedule -1 means every import ("Run All"). */
export const RUN_ALL_SCHEDULES = -1;
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

/** An http(s) URL with a host (the feed URL, the custom tiny URL). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
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
