// The scheduled-import edit form (spec sections 2, 3, 5 and 9) as pure functions: the values of a
// new or loaded import, the payload of a save, which conditional fields show, validation, the
// main-category choices. The React form only wires these up; the tags and authors fields are
// shared's (shared/fields).
// A new import's Defaults and the reading of stored ones are the contracts' (contracts/rules/import-defaults).
import type { AuthorRef, Tag } from 'shared';
import { keepMainCategory as keepMainCategoryId, mainCategoryChoices } from 'contracts/rules/categories';
import { IMPORTER_LIMITS } from 'contracts/rules/field-limits';
import {
  applyingDefaults,
  defaultsObject,
  DEFAULTS_MAX_LENGTHS,
  IMPORT_DEFAULT_VALUES,
  IMPORTER_DEFAULTS,
  isCoordinate as isCoordinateText,
  isHostname as isHostnameText,
  mainCategoryIsATopic,
  needsCustomImage,
  REQUIRED_DEFAULTS,
} from 'contracts/rules/import-defaults';
// Typed text: surrounding blanks are dropped when sent, so the rule reads it trimmed.
import { isHttpUrl } from 'contracts/rules/http-url';
import type { Importer } from './importer';
import { normaliseOptionValue } from './options';

import type { CategoryNode } from 'contracts/schemas/categories';
import type { UploadedImage } from 'contracts/schemas/images';
import type { Place } from 'contracts/schemas/locations';
import type { ImportDefaults, SaveImporterBody } from 'contracts/schemas/importers';

/** The image of the form: an upload's thumbnail, with its id and URL once known. */
export type ImageRef = Pick<UploadedImage, 'file_thumbnail'> & Partial<Pick<UploadedImage, 'id' | 'url'>>;

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
  tags: Tag[];
  image: ImageRef | null;
  authors: AuthorRef[];
  topics: number[];
}

const text = (value: unknown, fallback: string): string => normaliseOptionValue(value) ?? fallback;
const flag = (value: unknown): boolean => normaliseOptionValue(value) === '1';

const SHARED_DEFAULTS = IMPORT_DEFAULT_VALUES;

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
  ...IMPORTER_DEFAULTS,
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
/** An import as the form loads it: the API's, or older data whose defaults are a JSON string or missing. */
export type ImporterSource = Pick<Importer, 'id' | 'title' | 'feed_url' | 'plugin' | 'schedule' | 'enabled'> &
  Partial<Pick<Importer, 'version'>> & { defaults: Importer['defaults'] | string | null };

export function toFormValues(importer: ImporterSource | null): ImporterFormValues {
  if (!importer) return { ...FORM_DEFAULTS, tags: [], authors: [], topics: [] };
  const d: Partial<ImportDefaults> = defaultsObject(importer.defaults);
  const image =
    d.image && typeof d.image === 'object' && typeof (d.image as ImageRef).file_thumbnail === 'string' ? (d.image as ImageRef) : null;
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
    tags: ids<Tag>(d.tags, (item) => ({ title: String(item.title ?? '') })),
    image,
    authors: ids<AuthorRef>(d.authors, (item) => ({ name: String(item.name ?? '') })),
    topics: Array.isArray(d.topics) ? [...new Set(d.topics.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))] : [],
  };
}

/** Which conditional fields show (spec section 2; section 5: the custom values apply only with 3). */
export function visibleFields(values: Pick<ImporterFormValues, 'sourceDomain' | 'tinyURL' | 'imageSource' | 'country'>) {
  return applyingDefaults(values);
}

/** The body of a save: every field as the form sends it, the Defaults as a JSON string. */
export type SavePayload = Required<Omit<SaveImporterBody, 'version' | 'defaults'>> &
  Pick<SaveImporterBody, 'version'> & { defaults: string };

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
export const REQUIRED_FIELDS = ['title', 'feed_url', 'plugin', ...REQUIRED_DEFAULTS] as const;

