import { LRUCache } from 'lru-cache';

/**
 * A micro-cache of GET /api/portal/articles responses (the serialised body), for LIST_CACHE_MS.
 *
 * Correctness rules (api/README.md, "Article list cache"):
 * - the key is the whole normalised query AND the caller's scope (every article, or one user's own),
 *   so no user sees a page computed for another scope;
 * - an entry is served only while the database's article list generation (migration 0028: bumped by
 *   a trigger at the commit of every write to a table the list reads, whichever process or statement
 *   wrote) is the one it was computed at. The generation is read before the queries and again after
 *   them; an entry is kept only when both agree. A write's rows and its bump become visible at the
 *   same commit, so a list that missed a write is never kept under the generation after it;
 * - concurrent misses of one key at one generation share one computation (no stampede after a write).
 */
export interface ArticleListCacheOptions {
  /** Entry lifetime in ms; 0 disables the cache. */
  ttlMs: number;
  /** Reads the current generation (one indexed row). */
  generation: () => Promise<string>;
  /** At most this many entries (least recently used go first). */
  max?: number;
}

interface Entry {
  generation: string;
  /** UTF-8 bytes: a hit is written as it is (no encoding, no length to compute). */
  body: Buffer;
}

export class ArticleListCache {
  readonly #entries: LRUCache<string, Entry> | undefined;
  readonly #pending = new Map<string, Promise<Buffer>>();
  readonly #generation: () => Promise<string>;

  constructor(options: ArticleListCacheOptions) {
    this.#generation = options.generation;
    if (options.ttlMs > 0) this.#entries = new LRUCache<string, Entry>({ max: options.max ?? 2_000, ttl: options.ttlMs });
  }

  /** Whether entries are kept at all (LIST_CACHE_MS > 0). */
  get active(): boolean {
    return this.#entries !== undefined;
  }

  /** The cached body for `key`, else `compute()`'s (cached when no write committed meanwhile). */
  async get(key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    const entries = this.#entries;
    if (!entries) return compute();
    const generation = await this.#generation();
    const hit = entries.get(key);
    if (hit && hit.generation === generation) return hit.body;
    const pendingKey = `${generation}\u0000${key}`;
    const pending = this.#pending.get(pendingKey);
    if (pending) return pending;
    const promise = (async () => {
      try {
        const body = await compute();
        // Kept only when no write committed while computing (else it may hold pre-write rows).
        if ((await this.#generation()) === generation) entries.set(key, { generation, body });
        return body;
      } finally {
        this.#pending.delete(pendingKey);
      }
    })();
    this.#pending.set(pendingKey, promise);
    return promise;
  }

  close(): void {
    this.#entries?.clear();
  }
}
