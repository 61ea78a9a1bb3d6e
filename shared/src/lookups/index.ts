// The API clients of the lookups every editor shares (spec section 7: categories tree; tags,
// authors, images; locations). One module for every front end; all go through shared's HTTP
// client (auth header, envelope, loading counter, errors in the user's language).
import { ApiError } from '../http/ApiError';
import { apiGet, apiPost, apiRequest } from '../http/api';
import { sharedText } from '../i18n';
import type { UpdateAuthorBody } from 'contracts/schemas/authors';
import type { Author, AuthorRef, CategoryNode, Country, CountryState, Tag, UploadedImage } from './types';

export type { Author, AuthorRef, CategoryNode, Country, CountryState, Tag, UploadedImage } from './types';

/** A list answer, or [] when the data is not a list. */
const list = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

const hasPositiveId = (value: unknown): boolean => {
  const id = Number((value as { id?: unknown } | null)?.id);
  return Number.isSafeInteger(id) && id > 0;
};

/** GET /api/categories/tree; `includeDisabled`: disabled categories too (the category manager). */
export async function fetchCategoryTree(options: { includeDisabled?: boolean; signal?: AbortSignal } = {}): Promise<CategoryNode[]> {
  const params = options.includeDisabled ? { includeDisabled: '1' } : undefined;
  return list<CategoryNode>(await apiGet('/api/categories/tree', params, { signal: options.signal }));
}

/**
 * POST /api/tag (form `value`) creates the tag when new and answers the matching tags: the one
 * whose title is the typed text (case-insensitive), else the first; null when none came back.
 */
export async function createTag(value: string): Promise<Tag | null> {
  const typed = value.trim();
  const tags = list<Tag>(await apiPost('/api/tag', { value: typed }, { form: true })).filter(hasPositiveId);
  const found = tags.find((tag) => tag.title.toLowerCase() === typed.toLowerCase()) ?? tags[0];
  return found ? { id: Number(found.id), title: found.title } : null;
}

/** GET /api/v2/authors?term=: the authors whose name matches (autocomplete, from 3 characters). */
export async function searchAuthors(term: string, signal?: AbortSignal): Promise<AuthorRef[]> {
  return list<AuthorRef>(await apiGet('/api/v2/authors', { term }, { signal }));
}

export function fetchAuthor(id: number): Promise<Author> {
  return apiGet<Author>(`/api/author/${id}`);
}

export function createAuthor(name: string): Promise<AuthorRef> {
  return apiPost<AuthorRef>('/api/author/newAuthor', { name }, { form: true });
}

/** POST /api/author/{id}: an older version is refused (409) with the current author. */
export function updateAuthor(id: number, author: UpdateAuthorBody): Promise<AuthorRef> {
  return apiPost<AuthorRef>(`/api/author/${id}`, author);
}

/**
 * POST /api/image: one file per request (multipart, field `file`), with its caption as the
 * optional field `description` (the API stores it with the image). The answer is a list whose
 * first element has an `upload`; without one (no id or no thumbnail) the call fails with
 * "No image response" (spec sections 3, 5 and 8).
 */
export async function uploadImage(file: Blob, options: { caption?: string; name?: string } = {}): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file, options.name ?? (file as File).name ?? 'image');
  const caption = options.caption?.trim();
  if (caption) body.append('description', caption);
  // Two uploads of different files must both go: a multipart body is no key to share a call by.
  const envelope = await apiRequest<unknown>({ method: 'post', url: '/api/image', data: body, dedupe: false });
  const upload = Array.isArray(envelope.data) ? (envelope.data[0] as { upload?: UploadedImage } | undefined)?.upload : undefined;
  if (!upload || !hasPositiveId(upload) || typeof upload.file_thumbnail !== 'string') {
    throw new ApiError(sharedText('errors.noImageResponse'), 500, 200, envelope);
  }
  return upload;
}

/** GET /api/v2/locations/countries. */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  return list<Country>(await apiGet('/api/v2/locations/countries', undefined, { signal }));
}

/** GET /api/locations/states/{countryCode}: the states of a country. */
export async function fetchStates(countryCode: string, signal?: AbortSignal): Promise<CountryState[]> {
  return list<CountryState>(await apiGet(`/api/locations/states/${encodeURIComponent(countryCode)}`, undefined, { signal }));
}
