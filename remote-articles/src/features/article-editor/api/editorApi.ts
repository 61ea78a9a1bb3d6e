// The article editor's own calls (spec section 7: Articles; ads, videos). The lookups it shares
// with the other editors (categories, tags, authors, images, locations) are shared's clients.
// Every call goes through shared's HTTP client (auth header, envelope, loading counter, errors).
// Opening and closing (articleLoadApi) are in the portal's first screen; the rest loads with the editor.
import { apiGet, apiPost, ApiError } from 'shared';
import { hasId } from '../model/collections';
import type { Ad, EditLock, SaveResult, Video } from '../model/types';
import type { ArticlePayload } from '../model/formMapping';

export { fetchArticle, releaseLock } from './articleLoadApi';

/** POST /api/portal/article (form body); 409 = stale version, 423 = lock held by another. */
export function saveArticle(payload: ArticlePayload): Promise<SaveResult> {
  return apiPost<SaveResult>('/api/portal/article', payload, { form: true });
}

/** POST /api/portal/article/{id}/schedule: an approver schedules the version they saved (publish_up ahead). */
export function scheduleArticle(id: number, version: number): Promise<unknown> {
  return apiPost(`/api/portal/article/${id}/schedule`, { version });
}

/** Unpublishing a Scheduled article (state 0 already) withdraws its schedule. */
export function unscheduleArticle(id: number): Promise<unknown> {
  return apiPost('/api/portal/article/update', { id, field: 'state', value: 0 });
}

export function submitArticle(id: number): Promise<unknown> {
  return apiPost(`/api/portal/article/${id}/submit`);
}

export function takeLock(id: number): Promise<EditLock> {
  return apiPost<EditLock>(`/api/portal/lock/${id}/take`);
}

export function renewLock(id: number): Promise<EditLock> {
  // The heartbeat runs while the user works: it must never cover the form with the loading overlay.
  return apiPost<EditLock>(`/api/portal/lock/${id}/renew`, undefined, { dedupe: false, background: true });
}

export function fetchAd(id: number): Promise<Ad> {
  return apiGet<Ad>(`/api/v2/portal/ads/${id}`);
}

/** POST /api/image/video; a response without an id is an error ("Invalid response", from the caller). */
export async function addVideo(videoId: string, title: string, invalidMessage: string): Promise<Video> {
  const video = await apiPost<unknown>('/api/image/video', { videoId, title }, { form: true });
  if (!hasId(video)) throw new ApiError(invalidMessage, 500, 200, video);
  const data = video as Partial<Video>;
  return { id: Number(data.id), videoId: String(data.videoId ?? videoId), title: String(data.title ?? title) };
}
