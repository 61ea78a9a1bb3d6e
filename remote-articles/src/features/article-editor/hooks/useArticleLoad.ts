// Loading the article into the editor (and again on reload): its data, the form's initial values,
// the lock the load took, and a stored draft that differs from it.
import { useEffect, useState, type MutableRefObject } from 'react';
import { errorMessage } from 'shared';
import { fetchArticle, releaseLock } from '../api/editorApi';
import { takeArticleLoad } from '../api/earlyArticleLoad';
import { draftDiffers, type DraftStore, type StoredDraft } from '../model/draftStorage';
import { articleToForm, type EditorFormValues } from '../model/formMapping';
import type { ArticleEditData, EditLock } from '../model/types';
import type { HeldLock } from './useEditLock';

export type LoadStatus = 'loading' | 'ready' | 'error';

interface LoadContext {
  articleId: number;
  /** Counts loads asked for: a new value reads the article again. */
  attempt: number;
  userId: number | null;
  storeRef: MutableRefObject<DraftStore>;
  lockRef: MutableRefObject<HeldLock>;
}

export function useArticleLoad({ articleId, attempt, userId, storeRef, lockRef }: LoadContext) {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [data, setData] = useState<ArticleEditData | null>(null);
  const [initialValues, setInitialValues] = useState<EditorFormValues | null>(null);
  const [lock, setLock] = useState<EditLock | null>(null);
  const [draft, setDraft] = useState<StoredDraft | null>(null);
  const [loadCount, setLoadCount] = useState(0);
  const [knownVersion, setKnownVersion] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    setError(null);
    // The first load may have started with the click that opened the editor (LazyArticleEditor).
    const early = attempt === 0 ? takeArticleLoad(articleId) : undefined;
    (early ?? fetchArticle(articleId, controller.signal)).then(
      (loaded) => {
        if (controller.signal.aborted) {
          // Closed before the answer came: the lock that load took is not kept.
          if (early && articleId > 0 && loaded.lock?.mine) releaseLock(articleId, loaded.lock.expires).catch(() => undefined);
          return;
        }
        const values = articleToForm(loaded.article, loaded.topics);
        setData(loaded);
        setInitialValues(values);
        setLock(loaded.lock);
        setKnownVersion(Number(loaded.article.version) || 0);
        lockRef.current = { id: articleId, mine: articleId > 0 && !!loaded.lock?.mine, expires: loaded.lock?.expires ?? null };
        const stored = storeRef.current.load(userId, articleId);
        const differs = draftDiffers(stored, values);
        // A draft the server already holds (its save went through before the page went away) is done with.
        if (stored && !differs) storeRef.current.clear(userId, articleId);
        setDraft(differs ? stored : null);
        setLoadCount((n) => n + 1);
        setStatus('ready');
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorMessage(failure));
        setStatus('error');
      },
    );
    return () => controller.abort();
  }, [articleId, attempt, userId, storeRef, lockRef]);

  return { status, error, data, initialValues, lock, setLock, draft, setDraft, loadCount, knownVersion, setKnownVersion };
}
