// Scheduled import (spec section 3) as the API returns it, and the form defaults (section 9). Pure.

export interface Importer {
  id: number;
  title: string;
  feed_url: string;
  plugin: string;
  schedule: number | string;
  enabled: number | string;
  /** An object; the API also accepts (and older data may hold) a JSON string. */
  defaults: ImporterDefaults | string | null;
}

/** Defaults applied to each imported article. Only the fields this remote shows are typed. */
export interface ImporterDefaults {
  published?: string | number;
  date?: string | number;
  contentType?: string | number;
  user?: string | number;
  sourceDomain?: string | number;
  dateFirstPublished?: string | number;
  tinyURL?: string | number;
  imageSource?: string | number;
  country?: string | number;
  [key: string]: unknown;
}

/** Spec section 9: defaults of a new scheduled import. */
export const NEW_IMPORTER_VALUES = Object.freeze({ schedule: '1', enabled: '1' });
export const NEW_IMPORTER_DEFAULTS: Readonly<ImporterDefaults> = Object.freeze({
  published: '0',
  date: '1',
  sourceDomain: '0',
  dateFirstPublished: '0',
  tinyURL: '0',
  imageSource: '0',
  country: '0',
});

/** The defaults as an object, whatever form they came in; unreadable input gives {}. */
export function parseDefaults(defaults: unknown): ImporterDefaults {
  if (defaults && typeof defaults === 'object' && !Array.isArray(defaults)) return defaults as ImporterDefaults;
  if (typeof defaults === 'string' && defaults.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(defaults);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as ImporterDefaults;
    } catch {
      // not JSON: no defaults
    }
  }
  return {};
}

/** What the editor summary shows: the importer's values, or a new import's defaults. */
export interface ImporterSummary {
  isNew: boolean;
  id: number | null;
  title: string;
  feed_url: string;
  plugin: string;
  schedule: string | number;
  enabled: string | number;
  defaults: ImporterDefaults;
}

export function summarise(importer: Importer | null): ImporterSummary {
  if (!importer) {
    return {
      isNew: true,
      id: null,
      title: '',
      feed_url: '',
      plugin: '',
      ...NEW_IMPORTER_VALUES,
      defaults: { ...NEW_IMPORTER_DEFAULTS },
    };
  }
  return {
    isNew: false,
    id: importer.id,
    title: importer.title ?? '',
    feed_url: importer.feed_url ?? '',
    plugin: importer.plugin ?? '',
    schedule: importer.schedule,
    enabled: importer.enabled,
    defaults: parseDefaults(importer.defaults),
  };
}

/** A route's :id: a positive integer, else null. */
export function parseImporterId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
