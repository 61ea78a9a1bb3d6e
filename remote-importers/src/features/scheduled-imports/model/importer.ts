// Scheduled import (spec section 3) as the API returns it. Pure. The form values and the
// defaults of a new import (section 9) are in ./form.ts.
import type { ImportDefaults, Importer } from 'contracts/schemas/importers';

/** A scheduled import as the API answers it. */
export type { Importer };

/**
 * The defaults as an object, whatever form they came in; unreadable input gives {}. Saved through the
 * API they are ImportDefaults; older rows may lack fields (or hold numbers), so every field is read leniently.
 */
export function parseDefaults(defaults: unknown): Partial<ImportDefaults> {
  if (defaults && typeof defaults === 'object' && !Array.isArray(defaults)) return defaults as Partial<ImportDefaults>;
  if (typeof defaults === 'string' && defaults.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(defaults);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Partial<ImportDefaults>;
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
