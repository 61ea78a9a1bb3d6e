/**
 * The run-an-import workflow. Running importers: fetch → parse → map with the Defaults → dedupe → write, per importer, with
 * its outcome recorded in the run history. One importer's failure is caught and reported and
 * never stops the others. A simulation goes through exactly the same steps up to the write and
 * then writes nothing at all: no articles, dedupe keys, run rows, validators or schedule state.
 *
 * Only one real run of an importer at a time: an in-process set (per database) and a lease in
 * import_state (`running_until`, taken with one conditional UPDATE, so it holds across processes).
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import type { AddressPolicy } from '../lib/address-guard';
import { readDefaults, type ArticleDraft, type ImportDefaults } from '../import/engine/defaults';
import { ImportError, recordOf, toImportError, type RecordedImportError } from '../import/engine/errors';
import { PROCESS_OWNER } from '../import/engine/instance';
import { itemImageStore, type ImageFetchSettings } from '../import/engine/item-images';
import type { GroupOptions } from '../import/engine/parse';
import { isFeedPluginId } from '../import/engine/plugins';
import { FeedReader } from '../import/engine/reader';
import { recoverInterruptedRuns } from './import-recovery';
import { leaseMs, nextRunDelayMs, SCHEDULE_CODES } from '../import/engine/schedule';
import { NEW_ARTICLE_FLAGS } from 'contracts/rules/article-flags';
import { bumpArticleGeneration } from '../lib/article-generation';
import { resolveRefs, seenKeys, writeArticles, type ArticleToWrite, type ResolvedRefs } from '../repositories/import-articles';
import { finishRun, recordCommittedCounts, startRun, type RunCounts } from '../repositories/import-runs';
import { importStateRepository } from '../repositories/import-state';
import { importersRepository, type Importer as StoredImporter } from '../repositories/importers';
import type { ImporterOutcome, RunItem, RunItemFailure, RunResult } from 'contracts/schemas/importers';
import { isItemFailure } from '../import/engine/reader-protocol';
import { apiErrorMessage } from '../lib/api-errors';

export interface EngineSettings {
  policy: AddressPolicy;
  maxBytes: number;
  totalTimeoutMs: number;
  connectTimeoutMs: number;
  publicUrl: string | undefined;
  /** Heap limit of the worker thread that reads a feed (IMPORT_WORKER_HEAP_MB). */
  workerHeapMb: number;
  /** How big feeds are split into groups (tests make groups small). */
  groups?: GroupOptions;
  /** PGlite: one process opens the database, so a run owned by another process is over (recover.ts). */
  singleProcessDatabase?: boolean;
  /** Fetching the items' own images (default: the feed's policy, 10 MiB, 15 s, 4 at a time). */
  images?: Partial<ImageFetchSettings>;
}

// What a run answers is the contract of the cron routes.
export type { ImporterOutcome, RunItem, RunItemFailure, RunResult };
export type ImporterStatus = ImporterOutcome['status'];

export interface RunOptions {
  simulate: boolean;
  trigger: 'manual' | 'schedule';
  settings: EngineSettings;
  /** The scheduler took the lease already (its claim); the run releases it. */
  leaseHeld?: boolean;
  now?: () => Date;
}

type Importer = Pick<StoredImporter, 'id' | 'title' | 'feed_url' | 'plugin' | 'schedule' | 'enabled' | 'defaults'>;

const running = new WeakMap<object, Set<number>>();
function runningSet(db: object): Set<number> {
  let set = running.get(db);
  if (!set) running.set(db, (set = new Set()));
  return set;
}

/** A new item of a run: its mapped article and its dedupe keys. */
interface NewArticle {
  draft: ArticleDraft;
  keys: string[];
}

const ZERO: RunCounts = { seen: 0, created: 0, duplicates: 0, failed: 0 };

/** Takes the run lease unless another run (any live process) holds it. */
async function takeLease(db: Kysely<Database>, importerId: number, ms: number, settings: EngineSettings): Promise<boolean> {
  await importStateRepository.ensure(db, importerId);
  // A lease left by a process that is gone is freed first (with its run closed as interrupted).
  await recoverInterruptedRuns(db, { singleProcessDatabase: settings.singleProcessDatabase ?? false, importerId });
  return importStateRepository.takeLease(db, importerId, ms / 1000, PROCESS_OWNER);
}

/** After a real run: release the lease, count failures (back-off) and set when it is due next. */
async function settleState(db: Kysely<Database>, importer: Importer, failed: boolean): Promise<void> {
  const failures = failed ? (await importStateRepository.failures(db, importer.id)) + 1 : 0;
  await importStateRepository.release(db, importer.id, { failures, dueInSeconds: nextRunDelayMs(importer.schedule, failures) / 1000 });
}

