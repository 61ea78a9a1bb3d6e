// Scheduled-import calls (spec section 7) and the editor's own lookups; the lookups every editor
// shares (categories, tags, authors, images, locations) are shared's clients.
import type { ContentType, Creator, FeedPlugin } from 'contracts/schemas/importers';
import { apiDelete, apiGet, apiPost } from 'shared';
import type { Place, SavePayload } from '../model/form';
import type { Importer } from '../model/importer';
import { runUrl, type RunTarget } from '../model/run';
import type { ImportRun } from '../model/runHistory';

export const IMPORTERS_URL = '/api/v2/portal/importer';

/** A choice of the plugin, content-type and creator lists (each list names it by title or by name). */
export type Option = { id: FeedPlugin['id'] | Creator['id'] } & Partial<Pick<FeedPlugin, 'title'>> & Partial<Pick<ContentType, 'name'>>;

const list = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

export async function fetchImporters(signal?: AbortSignal): Promise<Importer[]> {
  return list<Importer>(await apiGet<Importer[]>(IMPORTERS_URL, undefined, { signal }));
}

export function fetchImporter(id: number, signal?: AbortSignal): Promise<Importer> {
  return apiGet<Importer>(`${IMPORTERS_URL}/${id}`, undefined, { signal });
}

/** POST /api/v2/portal/importer (form body, defaults as a JSON string); resolves the saved id. */
export async function saveImporter(payload: SavePayload): Promise<number> {
  const data = await apiPost<{ id: number }>(IMPORTERS_URL, payload, { form: true });
  return Number(data?.id);
}

export function setImporterEnabled(id: number, enabled: boolean): Promise<unknown> {
  return apiPost(`${IMPORTERS_URL}/${id}/${enabled ? 'enable' : 'disable'}`);
}

export function deleteImporter(id: number): Promise<unknown> {
  return apiDelete(`${IMPORTERS_URL}/${id}`);
}

export async function fetchRuns(id: number, signal?: AbortSignal): Promise<ImportRun[]> {
  return list<ImportRun>(await apiGet(`${IMPORTERS_URL}/${id}/runs`, { limit: 20 }, { signal }));
}

/** A manual run; the same request twice is never deduplicated away (each click is a run). */
export function runImport(target: RunTarget, simulate: boolean): Promise<unknown> {
  return apiGet(runUrl(target, simulate), undefined, { dedupe: false });
}

// Editor lookups (spec section 2: loaded before the editor opens).
export const fetchPlugins = async (signal?: AbortSignal) => list<Option>(await apiGet(`${IMPORTERS_URL}/plugins`, undefined, { signal }));
export const fetchContentTypes = async (signal?: AbortSignal) =>
  list<Option>(await apiGet('/api/v2/portal/content-types', undefined, { signal }));
export const fetchCreators = async (signal?: AbortSignal) => list<Option>(await apiGet('/api/v2/portal/creators', undefined, { signal }));

export async function searchPlaces(term: string, country: string): Promise<Place[]> {
  const params: Record<string, string> = { term };
  if (country && country !== '0') params.country = country;
  return list<Place>(await apiGet('/api/v2/places', params));
}
