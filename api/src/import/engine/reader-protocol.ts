/**
 * Messages between a run (main thread) and its feed reader (a worker thread, reader-worker.ts).
 * The worker answers every request in order, one reply per request, and reads one feed at a time
 * (open … close); workers are kept for the next run while they are warm (reader.ts).
 */
import type { AddressPolicy } from '../../lib/address-guard';
import type { ArticleDraft } from './defaults';
import type { ApiErrorCode, ApiErrorParams } from '../../lib/api-errors';
import type { ImportErrorCode } from './errors';
import type { GroupOptions } from './parse';
import type { FeedPluginId } from './plugins';

export interface ReaderInput {
  feedUrl: string;
  plugin: FeedPluginId;
  /** The importer's Defaults as stored (the worker maps items with them). */
  defaults: unknown;
  /** ISO time of the run (dates in the future by more than a day are not taken from the feed). */
  now: string;
  fetch: {
    policy: AddressPolicy;
    maxBytes: number;
    totalTimeoutMs: number;
    connectTimeoutMs: number;
    etag: string | null;
    lastModified: string | null;
  };
  groups?: GroupOptions;
}

/** Milliseconds the worker spent per phase since its previous reply. */
export interface ReaderTimings {
  fetch: number;
  parse: number;
  dedupe: number;
  map: number;
}

/** Why one item could not become an article (the run reports it; the feed's other items go on). */
export interface ItemFailure {
  failed: { error: ApiErrorCode; params: ApiErrorParams };
}

export function isItemFailure(value: ArticleDraft | ItemFailure): value is ItemFailure {
  return 'failed' in value;
}

export type ReaderRequest =
  /** Start reading a feed (fetch it and parse its first group); a worker reads one feed at a time. */
  | { type: 'open'; input: ReaderInput }
  /** Parse the next group of items and send their dedupe keys. */
  | { type: 'next' }
  /** Map these items (indexes into the last group sent) to article drafts. */
  | { type: 'map'; indexes: number[] }
  /** Forget the feed (the worker is then idle, ready for another). */
  | { type: 'close' };

export type ReaderReply =
  | {
      type: 'opened';
      notModified: boolean;
      validators: { etag: string | null; lastModified: string | null } | null;
      feed: { title: string; link: string | null };
      timings: ReaderTimings;
    }
  /** The next group: each item's dedupe keys; null when the feed has no more items. */
  | { type: 'group'; keys: string[][] | null; timings: ReaderTimings }
  /** Drafts of the items asked for, in that order; why, where an item could not be mapped. */
  | { type: 'mapped'; drafts: Array<ArticleDraft | ItemFailure>; timings: ReaderTimings }
  | { type: 'closed' }
  | { type: 'error'; code: ImportErrorCode; error: ApiErrorCode; params: ApiErrorParams | undefined };
