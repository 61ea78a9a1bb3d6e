import { useSyncExternalStore } from 'react';

/**
 * Global in-flight counter. Every GET/POST/PUT/PATCH/DELETE sent through `http` counts
 * (identical requests that are deduplicated count once); the shell shows its loading
 * overlay while `count() > 0`.
 */
export type LoadingListener = (count: number) => void;

const listeners = new Set<LoadingListener>();
let inFlight = 0;

function notify(): void {
  for (const listener of [...listeners]) {
    try {
      listener(inFlight);
    } catch (error) {
      console.error('loading listener failed', error);
    }
  }
}

/** Count one unit of work; the returned function ends it (safe to call more than once). */
function start(): () => void {
  inFlight += 1;
  notify();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight = Math.max(0, inFlight - 1);
    notify();
  };
}

export const loading = {
  count: (): number => inFlight,
  subscribe(listener: LoadingListener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  start,
  /** Keep the indicator on while `work` runs (for work that does not go through `http`). */
  track<T>(work: Promise<T>): Promise<T> {
    const end = start();
    return work.finally(end);
  },
};

const isBusy = (): boolean => inFlight > 0;

/** True while anything is loading. */
export function useLoading(): boolean {
  return useSyncExternalStore(loading.subscribe, isBusy, isBusy);
}

/** Test helper: zero the counter and drop listeners. Not part of the public API. */
export function resetLoading(): void {
  inFlight = 0;
  listeners.clear();
}
