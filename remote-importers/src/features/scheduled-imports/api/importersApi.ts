// Scheduled-import calls (spec section 7). The only place this feature talks to the network.
import { apiGet, isApiError } from 'shared';
import type { Importer } from '../model/importer';

export const IMPORTERS_URL = '/api/v2/portal/importer';

export async function fetchImporters(signal?: AbortSignal): Promise<Importer[]> {
  const data = await apiGet<Importer[]>(IMPORTERS_URL, undefined, { signal });
  return Array.isArray(data) ? data : [];
}

/**
 * One import, or null when there is none with that id.
 * GET /api/v2/portal/importer/{id} is in the spec but not served by the API yet: when it answers
 * 404 the import is looked up in the list instead (drop the fallback once the API has the call).
 */
export async function fetchImporter(id: number, signal?: AbortSignal): Promise<Importer | null> {
  try {
    return await apiGet<Importer>(`${IMPORTERS_URL}/${id}`, undefined, { signal });
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
  }
  const all = await fetchImporters(signal);
  return all.find((importer) => Number(importer.id) === id) ?? null;
}
