// The scheduled-import edit form (spec sections 2, 3, 5 and 9) as pure functions: the values of a
// new or loaded import, the payload of a save, which conditional fields show, validation, the
// main-category choices, and the tag / author list rules. The React form only wires these up.
// A new import's Defaults are the API's (api/src/import/defaults-schema.ts): one list in `shared`.
import IMPORT_DEFAULTS from 'shared/contracts/import-defaults.json';
import { parseDefaults, type Importer } from './importer';
import { normaliseOptionValue } from './options';

export interface TagRef {
  id: number;
  title: string;
}
export interface AuthorRef {
  id: number;
  name: string;
}
export interface ImageRef {
  id?: number;
  file_thumbnail: string;
  url?: string;
}

export interface ImporterFormValues {
  id: number;
  /** The version the form was loaded at (0 for a new import). */
  version: number;
  title: string;
  feed_url: string;
  plugin: string;
  schedule: string;
  enabled: string;
  published: string;
  date: string;
  contentType: string;
  user: string;
  use_source_link: boolean;
  videos_at_source: boolean;
  references_at_source: boolean;
  sourceDomain: string;
  sourceDomainCustom: string;
  dateFirstPublished: string;
  tinyURL: string;
  tinyURLCustom: string;
  country: string;
  state: string;
  suburb: string;
  latitude: string;
  longitude: string;
  postcode: string;
  mainCategory: string;
  imageSource: string;
  imageCaption: string;
  tags: TagRef[];
  image: ImageRef | null;
  authors: AuthorRef[];
  topics: number[];
}

const text = (value: unknown, fallback: string): string => normaliseOptionValue(value) ?? fallback;
const flag = (value: unknown): boolean => normaliseOptionValue(value) === '1';

const SHARED_DEFAULTS = IMPORT_DEFAULTS.defaultValues;

/**
 * Spec section 9: a new import's values. The Defaults' values come from the shared contract; the
 * form adds the import's own fields, '' for the choices whose first option is a placeholder (no
 * default), and the 0/1 flags as checkboxes.
 */
export const FORM_DEFAULTS: Readonly<ImporterFormValues> = Object.freeze({
  id: 0,
  version: 0,
  title: '',
  feed_url: '',
  plugin: '',
  schedule: '1',
  enabled: '1',
  ...SHARED_DEFAULTS,
  contentType: '',
  user: '',
  mainCategory: '',
  use_source_link: flag(SHARED_DEFAULTS.use_source_link),
  videos_at_source: flag(SHARED_DEFAULTS.videos_at_source),
  references_at_source: flag(SHARED_DEFAULTS.references_at_source),
});

function ids<T extends { id: unknown }>(list: unknown, label: (item: Record<string, unknown>) => Record<string, unknown>): Array<T> {
  if (!Array.isArray(list)) return [];
  const out: T[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const id = Number((item as { id?: unknown }).id);
    if (!Number.isSafeInteger(id) || id <= 0 || out.some((known) => known.id === id)) continue;
    out.push({ ...(item as object), id, ...label(item as Record<string, unknown>) } as unknown as T);
  }
  return out;
}

/** The form values of an import (null: a new one). Values missing from older data take the defaults. */
export function toFormValues(importer: Importer | null): ImporterFormValues {
  if (!importer) return { ...FORM_DEFAULTS, tags: [], authors: [], topics: [] };
  const d = parseDefaults(importer.defaults);
  const image = d.image && typeof d.image === 'object' && typeof (d.image as ImageRef).file_thumbnail === 'string' ? (d.image as ImageRef) : null;
  return {
    id: Number(importer.id) || 0,
    version: Number(importer.version) || 0,
    title: importer.title ?? '',
    feed_url: importer.feed_url ?? '',
    plugin: importer.plugin ?? '',
    schedule: text(importer.schedule, FORM_DEFAULTS.schedule),
    enabled: text(importer.enabled, FORM_DEFAULTS.enabled),
    published: text(d.published, FORM_DEFAULTS.published),
    date: text(d.date, FORM_DEFAULTS.date),
    contentType: text(d.contentType, ''),
    user: text(d.user, ''),
    use_source_link: flag(d.use_source_link),
    videos_at_source: flag(d.videos_at_source),
    references_at_source: flag(d.references_at_source),
    sourceDomain: text(d.sourceDomain, FORM_DEFAULTS.sourceDomain),
    sourceDomainCustom: text(d.sourceDomainCustom, ''),
    dateFirstPublished: text(d.dateFirstPublished, FORM_DEFAULTS.dateFirstPublished),
    tinyURL: text(d.tinyURL, FORM_DEFAULTS.tinyURL),
    tinyURLCustom: text(d.tinyURLCustom, ''),
    country: text(d.country, FORM_DEFAULTS.country),
    state: text(d.state, ''),
    suburb: text(d.suburb, ''),
    latitude: text(d.latitude, ''),
    longitude: text(d.longitude, ''),
    postcode: text(d.postcode, ''),
    mainCategory: text(d.mainCategory, ''),
    imageSource: text(d.imageSource, FORM_DEFAULTS.imageSource),
    imageCaption: text(d.imageCaption, ''),
    tags: ids<TagRef>(d.tags, (item) => ({ title: String(item.title ?? '') })),
    image,
    authors: ids<AuthorRef>(d.authors, (item) => ({ name: String(item.name ?? '') })),
    topics: Array.isArray(d.topics) ? [...new Set(d.topics.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))] : [],
  };
}

