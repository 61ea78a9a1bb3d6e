// Opening an article: its GET starts with the click, while the editor's code loads (a lazy chunk),
// instead of after it; the editor takes the answer over when it mounts. Not taken (the editor
// closed before), the load is dropped and a lock it took is released.
import type { ArticleEditData } from '../model/types';
import { fetchArticle, releaseLock } from './editorApi';

const started = new Map<number, Promise<ArticleEditData>>();

/** Starts loading article `id` (once while not taken). */
export function startArticleLoad(id: number): void {
  if (started.has(id)) return;
  const loading = fetchArticle(id);
  loading.catch(() => undefined); // the editor reports failures when it takes the load over
  started.set(id, loading);
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
