/**
 * Running importers: fetch → parse → map with the Defaults → dedupe → write, per importer, with
 * its outcome recorded in the run history. One importer's failure is caught and reported and
 * never stops the others. A simulation goes through exactly the same steps up to the write and
 * then writes nothing at all: no articles, dedupe keys, run rows, validators or schedule state.
 *
 * Only one real run of an importer at a time: an in-process set (per database) and a lease in
 * import_state (`running_until`, taken with one conditional UPDATE, so it holds across processes).
 */
import { sql, type Kysely } from 'kysely';
import type { Database, ImporterRow } from '../../db/schema';
import { finishRun, startRun, type RunCounts } from '../../repositories/import-runs';
import type { AddressPolicy } from './address-guard';
import { dedupeKeys } from './dedupe';
import { mapItem, readDefaults, type ImportDefaults, type MapContext } from './defaults';
import { ImportError, toImportError } from './errors';
import { fetchFeed, type FetchResult } from './fetch';
import { decodeBody, parseFeedText, type FeedItem } from './parse';
import { isFeedPluginId } from './plugins';
import { leaseMs, nextRunDelayMs } from './schedule';
import { bumpArticleGeneration } from '../../lib/article-generation';
import { resolveRefs, seenKeys, writeArticles, type NewArticle } from './store';

export interface EngineSettings {
  policy: AddressPolicy;
  maxBytes: number;
  totalTimeoutMs: number;
  connectTimeoutMs: number;
  publicUrl: string | undefined;
}

export type ImporterStatus = 'ok' | 'error' | 'skipped';

export interface ImporterOutcome {
  id: number;
  title: string;
  status: ImporterStatus;
  error?: string;
  seen: number;
  created: number;
  duplicates: number;
  failed: number;
}

export interface RunItem {
  /** The new article's id; 0 when simulating. */
  id: number;
  importer_id: number;
  title: string;
  created: string;
  state: number;
  url: string;
  /** Sanitised HTML, for the preview popup. */
  introtext: string;
}

export interface RunResult {
  simulate: boolean;
  importers: ImporterOutcome[];
  items: RunItem[];
}

export interface RunOptions {
  simulate: boolean;
  trigger: 'manual' | 'schedule';
  settings: EngineSettings;
  /** The scheduler took the lease already (its claim); the run releases it. */
  leaseHeld?: boolean;
  now?: () => Date;
}

type Importer = Pick<ImporterRow, 'id' | 'title' | 'feed_url' | 'plugin' | 'schedule' | 'enabled' | 'defaults'>;

const running = new WeakMap<object, Set<number>>();
function runningSet(db: object): Set<number> {
  let set = running.get(db);
  if (!set) running.set(db, (set = new Set()));
  return set;
}

const ZERO: RunCounts = { seen: 0, created: 0, duplicates: 0, failed: 0 };

async function ensureState(db: Kysely<Database>, importerId: number): Promise<void> {
  await db.insertInto('import_state').values({ importer_id: importerId }).onConflict((oc) => oc.column('importer_id').doNothing()).execute();
}

