// Scheduled import (spec section 3) as the API returns it. Pure. The form values and the
// defaults of a new import (section 9) are in ./form.ts.
import type { Importer } from 'contracts/schemas/importers';

/** A scheduled import as the API answers it. */
export type { Importer };

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

/** A route's :id: a positive integer, else null. */
export function parseImporterId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
