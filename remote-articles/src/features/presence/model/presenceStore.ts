// What the presence stream has said so far: the live edit locks by article, and the article changes
// as they come (to whoever listens). A lock is dropped at its `expires` (its holder went away without
// freeing it: the server counts it as free then too). The clock and timers are injectable for tests.
import type { ArticleChangedEvent, LockEvent, PresenceEvent } from 'contracts/schemas/events';

/** An article changed, or (resync) the stream came back and changes may have been missed. */
export type ArticleChange = ArticleChangedEvent | { type: 'resync' };

export interface StoreClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: StoreClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class PresenceStore {
  readonly #clock: StoreClock;
  #locks = new Map<number, LockEvent>();
  readonly #lockListeners = new Set<() => void>();
  readonly #changeListeners = new Set<(change: ArticleChange) => void>();
  #snapshots = 0;
  #expiry: unknown = null;

  constructor(clock: StoreClock = browserClock) {
    this.#clock = clock;
  }

  /** The live lock of an article, or null (free, or not known to be held). */
  lockOf(articleId: number): LockEvent | null {
    return this.#locks.get(articleId) ?? null;
  }

  subscribeLocks = (listener: () => void): (() => void) => {
    this.#lockListeners.add(listener);
    return () => this.#lockListeners.delete(listener);
  };

  subscribeChanges(listener: (change: ArticleChange) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  apply(event: PresenceEvent): void {
    switch (event.type) {
      case 'snapshot': {
        this.#locks = new Map(event.locks.filter((lock) => lock.held_by).map((lock) => [lock.article_id, lock]));
        this.#snapshots += 1;
        this.#locksChanged();
        // A second snapshot: the stream was away, what changed meanwhile was not heard.
        if (this.#snapshots > 1) this.#emitChange({ type: 'resync' });
        return;
      }
      case 'lock': {
        const next = new Map(this.#locks);
        if (event.held_by) next.set(event.article_id, event);
        else next.delete(event.article_id);
        this.#locks = next;
        this.#locksChanged();
        return;
      }
      case 'article':
        if (event.deleted && this.#locks.has(event.article_id)) {
          const next = new Map(this.#locks);
          next.delete(event.article_id);
          this.#locks = next;
          this.#locksChanged();
        }
        this.#emitChange(event);
        return;
      case 'heartbeat':
        return;
      case 'stage':
      case 'planning':
        // A stage move or a re-planning is the desk boards'; the portal's list reads planning when it reloads.
        return;
      default: {
        const unknown: never = event;
        void unknown;
      }
    }
  }

  /** The stream ended for good (signed out): nothing is known any more. */
  clear(): void {
    this.#snapshots = 0;
    if (this.#locks.size === 0) return;
    this.#locks = new Map();
    this.#locksChanged();
  }

  #emitChange(change: ArticleChange): void {
    for (const listener of [...this.#changeListeners]) listener(change);
  }

  #locksChanged(): void {
    this.#dropExpired();
    for (const listener of [...this.#lockListeners]) listener();
  }

  /** Removes the expired locks and plans the next removal. */
  #dropExpired(): void {
    if (this.#expiry !== null) this.#clock.clearTimeout(this.#expiry);
    this.#expiry = null;
    const now = this.#clock.now();
    let next = Infinity;
    let dropped = false;
    for (const [id, lock] of this.#locks) {
      const expires = lock.expires ? Date.parse(lock.expires) : Infinity;
      if (expires <= now) {
        if (!dropped) this.#locks = new Map(this.#locks);
        this.#locks.delete(id);
        dropped = true;
      } else next = Math.min(next, expires);
    }
    if (next !== Infinity) {
      this.#expiry = this.#clock.setTimeout(
        () => {
          this.#expiry = null;
          this.#locksChanged();
        },
        Math.min(next - now, 2 ** 31 - 1),
      );
    }
  }
}
