import { LRUCache } from 'lru-cache';
import { Client } from 'pg';
import { ARTICLE_LIST_CHANNEL, articleGeneration, bumpArticleGeneration } from './article-generation';

/**
 * A micro-cache of GET /api/portal/articles responses (the serialised body), for LIST_CACHE_MS.
 *
 * Correctness rules (api/README.md, "Article list cache"):
 * - the key is the whole normalised query AND the caller's scope (every article, or one user's own),
 *   so no user sees a page computed for another scope;
 * - an entry is served only while the article generation (article-generation.ts) is the one read
 *   before its queries started: any write in this process bumps it at once, a write elsewhere bumps
 *   it when its NOTIFY arrives (PostgreSQL: a LISTEN connection per app; PGlite is one process);
 * - on PostgreSQL nothing is cached while that LISTEN connection is down (it reconnects);
 * - concurrent misses of one key share one computation (no stampede after a write).
 */
export interface ArticleListCacheOptions {
  /** Entry lifetime in ms; 0 disables the cache. */
  ttlMs: number;
  /** PostgreSQL connection string: listen for other processes' writes; undefined = PGlite (in-process only). */
  databaseUrl?: string | undefined;
  /** At most this many entries (least recently used go first). */
  max?: number;
  onError?: (error: Error) => void;
}

interface Entry {
  generation: number;
  /** UTF-8 bytes: a hit is written as it is (no encoding, no length to compute). */
  body: Buffer;
}

const RECONNECT_MS = 1_000;

export class ArticleListCache {
  readonly #ttlMs: number;
  readonly #entries: LRUCache<string, Entry> | undefined;
  readonly #pending = new Map<string, Promise<Buffer>>();
  readonly #databaseUrl: string | undefined;
  readonly #onError: (error: Error) => void;
  #client: Client | undefined;
  #listening = false;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(options: ArticleListCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#databaseUrl = options.databaseUrl;
    this.#onError = options.onError ?? (() => undefined);
    if (this.#ttlMs > 0) this.#entries = new LRUCache<string, Entry>({ max: options.max ?? 2_000, ttl: this.#ttlMs });
  }

  /** Whether entries are served now (enabled, and on PostgreSQL: listening for other writers). */
  get active(): boolean {
    return this.#entries !== undefined && (this.#databaseUrl === undefined || this.#listening);
  }

  /** Starts listening for writes of other processes (PostgreSQL only; no-op otherwise). */
  async start(): Promise<void> {
    if (this.#entries === undefined || this.#databaseUrl === undefined || this.#closed) return;
    const client = new Client({ connectionString: this.#databaseUrl });
    this.#client = client;
    const lost = (error?: Error) => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.#listening = false;
      bumpArticleGeneration();
      if (error) this.#onError(error);
      client.end().catch(() => undefined);
      if (!this.#closed) this.#retry = setTimeout(() => void this.start(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === ARTICLE_LIST_CHANNEL) bumpArticleGeneration();
    });
    try {
      await client.connect();
      await client.query(`listen ${ARTICLE_LIST_CHANNEL}`);
      // Writes made before LISTEN took effect were not heard: nothing cached before now is trusted.
      bumpArticleGeneration();
      if (this.#client === client) this.#listening = true;
    } catch (error) {
      lost(error as Error);
    }
  }

  /** The cached body for `key`, else `compute()`'s (cached when no write happened meanwhile). */
  async get(key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.active) return compute();
    const entries = this.#entries as LRUCache<string, Entry>;
    const generation = articleGeneration();
    const hit = entries.get(key);
    if (hit && hit.generation === generation) return hit.body;
    const pendingKey = `${generation}\u0000${key}`;
    const pending = this.#pending.get(pendingKey);
    if (pending) return pending;
    const promise = compute().then(
      (body) => {
        this.#pending.delete(pendingKey);
        // Kept only when no write was seen while computing (else it may hold pre-write rows).
        if (articleGeneration() === generation && this.active) entries.set(key, { generation, body });
        return body;
      },
      (error: unknown) => {
        this.#pending.delete(pendingKey);
        throw error;
      },
    );
    this.#pending.set(pendingKey, promise);
    return promise;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    this.#entries?.clear();
    if (client) await client.end().catch(() => undefined);
  }
}