/** Takes the run lease unless another run (any process) holds it. */
async function takeLease(db: Kysely<Database>, importerId: number, ms: number): Promise<boolean> {
  await ensureState(db, importerId);
  const row = await db
    .updateTable('import_state')
    .set({ running_until: sql<Date>`now() + ${`${Math.ceil(ms / 1000)} seconds`}::interval` })
    .where('importer_id', '=', importerId)
    .where((eb) => eb.or([eb('running_until', 'is', null), eb('running_until', '<', sql<Date>`now()`)]))
    .returning('importer_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** After a real run: release the lease, count failures (back-off) and set when it is due next. */
async function settleState(db: Kysely<Database>, importer: Importer, failed: boolean): Promise<void> {
  const state = await db.selectFrom('import_state').select('failures').where('importer_id', '=', importer.id).executeTakeFirst();
  const failures = failed ? (state?.failures ?? 0) + 1 : 0;
  const delay = nextRunDelayMs(importer.schedule, failures);
  await db
    .updateTable('import_state')
    .set({
      running_until: null,
      failures,
      next_run_at: sql<Date>`now() + ${`${Math.ceil(delay / 1000)} seconds`}::interval`,
    })
    .where('importer_id', '=', importer.id)
    .execute();
}

/** Milliseconds per phase of one run (logged; the bench prints them). */
export interface RunTimings {
  fetch: number;
  parse: number;
  dedupe: number;
  map: number;
  write: number;
}

/** A new item, its dedupe keys, and what mapping it needs. */
interface FreshItem {
  item: FeedItem;
  keys: string[];
}

interface Prepared {
  timings: RunTimings;
  feedTitle: string;
  fresh: Array<FreshItem | null>;
  defaults: ImportDefaults;
  mapContext: MapContext;
  counts: RunCounts;
  validators: { etag: string | null; lastModified: string | null } | null;
  notModified: boolean;
}

/** Fetch, parse, map and dedupe: everything up to the write (shared by real runs and simulations). */
async function prepare(db: Kysely<Database>, importer: Importer, settings: EngineSettings, now: Date): Promise<Prepared> {
  if (!isFeedPluginId(importer.plugin)) throw new ImportError('unsupported_format', `Unknown feed type "${importer.plugin}"`);
  const state = await db
    .selectFrom('import_state')
    .select(['etag', 'last_modified', 'feed_url'])
    .where('importer_id', '=', importer.id)
    .executeTakeFirst();
  // Validators are only valid for the URL they came from (the feed URL may have been edited).
  const sameUrl = state?.feed_url === importer.feed_url;
  const timings: RunTimings = { fetch: 0, parse: 0, dedupe: 0, map: 0, write: 0 };
  let mark = performance.now();
  const lap = (phase: keyof RunTimings) => {
    const at = performance.now();
    timings[phase] += Math.round(at - mark);
    mark = at;
  };
  let fetched: FetchResult | null = await fetchFeed(importer.feed_url, {
    policy: settings.policy,
    maxBytes: settings.maxBytes,
    totalTimeoutMs: settings.totalTimeoutMs,
    connectTimeoutMs: settings.connectTimeoutMs,
    etag: sameUrl ? state?.etag : null,
    lastModified: sameUrl ? state?.last_modified : null,
  });
  lap('fetch');
  if (fetched.notModified) {
    return {
      timings,
      feedTitle: '',
      fresh: [],
      defaults: readDefaults(importer.defaults),
      mapContext: { now, feedUrl: importer.feed_url, feed: { title: '', link: null } },
      counts: { ...ZERO },
      validators: null,
      notModified: true,
    };
  }

  const validators = { etag: fetched.etag, lastModified: fetched.lastModified };
  // Memory: the raw bytes (up to 15 MiB) are dropped once decoded, before the parser builds its
  // tree, so the bytes, the text and the tree are never all alive at once.
  let text: string | null = decodeBody(fetched.body, fetched.contentType);
  fetched = null;
  const feed = parseFeedText(text, importer.plugin);
  text = null;
  lap('parse');
  const defaults = readDefaults(importer.defaults);
  const counts: RunCounts = { seen: feed.items.length, created: 0, duplicates: 0, failed: 0 };
  // Dedupe first (cheap keys), then map (sanitising is the costly part) only the new items.
  const keyed: Array<{ item: FeedItem; keys: string[] } | null> = feed.items.map((item) => ({ item, keys: dedupeKeys(item).map((k) => k.key) }));
  const feedInfo = { title: feed.title, link: feed.link };
  feed.items = [];
  const seen = await seenKeys(db, importer.id, keyed.flatMap((c) => c?.keys ?? []));
  lap('dedupe');
  const fresh: FreshItem[] = [];
  for (let index = 0; index < keyed.length; index += 1) {
    const entry = keyed[index]!;
    keyed[index] = null;
    // A key seen before, or earlier in this same feed, makes the item a duplicate.
    if (entry.keys.some((key) => seen.has(key))) {
      counts.duplicates += 1;
      continue;
    }
    for (const key of entry.keys) seen.add(key);
    fresh.push(entry);
  }
  return {
    timings,
    feedTitle: feedInfo.title,
    fresh,
    defaults,
    mapContext: { now, feedUrl: importer.feed_url, feed: feedInfo },
    counts,
    validators,
    notModified: false,
  };
}

/**
 * Maps fresh items to article drafts (sanitising is the costly part), releasing each feed item as
 * it goes; an item that cannot be mapped counts as failed.
 */
function mapBatch(prepared: Prepared, from: number, to: number, counts: RunCounts): NewArticle[] {
  const out: NewArticle[] = [];
  for (let index = from; index < to; index += 1) {
    const entry = prepared.fresh[index];
    prepared.fresh[index] = null;
    if (!entry) continue;
    try {
      out.push({ draft: mapItem(entry.item, prepared.defaults, prepared.mapContext), keys: entry.keys });
    } catch {
      counts.failed += 1;
    }
  }
  return out;
}

/** Articles are mapped and written in batches so a big feed never holds every draft at once. */
const WRITE_BATCH = 2000;

function outcome(importer: Importer, status: ImporterStatus, counts: RunCounts, error?: string): ImporterOutcome {
  return { id: importer.id, title: importer.title, status, ...(error !== undefined ? { error } : {}), ...counts };
}

/** Runs (or simulates) one importer; never throws for feed problems: they become its outcome. */
export async function runImporter(
  db: Kysely<Database>,
  importer: Importer,
  options: RunOptions,
): Promise<{ outcome: ImporterOutcome; items: RunItem[]; timings?: RunTimings }> {
  const now = options.now?.() ?? new Date();
  if (options.simulate) {
    try {
      const prepared = await prepare(db, importer, options.settings, now);
      const counts = prepared.counts;
      const mapped = mapBatch(prepared, 0, prepared.fresh.length, counts);
      counts.created = mapped.length;
      const items = mapped.map(({ draft }) => ({
        id: 0,
        importer_id: importer.id,
        title: draft.title,
        created: now.toISOString(),
        state: draft.state,
        url: draft.url.kind === 'value' ? draft.url.value : draft.url.target,
        introtext: draft.introtext,
      }));
      return { outcome: outcome(importer, 'ok', counts), items, timings: prepared.timings };
    } catch (error) {
      return { outcome: outcome(importer, 'error', { ...ZERO }, toImportError(error).message), items: [] };
    }
  }

  const guard = runningSet(db);
  if (guard.has(importer.id)) {
    return { outcome: outcome(importer, 'skipped', { ...ZERO }, 'An import of this feed is already running'), items: [] };
  }
  guard.add(importer.id);
  try {
    if (!options.leaseHeld && !(await takeLease(db, importer.id, leaseMs(options.settings.totalTimeoutMs)))) {
      return { outcome: outcome(importer, 'skipped', { ...ZERO }, 'An import of this feed is already running'), items: [] };
    }
    const runId = await startRun(db, importer.id, options.trigger);
    let counts: RunCounts = { ...ZERO };
    try {
      const prepared = await prepare(db, importer, options.settings, now);
      counts = prepared.counts;
      let items: RunItem[] = [];
      if (!prepared.notModified) {
        const writeStarted = performance.now();
        let mapMs = 0;
        items = await db.transaction().execute(async (trx) => {
          const refs = await resolveRefs(trx, prepared.defaults);
          const out: RunItem[] = [];
          for (let from = 0; from < prepared.fresh.length; from += WRITE_BATCH) {
            const mapStarted = performance.now();
            const batch = mapBatch(prepared, from, Math.min(from + WRITE_BATCH, prepared.fresh.length), counts);
            mapMs += performance.now() - mapStarted;
            const written = await writeArticles(trx, importer.id, batch, refs, {
              publicUrl: options.settings.publicUrl,
              imageCaption: prepared.defaults.imageCaption,
            });
            written.forEach((w, index) => {
              const draft = batch[index]!.draft;
              out.push({
                id: w.id,
                importer_id: importer.id,
                title: draft.title,
                created: w.created.toISOString(),
                state: draft.state,
                url: w.url,
                introtext: draft.introtext,
              });
            });
          }
          await trx
            .updateTable('import_state')
            .set({ etag: prepared.validators?.etag ?? null, last_modified: prepared.validators?.lastModified ?? null, feed_url: importer.feed_url })
            .where('importer_id', '=', importer.id)
            .execute();
          return out;
        });
        counts.created = items.length;
        // The list cache must not keep serving pages from before these articles (PGlite has no NOTIFY peers).
        if (items.length > 0) bumpArticleGeneration();
        prepared.timings.map += Math.round(mapMs);
        prepared.timings.write = Math.round(performance.now() - writeStarted - mapMs);
      }
      await finishRun(db, runId, { status: prepared.notModified ? 'not_modified' : 'ok', counts });
      await settleState(db, importer, false);
      return { outcome: outcome(importer, 'ok', counts), items, timings: prepared.timings };
    } catch (error) {
      const message = toImportError(error).message;
      await finishRun(db, runId, { status: 'error', counts: { ...counts, created: 0 }, error: message }).catch(() => undefined);
      await settleState(db, importer, true).catch(() => undefined);
      return { outcome: outcome(importer, 'error', { ...counts, created: 0 }, message), items: [] };
    }
  } finally {
    guard.delete(importer.id);
  }
}

/** Runs importers one after another (a feed server is never hit by two of our runs at once). */
export async function runImporters(db: Kysely<Database>, importers: readonly Importer[], options: RunOptions): Promise<RunResult> {
  const result: RunResult = { simulate: options.simulate, importers: [], items: [] };
  for (const importer of importers) {
    const { outcome: one, items } = await runImporter(db, importer, options);
    result.importers.push(one);
    for (const item of items) result.items.push(item);
  }
  return result;
}

const IMPORTER_COLUMNS = ['id', 'title', 'feed_url', 'plugin', 'schedule', 'enabled', 'defaults'] as const;

/** Enabled importers of a group: -1 all, 1–4 one schedule. */
export async function importersOfGroup(db: Kysely<Database>, group: number): Promise<Importer[]> {
  let query = db.selectFrom('importers').select(IMPORTER_COLUMNS).where('enabled', '=', 1).orderBy('id');
  if (group !== -1) query = query.where('schedule', '=', group);
  return query.execute();
}

export async function importerById(db: Kysely<Database>, id: number): Promise<Importer | undefined> {
  return db.selectFrom('importers').select(IMPORTER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The engine settings from the app config. */
export function engineSettings(config: {
  importAllowPrivateHosts: boolean;
  importAllowedNetworks: string[];
  importMaxBytes: number;
  importTimeoutSeconds: number;
  importConnectTimeoutSeconds: number;
  publicUrl: string | undefined;
}): EngineSettings {
  return {
    policy: { allowPrivate: config.importAllowPrivateHosts, allowedNetworks: config.importAllowedNetworks },
    maxBytes: config.importMaxBytes,
    totalTimeoutMs: config.importTimeoutSeconds * 1000,
    connectTimeoutMs: config.importConnectTimeoutSeconds * 1000,
    publicUrl: config.publicUrl,
  };
}
