/**
 * The images of imported items (Defaults "Main Image" = 1): fetched like a feed (SSRF guard on every
 * hop, time-outs, a body cap), then checked and stored exactly like an upload (services/image-store:
 * the same limits, decode slots and metadata cleaning), so the article's image is served by
 * Newsdesk and not hot-linked from the feed's server. A few at a time per run, each address once.
 * An image that cannot be fetched or is refused leaves its article without an image, with the
 * reason reported for that item; it never fails the article or the run.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AddressPolicy } from '../../lib/address-guard';
import { apiErrorMessage, type ApiErrorCode, type ApiErrorParams } from '../../lib/api-errors';
import { HttpError } from '../../lib/http-error';
import { Semaphore } from '../../lib/semaphore';
import { imagesRepository, type ProcessedImage } from '../../repositories/images';
import { processImage } from '../../services/image-store';
import { ImportError, type RecordedImportError } from './errors';
import { fetchFeed } from './fetch';

export interface ImageFetchSettings {
  policy: AddressPolicy;
  /** The largest image body, as for uploads (IMAGE_MAX_MB). */
  maxBytes: number;
  /** Time for one image (all hops, headers and body). */
  timeoutMs: number;
  connectTimeoutMs: number;
  /** Images fetched at a time by one run. */
  concurrency: number;
}

/** What became of an item's image: stored (its images row), or why not. */
export type StoredItemImage = { kind: 'stored'; id: number } | { kind: 'failed'; error: RecordedImportError };

/** The feed fetch's refusals, reworded for an image (the same parameters). */
const IMAGE_CODES: Partial<Record<ApiErrorCode, ApiErrorCode>> = {
  import_bad_url: 'import_image_bad_url',
  import_url_scheme: 'import_image_bad_url',
  import_refused_address: 'import_image_refused_address',
  import_http_status: 'import_image_http_status',
  import_too_large: 'import_image_too_large',
  import_too_large_declared: 'import_image_too_large',
  import_too_large_decompressed: 'import_image_too_large',
  import_timeout: 'import_image_timeout',
  import_too_many_redirects: 'import_image_too_many_redirects',
};

function recorded(error: ApiErrorCode, params: ApiErrorParams): RecordedImportError {
  return { message: apiErrorMessage(error, params), error, params };
}

function failureOf(error: unknown, url: string, timeoutMs: number): RecordedImportError {
  // The image's own refusals (type, limits, damaged) as an upload gets them.
  if (error instanceof HttpError) return recorded(error.code, error.params ?? {});
  if (error instanceof ImportError) {
    const code = IMAGE_CODES[error.error];
    if (code === 'import_image_timeout') return recorded(code, { seconds: Math.round(timeoutMs / 1000) });
    if (code) return recorded(code, { ...error.params, url });
  }
  return recorded('import_image_unreachable', {});
}

/** The last path segment of the address, as the stored file name's stem. */
function nameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}

async function fetchImage(url: string, settings: ImageFetchSettings): Promise<Buffer> {
  const fetched = await fetchFeed(url, {
    policy: settings.policy,
    maxBytes: settings.maxBytes,
    totalTimeoutMs: settings.timeoutMs,
    connectTimeoutMs: settings.connectTimeoutMs,
    accept: 'image/jpeg, image/png, image/webp, image/gif;q=0.9',
  });
  // No validators are sent, so a 304 cannot come back; treated as a refusal all the same.
  if (fetched.notModified) throw new ImportError('http_status', 'import_http_status', { status: 304 });
  return fetched.body;
}

/**
 * The images of one run, stored in the run's transaction (rolled back with it). `store(url)` fetches,
 * checks and stores the image once per address, at most `concurrency` at a time, and answers what
 * became of it.
 */
export function itemImageStore(
  trx: Transaction<Database>,
  settings: ImageFetchSettings,
  image: { caption: string; createdBy: number | null },
): { store(url: string): Promise<StoredItemImage> } {
  const slots = new Semaphore(settings.concurrency);
  const byUrl = new Map<string, Promise<StoredItemImage>>();
  const storeOne = (url: string) =>
    slots.run(async (): Promise<StoredItemImage> => {
      let processed: ProcessedImage;
      try {
        processed = await processImage(await fetchImage(url, settings), nameOf(url));
      } catch (error) {
        return { kind: 'failed', error: failureOf(error, url, settings.timeoutMs) };
      }
      // A database error is the run's, not the image's: it is not caught here.
      const item = await imagesRepository.create(trx, processed, image.caption, image.createdBy);
      return { kind: 'stored', id: item.id };
    });
  return {
    store(url) {
      let stored = byUrl.get(url);
      if (!stored) byUrl.set(url, (stored = storeOne(url)));
      return stored;
    },
  };
}
