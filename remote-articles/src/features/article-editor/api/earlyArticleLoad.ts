// Opening an article: its GET starts with the press on its row (or else with the click), while the
// editor's code loads (a lazy chunk), instead of after it; the editor takes the answer over when it
// mounts. Not taken (the editor closed before, or the press was no click), the load is dropped and
// a lock it took is released.
import type { ArticleEditData } from '../model/types';
import { fetchArticle, releaseLock } from './articleLoadApi';

const started = new Map<number, Promise<ArticleEditData>>();
/** Loads started by a press that no editor has claimed yet: their drop timers. */
const unclaimed = new Map<number, number>();

/** How long a press waits for its click (the editor opening) before its load is dropped. */
export const PRESS_CLAIM_MS = 2_000;

/** Starts loading article `id` (once while not taken); the editor that opens it claims the load. */
export function startArticleLoad(id: number): void {
  window.clearTimeout(unclaimed.get(id));
  unclaimed.delete(id);
  if (started.has(id)) return;
  const loading = fetchArticle(id);
  loading.catch(() => undefined); // the editor reports failures when it takes the load over
  started.set(id, loading);
}

/**
 * Starts loading article `id` on the press of its row, a few ms (a person: a tenth of a second)
 * before the click opens the editor: dropped when no editor claims it soon.
 */
export function startArticleLoadOnPress(id: number): void {
  if (started.has(id)) return;
  startArticleLoad(id);
  unclaimed.set(
    id,
    window.setTimeout(() => {
      unclaimed.delete(id);
      dropArticleLoad(id);
    }, PRESS_CLAIM_MS),
  );
}

/** The load started for `id`, if any; the caller owns it from now on. */
export function takeArticleLoad(id: number): Promise<ArticleEditData> | undefined {
  const loading = started.get(id);
  started.delete(id);
  return loading;
}

/** Forgets a load nobody took; the lock it took is released. */
export function dropArticleLoad(id: number): void {
  const loading = takeArticleLoad(id);
  loading?.then(
    (loaded) => {
      if (id > 0 && loaded.lock?.mine) releaseLock(id, loaded.lock.expires).catch(() => undefined);
    },
    () => undefined,
  );
}
