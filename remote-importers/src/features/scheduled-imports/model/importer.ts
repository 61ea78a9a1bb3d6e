// Scheduled import (spec section 3) as the API returns it. Pure. The form values and the
// defaults of a new import (section 9) are in ./form.ts.
import type { Importer } from 'contracts/schemas/importers';

/** A scheduled import as the API answers it. */
export type { Importer };

/** A route's :id: a positive integer, else null. */
export function parseImporterId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
