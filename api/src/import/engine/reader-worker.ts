/**
 * The feed reader's worker thread: fetches a feed, parses it group by group, gives each item's
 * dedupe keys and maps the items the run asks for (sanitising their HTML). Untrusted input is
 * handled here, away from the API's event loop (a 15 MiB feed takes a second of parsing and
 * mapping, which would otherwise stall every request), and inside the worker's own heap limit
 * (resourceLimits), so a feed can never take more memory than an import may use. The worker
 * reads one feed at a time and is then reused, warm, for the next (reader.ts keeps a pool).
 */
import { parentPort } from 'node:worker_threads';
import { dedupeKeys } from './dedupe';
import { mapItem, readDefaults, type ImportDefaults, type MapContext } from './defaults';
import { toImportError } from './errors';
import { fetchFeed } from './fetch';
import { decodeBody, parseFeedInGroups, type FeedItem } from './parse';
import type { ItemFailure, ReaderInput, ReaderReply, ReaderRequest, ReaderTimings } from './reader-protocol';

const port = parentPort;
if (!port) throw new Error('reader-worker runs as a worker thread');

let timings: ReaderTimings = { fetch: 0, parse: 0, dedupe: 0, map: 0 };
function takeTimings(): ReaderTimings {
  const taken = timings;
  timings = { fetch: 0, parse: 0, dedupe: 0, map: 0 };
  return taken;
}
function timed<T>(phase: keyof ReaderTimings, work: () => T): T {
  const started = performance.now();
  try {
    return work();
  } finally {
    timings[phase] += performance.now() - started;
  }
}

/** The feed being read. */
interface Reading {
  defaults: ImportDefaults;
  context: MapContext;
  groups: Iterator<FeedItem[]> | null;
  current: FeedItem[];
}
let reading: Reading | null = null;

async function open(input: ReaderInput): Promise<ReaderReply> {
  takeTimings();
  const state: Reading = {
    defaults: readDefaults(input.defaults),
    context: { now: new Date(input.now), feedUrl: input.feedUrl, feed: { title: '', link: null } },
    groups: null,
    current: [],
  };
  reading = state;
  const started = performance.now();
  const fetched = await fetchFeed(input.feedUrl, input.fetch);
  timings.fetch += performance.now() - started;
  if (fetched.notModified) return { type: 'opened', notModified: true, validators: null, feed: state.context.feed, timings: takeTimings() };
  const validators = { etag: fetched.etag, lastModified: fetched.lastModified };
  const body: { bytes: Buffer | null } = { bytes: fetched.body };
  (fetched as { body: Buffer | null }).body = null;
  const feed = timed('parse', () => {
    // The bytes are dropped once decoded, before parsing: bytes and text are not both kept.
    const text = decodeBody(body.bytes!, fetched.contentType);
    body.bytes = null;
    // Relative links resolve against where the feed was finally fetched from (after redirects).
    return parseFeedInGroups(text, input.plugin, input.groups, { url: fetched.url });
  });
  state.groups = feed.groups[Symbol.iterator]();
  state.context = { ...state.context, feed: { title: feed.title, link: feed.link } };
  return { type: 'opened', notModified: false, validators, feed: state.context.feed, timings: takeTimings() };
}

function next(): ReaderReply {
  const state = reading;
  if (!state) return { type: 'group', keys: null, timings: takeTimings() };
  state.current = [];
  const step = state.groups ? timed('parse', () => state.groups!.next()) : null;
  if (!step || step.done) return { type: 'group', keys: null, timings: takeTimings() };
  state.current = step.value;
  const keys = timed('dedupe', () => state.current.map((item) => dedupeKeys(item).map((k) => k.key)));
  return { type: 'group', keys, timings: takeTimings() };
}

function map(indexes: number[]): ReaderReply {
  const state = reading;
  const drafts = timed('map', () =>
    indexes.map((index) => {
      const item = state?.current[index];
      try {
        if (!state || !item) throw new Error(`no item ${index} in this group`);
        return mapItem(item, state.defaults, state.context);
      } catch (error) {
        const why = toImportError(error);
        // An error of the item itself keeps its own words; anything else is named as this item's failure.
        const failed =
          why.code === 'internal'
            ? { error: 'import_item_failed' as const, params: { reason: why.message } }
            : { error: why.error, params: why.params ?? {} };
        return { failed } satisfies ItemFailure;
      }
    }),
  );
  return { type: 'mapped', drafts, timings: takeTimings() };
}

async function handle(request: ReaderRequest): Promise<ReaderReply> {
  switch (request.type) {
    case 'open':
      return open(request.input);
    case 'next':
      return next();
    case 'map':
      return map(request.indexes);
    case 'close':
      reading = null;
      return { type: 'closed' };
  }
}

// Requests are handled one after another, in order (the run relies on it).
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: ReaderRequest) => {
  queue = queue.then(async () => {
    let reply: ReaderReply;
    try {
      reply = await handle(request);
    } catch (error) {
      const importError = toImportError(error);
      reply = { type: 'error', code: importError.code, error: importError.error, params: importError.params };
    }
    port.postMessage(reply);
  });
});
