import type { Creator } from 'contracts/schemas/importers';
import type { CreateDeskBody, Desk, UpdateDeskBody } from 'contracts/schemas/desks';
import { apiGet, apiPost } from 'shared';

/** The desk management calls of the API (right manage_desks). */

export function fetchAllDesks(signal?: AbortSignal): Promise<Desk[]> {
  return apiGet<Desk[]>('/api/v2/desks', undefined, { signal });
}

/** The users who write (GET /api/v2/portal/creators): the members a desk is made of. */
export function fetchPeople(signal?: AbortSignal): Promise<Creator[]> {
  return apiGet<Creator[]>('/api/v2/portal/creators', undefined, { signal });
}

export function createDesk(body: CreateDeskBody): Promise<Desk> {
  return apiPost<Desk>('/api/v2/desks', body);
}

/** Saves a desk seen at `body.version` (409 desk_stale_version when someone saved meanwhile). */
export function updateDesk(id: number, body: UpdateDeskBody): Promise<Desk> {
  return apiPost<Desk>(`/api/v2/desks/${id}`, body);
}