/** Which conditional fields show (spec section 2; section 5: the custom values apply only with 3). */
export function visibleFields(values: Pick<ImporterFormValues, 'sourceDomain' | 'tinyURL' | 'imageSource' | 'country'>) {
  return {
    sourceDomainCustom: values.sourceDomain === '3',
    tinyURLCustom: values.tinyURL === '3',
    /** Upload and caption: any image source other than 0. */
    image: values.imageSource !== '0' && values.imageSource !== '',
    /** States load only after a country is chosen. */
    state: values.country !== '0' && values.country !== '',
  };
}

export interface SavePayload {
  id: number;
  /** With an id: the version the form was loaded at. */
  version?: number;
  title: string;
  feed_url: string;
  schedule: string;
  plugin: string;
  enabled: string;
  /** Spec section 3: sent as a JSON string. */
  defaults: string;
}

/** The body of POST /api/v2/portal/importer. Hidden conditional values are not sent. */
export function toPayload(values: ImporterFormValues): SavePayload {
  const show = visibleFields(values);
  const bit = (on: boolean) => (on ? '1' : '0');
  const defaults = {
    published: values.published,
    date: values.date,
    contentType: values.contentType,
    user: values.user,
    use_source_link: bit(values.use_source_link),
    videos_at_source: bit(values.videos_at_source),
    references_at_source: bit(values.references_at_source),
    sourceDomain: values.sourceDomain,
    sourceDomainCustom: show.sourceDomainCustom ? values.sourceDomainCustom.trim() : '',
    dateFirstPublished: values.dateFirstPublished,
    tinyURL: values.tinyURL,
    tinyURLCustom: show.tinyURLCustom ? values.tinyURLCustom.trim() : '',
    country: values.country || '0',
    state: show.state ? values.state : '',
    suburb: values.suburb.trim(),
    latitude: values.latitude.trim(),
    longitude: values.longitude.trim(),
    postcode: values.postcode.trim(),
    mainCategory: values.mainCategory,
    imageSource: values.imageSource,
    imageCaption: show.image ? values.imageCaption : '',
    tags: values.tags.map(({ id, title }) => ({ id, title })),
    image: show.image && values.image ? values.image : null,
    authors: values.authors.map(({ id, name }) => ({ id, name })),
    topics: [...values.topics],
  };
  return {
    id: values.id,
    ...(values.id ? { version: values.version } : {}),
    title: values.title.trim(),
    feed_url: values.feed_url.trim(),
    schedule: values.schedule,
    plugin: values.plugin,
    enabled: values.enabled,
    defaults: JSON.stringify(defaults),
  };
}

export type FormErrorKey = 'required' | 'url' | 'hostname' | 'mainCategory' | 'image' | 'latitude' | 'longitude' | 'maxLength';
export type FormErrors = Partial<Record<keyof ImporterFormValues, FormErrorKey>>;

/** Spec section 5: the fields a save needs. */
export const REQUIRED_FIELDS = ['title', 'feed_url', 'plugin', 'contentType', 'user', 'mainCategory'] as const;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A coordinate as the API takes it: '' (none), or a decimal number within ±`limit` with up to 12
 * decimals (api/src/import/defaults-schema.ts).
 */
export function isCoordinate(value: string, limit: 90 | 180): boolean {
  const text = value.trim();
  if (text === '') return true;
  const digits = limit === 90 ? 2 : 3;
  if (!new RegExp(`^-?[0-9]{1,${digits}}(\\.[0-9]{1,12})?$`).test(text)) return false;
  return Math.abs(Number(text)) <= limit;
}

/** The API's longest text per field (api/src/import/defaults-schema.ts), checked before a save. */
export const MAX_LENGTHS: Readonly<Partial<Record<keyof ImporterFormValues, number>>> = {
  title: 255,
  feed_url: 2000,
  sourceDomainCustom: 253,
  tinyURLCustom: 2000,
  suburb: 200,
  postcode: 20,
  imageCaption: 500,
};

export function isHostname(value: string): boolean {
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value.trim());
}

