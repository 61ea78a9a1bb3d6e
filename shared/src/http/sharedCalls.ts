/**
 * Identical calls in flight share one underlying call (spec section 5: "A request identical to one
 * already running is ignored"), while each caller keeps its own cancellation:
 * - a caller whose signal aborts gets a cancellation (and only that caller);
 * - the underlying call is aborted only when every caller has gone, and is then forgotten, so the
 *   next identical call starts afresh instead of joining one that is being cancelled.
 * Without this, the first caller's abort (a router revalidation replaced by the next one) cancelled
 * the call every later caller was waiting on, and they showed "canceled" as an error.
 */
interface Entry<T> {
  promise: Promise<T>;
  controller: AbortController;
  callers: number;
}

export interface SharedCalls<T> {
  /**
   * The outcome of `start` for this key; a call with the same key still running is joined instead.
   * `key` null: never shared, `start` gets the caller's own signal.
   */
  join(key: string | null, signal: AbortSignal | undefined, start: (signal: AbortSignal | undefined) => Promise<T>): Promise<T>;
  /** Calls in flight (tests). */
  size(): number;
  clear(): void;
}

/** `cancelled()`: the error a caller gets when its own signal aborts (the HTTP layer's cancellation). */
export function createSharedCalls<T>(cancelled: () => unknown): SharedCalls<T> {
  const entries = new Map<string, Entry<T>>();

  function leave(key: string, entry: Entry<T>): void {
    entry.callers -= 1;
    if (entry.callers > 0) return;
    if (entries.get(key) === entry) entries.delete(key);
    entry.controller.abort();
  }

  return {
    join(key, signal, start) {
      if (key === null) return start(signal);
      if (signal?.aborted) return Promise.reject(cancelled());
      let entry = entries.get(key);
      if (!entry) {
        const controller = new AbortController();
        const created: Entry<T> = { controller, callers: 0, promise: Promise.resolve() as Promise<never> };
        created.promise = Promise.resolve()
          .then(() => start(controller.signal))
          .finally(() => {
            if (entries.get(key) === created) entries.delete(key);
          });
        entries.set(key, created);
        entry = created;
      }
      const joined = entry;
      joined.callers += 1;
      return new Promise<T>((resolve, reject) => {
        let settled = false;
        const onAbort = () => {
          if (settled) return;
          settled = true;
          leave(key, joined);
          reject(cancelled());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        joined.promise.then(
          (value) => {
            if (settled) return;
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            resolve(value);
          },
          (error: unknown) => {
            if (settled) return;
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
      });
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