/**
 * A coordinate as the API takes it: '' (none), or a decimal number within ±`limit` with up to 12
 * decimals (ImportDefaultsSchema, contracts/src/schemas/import-defaults.ts).
 */
export function isCoordinate(value: string, limit: 90 | 180): boolean {
  return isCoordinateText(value.trim(), limit === 90 ? 'latitude' : 'longitude');
}

/** The API's longest text per field (contracts/src/schemas/importers.ts), checked before a save. */
export const MAX_LENGTHS: Readonly<Partial<Record<keyof ImporterFormValues, number>>> = {
  title: IMPORTER_LIMITS.title.max,
  feed_url: IMPORTER_LIMITS.feedUrl.max,
  ...DEFAULTS_MAX_LENGTHS,
};

export function isHostname(value: string): boolean {
  return isHostnameText(value.trim());
}

/**
 * The errors of the form (empty when it may be saved). The blank main category has an empty id,
 * so it is invalid until chosen; it must also be one of the selected topics.
 */
export function validateForm(values: ImporterFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const field of REQUIRED_FIELDS) if (String(values[field] ?? '').trim() === '') errors[field] = 'required';
  if (!errors.feed_url && !isHttpUrl(values.feed_url.trim())) errors.feed_url = 'url';
  if (!errors.mainCategory && !mainCategoryIsATopic(values.mainCategory.trim(), values.topics)) errors.mainCategory = 'mainCategory';
  const show = visibleFields(values);
  if (show.sourceDomainCustom) {
    if (values.sourceDomainCustom.trim() === '') errors.sourceDomainCustom = 'required';
    else if (!isHostname(values.sourceDomainCustom)) errors.sourceDomainCustom = 'hostname';
  }
  if (show.tinyURLCustom) {
    if (values.tinyURLCustom.trim() === '') errors.tinyURLCustom = 'required';
    else if (!isHttpUrl(values.tinyURLCustom.trim())) errors.tinyURLCustom = 'url';
  }
  if (needsCustomImage(values.imageSource) && !values.image) errors.image = 'image';
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

/** What the main-category choice reads of a node of GET /api/categories/tree. */
export type TreeNode = Pick<CategoryNode, 'id' | 'title' | 'parent_id'> & { subcategories?: readonly TreeNode[] };

/** The main-category choices of the selected topics, in tree order (editing starts from the saved topics). */
export function mainChoicesOf(tree: readonly TreeNode[], topics: readonly number[]): Array<{ id: number; title: string }> {
  return mainCategoryChoices(tree, topics).map(({ id, title }) => ({ id, title }));
}

/** The main category kept after the choices change (the form holds it as text): blank when it is no longer a choice. */
export function keepMainCategory(current: string, choices: ReadonlyArray<{ id: number }>): string {
  const kept = /^\d+$/.test(current) ? keepMainCategoryId(choices, Number(current)) : null;
  return kept !== null && String(kept) === current ? current : '';
}

/** The location fields a picked place sets. */
export type PlaceFields = Pick<ImporterFormValues, 'country' | 'state' | 'suburb' | 'latitude' | 'longitude' | 'postcode'>;

/**
 * A place picked in the suburb autocomplete sets the location to that place: its suburb, coordinates,
 * country, and the State/Region and postcode it knows. What the place does not know is never guessed:
 * the user's State/Region and Postcode stay as typed unless the form had another country, whose they were.
 */
export type { Place };
export function applyPlace(place: Place, current: Pick<ImporterFormValues, 'country' | 'state' | 'postcode'>): PlaceFields {
  // No country chosen yet ('0' or blank) is not another country: what was typed may still hold.
  const sameCountry = current.country === place.country_code || !current.country || current.country === '0';
  const stateId = place.state_id ?? null;
  return {
    country: place.country_code,
    state: stateId !== null ? String(stateId) : sameCountry ? current.state : '',
    suburb: place.name,
    latitude: String(place.latitude ?? ''),
    longitude: String(place.longitude ?? ''),
    postcode: place.postcode ? String(place.postcode) : sameCountry ? current.postcode : '',
  };
}