/** Milliseconds per phase of one run (logged; the bench prints them). */
export interface RunTimings {
  fetch: number;
  parse: number;
  dedupe: number;
  map: number;
  /** The time the run waited for the database (beyond what reading took meanwhile). */
  write: number;
  /** The time the database spent on the writes themselves (they overlap the reading). */
  writing: number;
}

/** A fetched feed: its reader (a worker thread) and what the run needs besides. */
interface OpenedFeed {
  reader: FeedReader;
  notModified: boolean;
  validators: { etag: string | null; lastModified: string | null } | null;
  defaults: ImportDefaults;
}

/** Starts the feed's reader, which fetches it and parses its first group (a feed that cannot be read fails here). */
async function openFeed(db: Kysely<Database>, importer: Importer, settings: EngineSettings, now: Date): Promise<OpenedFeed> {
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
function freshIndexes(keys: string[][], known: Set<string>, seen: Set<string>, counts: RunCounts): number[] {
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
async function mapFresh(
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
function runItem(
  importer: Importer,
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

function outcome(importer: Importer, status: ImporterStatus, counts: RunCounts, error?: RecordedImportError): ImporterOutcome {
  const why = error ? { error: error.message, error_code: error.error, error_params: error.params } : {};
  return { id: importer.id, title: importer.title, status, ...why, ...counts };
}

const ALREADY_RUNNING = recordOf(new ImportError('already_running', 'import_already_running'));

/** The reader's phases plus the time this side spent waiting for the database. */
function runTimings(feed: OpenedFeed | null, waited: number, writing = 0): RunTimings {
  const t = feed?.reader.timings ?? { fetch: 0, parse: 0, dedupe: 0, map: 0 };
  const ms = Math.round;
  return { fetch: ms(t.fetch), parse: ms(t.parse), dedupe: ms(t.dedupe), map: ms(t.map), write: ms(waited), writing: ms(writing) };
}

const flatKeys = (keys: string[][]) => keys.flat();

/** A simulation: every step of a real run up to the write, and nothing written. */
async function simulate(db: Kysely<Database>, importer: Importer, options: RunOptions, now: Date) {
  const feed = await openFeed(db, importer, options.settings, now);
  try {
    const counts: RunCounts = { ...ZERO };
    const seen = new Set<string>();
    const items: RunItem[] = [];
    const failures: RunItemFailure[] = [];
    let waited = 0;
    for (let keys = await feed.reader.next(); keys; keys = await feed.reader.next()) {
      const offset = counts.seen;
      counts.seen += keys.length;
      const started = performance.now();
      const known = await seenKeys(db, importer.id, flatKeys(keys));
      waited += performance.now() - started;
      const group = { keys, fresh: freshIndexes(keys, known, seen, counts), offset };
      for (const { draft } of await mapFresh(feed, group, counts, failures, importer.id)) {
        // What the real run would write: no id yet, the short link's target in place of its code.
        items.push(runItem(importer, draft, { id: 0, created: now, url: draft.url.kind === 'value' ? draft.url.value : draft.url.target }));
      }
    }
    counts.created = items.length;
    return { outcome: outcome(importer, 'ok', counts), items, failures, timings: runTimings(feed, waited) };
  } finally {
    await feed.reader.close();
  }
}

function imageSettings(settings: EngineSettings): ImageFetchSettings {
  return {
    policy: settings.policy,
    maxBytes: 10 * 1024 * 1024,
    timeoutMs: 15_000,
    connectTimeoutMs: settings.connectTimeoutMs,
    concurrency: 4,
    ...settings.images,
  };
}

/** A group's articles ready to write: each item's own image fetched and stored (or why not). */
interface ImagedBatch {
  articles: Array<{ draft: ArticleToWrite; keys: string[] }>;
  imageErrors: Array<RecordedImportError | undefined>;
}

async function storeItemImages(batch: NewArticle[], images: ReturnType<typeof itemImageStore>): Promise<ImagedBatch> {
  const stored = await Promise.all(batch.map(({ draft }) => (draft.image.kind === 'remote' ? images.store(draft.image.url) : null)));
  return {
    articles: batch.map(({ draft, keys }, index) => {
      const image = stored[index];
      if (!image) return { draft: { ...draft, image: draft.image.kind === 'custom' ? { kind: 'custom' } : { kind: 'none' } }, keys };
      return { draft: { ...draft, image: image.kind === 'stored' ? { kind: 'stored', id: image.id } : { kind: 'none' } }, keys };
    }),
    imageErrors: stored.map((image) => (image?.kind === 'failed' ? image.error : undefined)),
  };
}

/**
 * A real run's reading and writing, in the run's one transaction, pipelined by group: while the
 * database writes group k, the reader (another thread) maps group k+1 and parses group k+2. The
 * dedupe lookup of a group is sent before the previous group's write, so it does not wait for it.
 * The items' images are fetched meanwhile (a few at a time); a group's write waits for its images.
 * Writes run one after another.
 */
async function importGroups(
  trx: Transaction<Database>,
  importer: Importer,
  feed: OpenedFeed,
  settings: EngineSettings,
  counts: RunCounts,
): Promise<{ items: RunItem[]; failures: RunItemFailure[]; waited: number; writing: number }> {
  const refs: ResolvedRefs = await resolveRefs(trx, feed.defaults);
  const images = itemImageStore(trx, imageSettings(settings), { caption: feed.defaults.imageCaption, createdBy: refs.userId });
  const seen = new Set<string>();
  const items: RunItem[] = [];
  const failures: RunItemFailure[] = [];
  let waited = 0;
  let writingMs = 0;
  let writing: Promise<void> = Promise.resolve();
  let writeError: unknown = null;
  const wait = async <T>(work: Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work;
    } finally {
      waited += performance.now() - started;
    }
  };
  try {
    let keys = await feed.reader.next();
    let known = keys ? await wait(seenKeys(trx, importer.id, flatKeys(keys))) : null;
    while (keys && known && writeError === null) {
      const offset = counts.seen;
      counts.seen += keys.length;
      const fresh = freshIndexes(keys, known, seen, counts);
      // The reader maps this group and then parses the next one, in that order.
      const mapped = mapFresh(feed, { keys, fresh, offset }, counts, failures, importer.id);
      const following = feed.reader.next();
      mapped.catch(() => undefined);
      following.catch(() => undefined);
      const batch = await mapped;
      const imaged = storeItemImages(batch, images);
      imaged.catch(() => undefined);
      keys = await following;
      // Sent before this group's write: the lookup only waits for the write already going.
      const nextKnown = keys ? seenKeys(trx, importer.id, flatKeys(keys)) : null;
      nextKnown?.catch(() => undefined);
      writing = writing.then(async () => {
        if (batch.length === 0) return;
        const { articles, imageErrors } = await imaged;
        const started = performance.now();
        const written = await writeArticles(trx, importer.id, articles, refs, {
          publicUrl: settings.publicUrl,
          imageCaption: feed.defaults.imageCaption,
          flags: NEW_ARTICLE_FLAGS,
        });
        writingMs += performance.now() - started;
        written.forEach((w, index) => items.push(runItem(importer, batch[index]!.draft, w, imageErrors[index])));
      });
      writing.catch((error: unknown) => {
        writeError ??= error;
      });
      known = nextKnown ? await wait(nextKnown) : null;
    }
    await wait(writing);
  } finally {
    // Whatever ends the loop, no write may still be going when the transaction ends.
    await writing.catch(() => undefined);
  }
  return { items, failures, waited, writing: writingMs };
}

/** Runs (or simulates) one importer; never throws for feed problems: they become its outcome. */
export async function runImporter(
  db: Kysely<Database>,
  importer: Importer,
  options: RunOptions,
): Promise<{ outcome: ImporterOutcome; items: RunItem[]; failures: RunItemFailure[]; timings?: RunTimings }> {
  const now = options.now?.() ?? new Date();
  if (options.simulate) {
    try {
      return await simulate(db, importer, options, now);
    } catch (error) {
      return { outcome: outcome(importer, 'error', { ...ZERO }, recordOf(toImportError(error))), items: [], failures: [] };
    }
  }

  const guard = runningSet(db);
  if (guard.has(importer.id)) {
    return { outcome: outcome(importer, 'skipped', { ...ZERO }, ALREADY_RUNNING), items: [], failures: [] };
  }
  guard.add(importer.id);
  try {
    if (!options.leaseHeld && !(await takeLease(db, importer.id, leaseMs(options.settings.totalTimeoutMs), options.settings))) {
      return { outcome: outcome(importer, 'skipped', { ...ZERO }, ALREADY_RUNNING), items: [], failures: [] };
    }
    const runId = await startRun(db, importer.id, options.trigger, PROCESS_OWNER);
    const counts: RunCounts = { ...ZERO };
    let feed: OpenedFeed | null = null;
    try {
      feed = await openFeed(db, importer, options.settings, now);
      const opened = feed;
      let items: RunItem[] = [];
      let failures: RunItemFailure[] = [];
      let waited = 0;
      let writing = 0;
      if (!opened.notModified) {
        ({ items, failures, waited, writing } = await db.transaction().execute(async (trx) => {
          const result = await importGroups(trx, importer, opened, options.settings, counts);
          // Committed with the articles: after a crash past this commit the run still reports them.
          await recordCommittedCounts(trx, runId, { ...counts, created: result.items.length });
          await importStateRepository.saveValidators(trx, importer.id, opened.validators, importer.feed_url);
          return result;
        }));
        counts.created = items.length;
        // The list cache must not keep serving pages from before these articles (PGlite has no NOTIFY peers).
        if (items.length > 0) bumpArticleGeneration();
      }
      await finishRun(db, runId, { status: opened.notModified ? 'not_modified' : 'ok', counts });
      await settleState(db, importer, false);
      return { outcome: outcome(importer, 'ok', counts), items, failures, timings: runTimings(opened, waited, writing) };
    } catch (error) {
      const recorded = recordOf(toImportError(error));
      await finishRun(db, runId, { status: 'error', counts: { ...counts, created: 0 }, error: recorded }).catch(() => undefined);
      await settleState(db, importer, true).catch(() => undefined);
      return { outcome: outcome(importer, 'error', { ...counts, created: 0 }, recorded), items: [], failures: [] };
    } finally {
      await feed?.reader.close();
    }
  } finally {
    guard.delete(importer.id);
  }
}

/** Runs importers one after another (a feed server is never hit by two of our runs at once). */
export async function runImporters(db: Kysely<Database>, importers: readonly Importer[], options: RunOptions): Promise<RunResult> {
  const result: RunResult = { simulate: options.simulate, importers: [], items: [], failures: [] };
  for (const importer of importers) {
    const { outcome: one, items, failures } = await runImporter(db, importer, options);
    result.importers.push(one);
    for (const item of items) result.items.push(item);
    for (const failure of failures) result.failures.push(failure);
  }
  return result;
}

/** Enabled importers of a group: -1 all, 1–4 one schedule. */
export async function importersOfGroup(db: Kysely<Database>, group: number): Promise<Importer[]> {
  return importersRepository.listEnabled(db, group === -1 ? null : group);
}

/** Creates the state row of importers seen for the first time (due at once). */
export async function ensureStates(db: Kysely<Database>): Promise<void> {
  await importStateRepository.ensureAll(db);
}

/** Enabled importers whose time has come and that nobody is running, oldest due first. */
export async function dueImporterIds(db: Kysely<Database>, limit = 10): Promise<number[]> {
  return importStateRepository.dueImporterIds(db, SCHEDULE_CODES, limit);
}

/**
 * Claims one due importer for this process: true when this process now owns its run (exactly
 * once across processes on PostgreSQL, see repositories/import-state.ts).
 */
export async function claimImporter(
  db: Kysely<Database>,
  importerId: number,
  leaseSeconds: number,
  usesAdvisoryLocks: boolean,
): Promise<boolean> {
  return importStateRepository.claimDue(db, importerId, leaseSeconds, PROCESS_OWNER, usesAdvisoryLocks);
}

/** The engine settings from the app config. */
export function engineSettings(
  config: Pick<
    AppConfig,
    | 'importAllowPrivateHosts'
    | 'importAllowedNetworks'
    | 'importMaxBytes'
    | 'importTimeoutSeconds'
    | 'importConnectTimeoutSeconds'
    | 'importWorkerHeapMb'
    | 'publicUrl'
  > &
    Partial<Pick<AppConfig, 'databaseUrl' | 'imageMaxMegabytes' | 'importImageConcurrency' | 'importImageTimeoutSeconds'>>,
): EngineSettings {
  return {
    policy: { allowPrivate: config.importAllowPrivateHosts, allowedNetworks: config.importAllowedNetworks },
    maxBytes: config.importMaxBytes,
    totalTimeoutMs: config.importTimeoutSeconds * 1000,
    connectTimeoutMs: config.importConnectTimeoutSeconds * 1000,
    publicUrl: config.publicUrl,
    workerHeapMb: config.importWorkerHeapMb,
    singleProcessDatabase: !config.databaseUrl,
    images: {
      ...(config.imageMaxMegabytes ? { maxBytes: config.imageMaxMegabytes * 1024 * 1024 } : {}),
      ...(config.importImageConcurrency ? { concurrency: config.importImageConcurrency } : {}),
      ...(config.importImageTimeoutSeconds ? { timeoutMs: config.importImageTimeoutSeconds * 1000 } : {}),
    },
  };
}
