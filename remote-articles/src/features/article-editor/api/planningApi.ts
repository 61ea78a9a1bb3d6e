// A story's planning on the desks (GET/POST /api/v2/articles/{id}/planning) and whom it may be
// assigned to. Planning has its own version: saving it never makes the editor's article stale.
import type { Creator } from 'contracts/schemas/importers';
import type { Planning, PlanningBody } from 'contracts/schemas/desks';
import { apiGet, apiPost } from 'shared';

export function fetchPlanning(articleId: number, signal?: AbortSignal): Promise<Planning> {
  return apiGet<Planning>(`/api/v2/articles/${articleId}/planning`, undefined, { signal });
}

/** Saves the whole planning as seen at `planning_version` (409 planning_stale_version when someone saved meanwhile). */
export function savePlanning(articleId: number, body: PlanningBody): Promise<Planning> {
  return apiPost<Planning>(`/api/v2/articles/${articleId}/planning`, body);
}

/** The users who write (GET /api/v2/portal/creators): those a story is assigned to. */
export function fetchAssignable(signal?: AbortSignal): Promise<Creator[]> {
  return apiGet<Creator[]>('/api/v2/portal/creators', undefined, { signal });
}
