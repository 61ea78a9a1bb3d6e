// The article editor's calls (spec section 7: Articles; Tags, authors, ads, images; Locations).
// Every call goes through shared's HTTP client (auth header, envelope, loading counter, errors).
import { apiGet, apiPost, apiRequest, ApiError } from 'shared';
import { hasId } from '../model/collections';
import type {
  Ad,
  ArticleEditData,
  Author,
  AuthorRef,
  CategoryNode,
  Country,
  CountryState,
  EditLock,
  SaveResult,
  Tag,
  UpdateAuthorBody,
  UploadedImage,
  Video,
} from '../model/types';
import type { ArticlePayload } from '../model/formMapping';

/** GET /api/portal/article?id=N (0 = a new, empty article). Also takes the edit lock when free. */
export function fetchArticle(id: number, signal?: AbortSignal): Promise<ArticleEditData> {
  return apiGet<ArticleEditData>('/api/portal/article', { id }, { signal, dedupe: false });
}

/** POST /api/portal/article (form body); 409 = stale version, 423 = lock held by another. */
export function saveArticle(payload: ArticlePayload): Promise<SaveResult> {
  return apiPost<SaveResult>('/api/portal/article', payload, { form: true });
}

export function submitArticle(id: number): Promise<unknown> {
  return apiPost(`/api/portal/article/${id}/submit`);
}

/**
 * `expires`: the lock's expiry as this editor last got it (open, renew). The server then releases
 * only if nobody renewed the lock since — the same user's other tab that did still edits. Without
 * it (right after a save, which renewed the lock on the server) the lock is released outright.
 */
export function releaseLock(id: number, expires?: string | null): Promise<unknown> {
  const query = expires ? `?expires=${encodeURIComponent(expires)}` : '';
  return apiPost(`/api/portal/lock/${id}/release${query}`);
}

export function takeLock(id: number): Promise<EditLock> {
  return apiPost<EditLock>(`/api/portal/lock/${id}/take`);
}

export function renewLock(id: number): Promise<EditLock> {
  return apiPost<EditLock>(`/api/portal/lock/${id}/renew`, undefined, { dedupe: false });
}

export function fetchCategoryTree(): Promise<CategoryNode[]> {
  return apiGet<CategoryNode[]>('/api/categories/tree');
}

/** POST /api/tag: creates the tag when new; returns the matching tags. */
export function addTag(value: string): Promise<Tag[]> {
  return apiPost<Tag[]>('/api/tag', { value }, { form: true });
}

export function searchAuthors(term: string, signal?: AbortSignal): Promise<AuthorRef[]> {
  return apiGet<AuthorRef[]>('/api/v2/authors', { term }, { signal });
}

export function fetchAuthor(id: number): Promise<Author> {
  return apiGet<Author>(`/api/author/${id}`);
}

export function createAuthor(name: string): Promise<AuthorRef> {
  return apiPost<AuthorRef>('/api/author/newAuthor', { name }, { form: true });
}

export function updateAuthor(id: number, author: UpdateAuthorBody): Promise<AuthorRef> {
  return apiPost<AuthorRef>(`/api/author/${id}`, author);
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

/**
 * POST /api/image: one file per request (multipart, field `file`, optional `description`).
 * The response is a list whose first element has an `upload`; without one: `noImageMessage`.
 * The upload goes through shared's http, so the global loading state shows while it runs.
 */
export async function uploadImage(file: File, description: string, noImageMessage: string): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file, file.name);
  if (description) body.append('description', description);
  // Two uploads of different files must both go: never share a running request here.
  const envelope = await apiRequest<unknown>({ method: 'post', url: '/api/image', data: body, dedupe: false });
  const first = Array.isArray(envelope.data) ? (envelope.data[0] as { upload?: UploadedImage } | undefined) : undefined;
  if (!first?.upload || !hasId(first.upload)) throw new ApiError(noImageMessage, 500, 200, envelope);
  return first.upload;
}

export function fetchCountries(): Promise<Country[]> {
  return apiGet<Country[]>('/api/v2/locations/countries');
}

export function fetchStates(countryCode: string): Promise<CountryState[]> {
  return apiGet<CountryState[]>(`/api/locations/states/${encodeURIComponent(countryCode)}`);
}
