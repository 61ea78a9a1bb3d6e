/**
 * The run's side of the feed reader: a worker thread (reader-worker.ts) with its own heap limit,
 * spoken to request by request (it answers in order). Workers are pooled: one that finished a
 * feed stays, warm (its parser and sanitiser already optimised), for the next run, and is ended
 * after a minute of rest. A worker that runs out of memory or fails is ended and never reused;
 * the run fails with a clear message and the API process carries on.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ArticleDraft } from './defaults';
import { ImportError } from './errors';
import type { ItemFailure, ReaderInput, ReaderReply, ReaderRequest, ReaderTimings } from './reader-protocol';

export interface ReaderOptions {
  /** Old-generation heap limit of the worker (IMPORT_WORKER_HEAP_MB). */
  heapMb: number;
}

type Opened = Extract<ReaderReply, { type: 'opened' }>;

interface Pending {
  resolve: (reply: ReaderReply) => void;
  reject: (error: unknown) => void;
}

/** How long a rested worker is kept for the next run. */
const IDLE_MS = 60_000;

/** The worker script: compiled JavaScript beside this file, or the TypeScript source through tsx (development, tests). */
function workerScript(): { script: string; eval: boolean } {
  const extension = path.extname(__filename);
  const file = path.join(__dirname, `reader-worker${extension}`);
  if (extension === '.ts') return { script: `require('tsx/cjs'); require(${JSON.stringify(file)});`, eval: true };
  return { script: file, eval: false };
}

interface Rested {
  worker: Worker;
  timer: NodeJS.Timeout;
}

/** Rested workers by heap limit. */
const pool = new Map<number, Rested[]>();

function takeWorker(heapMb: number): Worker {
  const rested = pool.get(heapMb)?.pop();
  if (rested) {
    clearTimeout(rested.timer);
    rested.worker.ref();
    return rested.worker;
  }
  const { script, eval: isEval } = workerScript();
  const worker = new Worker(script, { eval: isEval, resourceLimits: { maxOldGenerationSizeMb: heapMb }, stdout: false, stderr: false });
  // Always listened to, also while resting (an 'error' event nobody listens to would end the API
  // process): a worker that fails or ends leaves the pool; a run using it hears it through its own listeners.
  worker.on('error', () => forget(heapMb, worker));
  worker.on('exit', () => forget(heapMb, worker));
  return worker;
}

function forget(heapMb: number, worker: Worker): void {
  const list = pool.get(heapMb);
  const index = list?.findIndex((entry) => entry.worker === worker) ?? -1;
  if (!list || index < 0) return;
  clearTimeout(list[index]!.timer);
  list.splice(index, 1);
  void worker.terminate();
}

function restWorker(heapMb: number, worker: Worker): void {
  const list = pool.get(heapMb) ?? [];
  pool.set(heapMb, list);
  const entry: Rested = {
    worker,
    timer: setTimeout(() => forget(heapMb, worker), IDLE_MS).unref(),
  };
  // A resting worker does not keep the process alive.
  worker.unref();
  list.push(entry);
}

/** Ends every rested worker (tests, shutdown). */
export async function closeReaderPool(): Promise<void> {
  const all = [...pool.values()].flat();
  pool.clear();
  await Promise.all(
    all.map(({ worker, timer }) => {
      clearTimeout(timer);
      return worker.terminate();
    }),
  );
}

export class FeedReader {
  readonly timings: ReaderTimings = { fetch: 0, parse: 0, dedupe: 0, map: 0 };
  private readonly pending: Pending[] = [];
  private failure: ImportError | null = null;
  /** The worker is in a state it cannot be reused from (failed, or a request went unanswered). */
  private broken = false;
  private closed = false;
  private readonly onMessage = (reply: ReaderReply) => this.receive(reply);
  private readonly onError = (error: Error & { code?: string }) => this.fail(this.describe(error));
  private readonly onExit = () => this.fail(new ImportError('internal', 'import_reader_stopped'));

  private constructor(
    private readonly worker: Worker,
    private readonly heapMb: number,
  ) {
    worker.on('message', this.onMessage);
    worker.on('error', this.onError);
    worker.on('exit', this.onExit);
  }

  /** Takes a reader, which fetches the feed and opens it (the first group is parsed then). */
  static async open(input: ReaderInput, options: ReaderOptions): Promise<{ reader: FeedReader; opened: Opened }> {
    const reader = new FeedReader(takeWorker(options.heapMb), options.heapMb);
    try {
      const opened = (await reader.request({ type: 'open', input })) as Opened;
      return { reader, opened };
    } catch (error) {
      await reader.close();
      throw error;
    }
  }

  /** The worker's thread id (tests check that a rested worker is reused). */
  get threadId(): number {
    return this.worker.threadId;
  }

  /** The next group's dedupe keys (one list per item), or null after the last group. */
  async next(): Promise<string[][] | null> {
    const reply = await this.request({ type: 'next' });
    return reply.type === 'group' ? reply.keys : null;
  }

  /** Drafts of items of the last group (why, where an item could not be mapped). */
  async map(indexes: number[]): Promise<Array<ArticleDraft | ItemFailure>> {
    if (indexes.length === 0) return [];
    const reply = await this.request({ type: 'map', indexes });
    return reply.type === 'mapped' ? reply.drafts : [];
  }

  /** Gives the worker back to the pool (after it forgot the feed), or ends it if it cannot be reused. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    let reusable = !this.broken && this.failure === null;
    if (reusable) {
      try {
        await this.request({ type: 'close' });
      } catch {
        reusable = false;
      }
    }
    this.failure ??= new ImportError('internal', 'import_reader_closed');
    this.worker.off('message', this.onMessage);
    this.worker.off('error', this.onError);
    this.worker.off('exit', this.onExit);
    if (reusable && this.pending.length === 0) restWorker(this.heapMb, this.worker);
    else await this.worker.terminate();
  }

  private request(request: ReaderRequest): Promise<ReaderReply> {
    if (this.failure) return Promise.reject(this.failure);
    const reply = new Promise<ReaderReply>((resolve, reject) => this.pending.push({ resolve, reject }));
    this.worker.postMessage(request);
    return reply;
  }

  private receive(reply: ReaderReply): void {
    const waiter = this.pending.shift();
    if (!waiter) return;
    if (reply.type === 'error') {
      // The worker caught the feed's error and stays usable (close makes it forget the feed).
      waiter.reject(new ImportError(reply.code, reply.error, reply.params));
      return;
    }
    if ('timings' in reply) {
      for (const phase of Object.keys(this.timings) as Array<keyof ReaderTimings>) this.timings[phase] += reply.timings[phase];
    }
    waiter.resolve(reply);
  }

  private describe(error: Error & { code?: string }): ImportError {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new ImportError('too_large', 'import_out_of_memory', { megabytes: this.heapMb });
    }
    return new ImportError('internal', 'import_reader_failed', { reason: error.message }, { cause: error });
  }

  private fail(error: ImportError): void {
    this.broken = true;
    this.failure ??= error;
    for (const waiter of this.pending.splice(0)) waiter.reject(this.failure);
  }
}
