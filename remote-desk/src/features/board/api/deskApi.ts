import type { Board, Desk, StageMove } from 'contracts/schemas/desks';
import { apiGet, apiPost } from 'shared';

/** The desk calls of the API. */

export function fetchDesks(signal?: AbortSignal): Promise<Desk[]> {
  return apiGet<Desk[]>('/api/v2/desks', undefined, { signal });
}

export function fetchBoard(deskId: number, signal?: AbortSignal): Promise<Board> {
  return apiGet<Board>(`/api/v2/desks/${deskId}/board`, undefined, { signal });
}

/** Moves a story to a stage, as seen at `version` (a stale one: 409 article_stage_stale_version). */
export function moveStory(articleId: number, version: number, stageId: number | null): Promise<StageMove> {
  return apiPost<StageMove>(`/api/v2/articles/${articleId}/stage`, { version, stage_id: stageId });
}
