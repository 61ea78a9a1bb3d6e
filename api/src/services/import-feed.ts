/**
 * A run's reading of a feed: the reader opened (fetch, first group parsed), a group's new items found
 * by their dedupe keys and mapped, and what the run reports of them.
 */
import type { ImporterOutcome, RunItem, RunItemFailure } from 'contracts/schemas/importers';
import type { DbRoot } from '../db/schema';
import { readDefaults, type ArticleDraft, type ImportDefaults } from '../import/engine/defaults';
import { ImportError, recordOf, type RecordedImportError } from '../import/engine/errors';
import { isFeedPluginId } from '../import/engine/plugins';
import { FeedReader } from '../import/engine/reader';
import { isItemFailure } from '../import/engine/reader-protocol';
import { apiErrorMessage } from '../lib/api-errors';
import type { RunCounts } from '../repositories/import-runs';
import { importStateRepository } from '../repositories/import-state';
import type { EngineSettings, RunnableImporter, RunTimings } from './import-run-options';

export type ImporterStatus = ImporterOutcome['status'];

/** A new item of a run: its mapped article and its dedupe keys. */
export interface NewArticle {
  draft: ArticleDraft;
  keys: string[];
}

export const ZERO: RunCounts = { seen: 0, created: 0, duplicates: 0, failed: 0 };

/** A fetched feed: its reader (a worker thread) and what the run needs besides. */
export interface OpenedFeed {
  reader: FeedReader;
  notModified: boolean;
  validators: { etag: string | null; lastModified: string | null } | null;
  defaults: ImportDefaults;
}

/** Starts the feed's reader, which fetches it and parses its first group (a feed that cannot be read fails here). */
export async function openFeed(db: DbRoot, importer: RunnableImporter, settings: EngineSettings, now: Date): Promise<OpenedFeed> {
  if (!isFeedPluginId(importer.plugin))
    throw new ImportError('unsupported_format', 'import_unknown_feed_type', { plugin: importer.plugin });
  const state = await importStateRepository.validators(db, importer.id);
  // Validators are only valid for the URL they came from (the feed URL may have been edited).
  const sameUrl = state?.feedUrl === importer.feed_url;
  const { reader, opened } = await FeedReader.open(
    {
      feedUrl: importer.feed_url,
      plugin: importer.plugin,
      defaults: importer.defaults,
      now: now.toISOString(),
      fetch: {
        policy: settings.policy,
        maxBytes: settings.maxBytes,
        totalTimeoutMs: settings.totalTimeoutMs,
        connectTimeoutMs: settings.connectTimeoutMs,
        etag: sameUrl ? (state?.etag ?? null) : null,
        lastModified: sameUrl ? (state?.lastModified ?? null) : null,
      },
      ...(settings.groups ? { groups: settings.groups } : {}),
    },
    { heapMb: settings.workerHeapMb },
  );
  return { reader, notModified: opened.notModified, validators: opened.validators, defaults: readDefaults(importer.defaults) };
}

/**
 * Indexes of a group's new items: none of their keys seen before (`known`, from the database) or
 * earlier in this run (`seen`, which they join).
 */
export function freshIndexes(keys: string[][], known: Set<string>, seen: Set<string>, counts: RunCounts): number[] {
  const fresh: number[] = [];
  keys.forEach((itemKeys, index) => {
    if (itemKeys.some((key) => known.has(key) || seen.has(key))) {
      counts.duplicates += 1;
      return;
    }
    for (const key of itemKeys) seen.add(key);
    fresh.push(index);
  });
  return fresh;
}

/**
 * The drafts of a group's new items (mapped in the reader). An item that could not be mapped
 * counts as failed and is reported with its place in the feed and why (`failures`).
 */
export async function mapFresh(
  feed: OpenedFeed,
  group: { keys: string[][]; fresh: number[]; offset: number },
  counts: RunCounts,
  failures: RunItemFailure[],
  importerId: number,
): Promise<NewArticle[]> {
  const drafts = await feed.reader.map(group.fresh);
  const out: NewArticle[] = [];
  drafts.forEach((draft, i) => {
    const index = group.fresh[i]!;
    if (!isItemFailure(draft)) {
      out.push({ draft, keys: group.keys[index]! });
      return;
    }
    counts.failed += 1;
    const { error, params } = draft.failed;
    failures.push({
      importer_id: importerId,
      position: group.offset + index + 1,
      error: apiErrorMessage(error, params),
      error_code: error,
      error_params: params,
    });
  });
  return out;
}

/** A created (or, simulating, would-be) article as the run result lists it, with why its image is missing. */
export function runItem(
  importer: RunnableImporter,
  draft: ArticleDraft,
  written: { id: number; created: Date; url: string },
  imageError?: RecordedImportError,
): RunItem {
  const why = imageError
    ? { image_error: imageError.message, image_error_code: imageError.error, image_error_params: imageError.params }
    : {};
  return {
    id: written.id,
    importer_id: importer.id,
    title: draft.title,
    created: written.created.toISOString(),
    state: draft.state,
    url: written.url,
    introtext: draft.introtext,
    text: draft.text,
    ...why,
  };
}

export function outcome(
  importer: RunnableImporter,
  status: ImporterStatus,
  counts: RunCounts,
  error?: RecordedImportError,
): ImporterOutcome {
  const why = error ? { error: error.message, error_code: error.error, error_params: error.params } : {};
  return { id: importer.id, title: importer.title, status, ...why, ...counts };
}

export const ALREADY_RUNNING = recordOf(new ImportError('already_running', 'import_already_running'));

/** The reader's phases plus the time this side spent waiting for the database. */
export function runTimings(feed: OpenedFeed | null, waited: number, writing = 0): RunTimings {
  const t = feed?.reader.timings ?? { fetch: 0, parse: 0, dedupe: 0, map: 0 };
  const ms = Math.round;
  return { fetch: ms(t.fetch), parse: ms(t.parse), dedupe: ms(t.dedupe), map: ms(t.map), write: ms(waited), writing: ms(writing) };
}

export const flatKeys = (keys: string[][]) => keys.flat();