/**
 * The errors of the form (empty when it may be saved). The blank main category has an empty id,
 * so it is invalid until chosen; it must also be one of the selected topics.
 */
export function validateForm(values: ImporterFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const field of REQUIRED_FIELDS) if (String(values[field] ?? '').trim() === '') errors[field] = 'required';
  if (!errors.feed_url && !isHttpUrl(values.feed_url)) errors.feed_url = 'url';
  if (!errors.mainCategory && !values.topics.includes(Number(values.mainCategory))) errors.mainCategory = 'mainCategory';
  const show = visibleFields(values);
  if (show.sourceDomainCustom) {
    if (values.sourceDomainCustom.trim() === '') errors.sourceDomainCustom = 'required';
    else if (!isHostname(values.sourceDomainCustom)) errors.sourceDomainCustom = 'hostname';
  }
  if (show.tinyURLCustom) {
    if (values.tinyURLCustom.trim() === '') errors.tinyURLCustom = 'required';
    else if (!isHttpUrl(values.tinyURLCustom)) errors.tinyURLCustom = 'url';
  }
  if (values.imageSource === '2' && !values.image) errors.image = 'image';
  if (!isCoordinate(values.latitude ?? '', 90)) errors.latitude = 'latitude';
  if (!isCoordinate(values.longitude ?? '', 180)) errors.longitude = 'longitude';
  // Hidden conditional fields are not sent (toPayload), so their length does not matter.
  const hidden = new Set<keyof ImporterFormValues>([
    ...(show.sourceDomainCustom ? [] : (['sourceDomainCustom'] as const)),
    ...(show.tinyURLCustom ? [] : (['tinyURLCustom'] as const)),
    ...(show.image ? [] : (['imageCaption'] as const)),
  ]);
  for (const [field, limit] of Object.entries(MAX_LENGTHS) as Array<[keyof ImporterFormValues, number]>) {
    if (!errors[field] && !hidden.has(field) && String(values[field] ?? '').trim().length > limit) errors[field] = 'maxLength';
  }
  return errors;
}

/** Category tree node (the shape of GET /api/categories/tree). */
export interface TreeNode {
  id: number;
  title: string;
  parent_id: number | null;
  subcategories?: readonly TreeNode[];
}

/** Spec section 9: parents 8 and 804 mark main categories. */
export const MAIN_PARENT_IDS: readonly number[] = [8, 804];

/** The main-category choices of the selected topics, in tree order (editing starts from the saved topics). */
export function mainChoicesOf(tree: readonly TreeNode[], topics: readonly number[]): Array<{ id: number; title: string }> {
  const selected = new Set(topics);
  const out: Array<{ id: number; title: string }> = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (selected.has(node.id) && node.parent_id !== null && MAIN_PARENT_IDS.includes(node.parent_id)) out.push({ id: node.id, title: node.title });
      if (node.subcategories) walk(node.subcategories);
    }
  };
  walk(tree);
  return out;
}

/** The main category kept after the choices change: blank when it is no longer a choice. */
export function keepMainCategory(current: string, choices: ReadonlyArray<{ id: number }>): string {
  return choices.some((choice) => String(choice.id) === current) ? current : '';
}

/** Spec section 5: adding a tag with empty text, or one already present (same id), is ignored. */
export function addTag(tags: readonly TagRef[], tag: { id: unknown; title: unknown } | null | undefined): TagRef[] {
  if (!tag) return [...tags];
  const title = typeof tag.title === 'string' ? tag.title.trim() : '';
  const id = Number(tag.id);
  if (title === '' || !Number.isSafeInteger(id) || id <= 0 || tags.some((known) => known.id === id)) return [...tags];
  return [...tags, { id, title }];
}

/** An author picked once (same id again is ignored). */
export function addAuthor(authors: readonly AuthorRef[], author: { id: unknown; name: unknown } | null | undefined): AuthorRef[] {
  if (!author) return [...authors];
  const id = Number(author.id);
  if (!Number.isSafeInteger(id) || id <= 0 || authors.some((known) => known.id === id)) return [...authors];
  return [...authors, { id, name: String(author.name ?? '') }];
}

export function removeById<T extends { id: number }>(list: readonly T[], id: number): T[] {
  return list.filter((item) => item.id !== id);
}

/** A place picked in the suburb autocomplete fills the location fields. */
export interface Place {
  name: string;
  state?: string;
  country_code?: string;
  postcode?: string | null;
  latitude: number | string;
  longitude: number | string;
  formatted?: string;
}
export function applyPlace(place: Place): Pick<ImporterFormValues, 'suburb' | 'latitude' | 'longitude' | 'postcode'> {
  return {
    suburb: place.name,
    latitude: String(place.latitude ?? ''),
    longitude: String(place.longitude ?? ''),
    postcode: place.postcode ? String(place.postcode) : '',
  };
}
