// The editor as a lazy chunk: the portal's first screen (the list) does not wait for the editor's
// code (its form, upload, collapse… and their antd parts). webpackPrefetch: once the portal's chunk
// has loaded, the browser fetches the editor's chunk into its cache at low priority, so opening an
// article only runs it.
// No React.lazy/Suspense here: React holds a Suspense boundary's content back until 300 ms after
// its fallback appeared, so the editor would show no sooner than 300 ms after the click even with
// its code and the article there long before. A state update shows it as soon as both are.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_PREFIX, NS } from '../openingTexts';
import { dropArticleLoad, startArticleLoad } from '../api/earlyArticleLoad';
import type { ArticleEditor, ArticleEditorProps } from './ArticleEditor';
import { Panel } from '../../../ui/Panel';

type Editor = typeof ArticleEditor;

let loadedEditor: Editor | null = null;
let loadingEditor: Promise<Editor> | null = null;

/** Loads the editor's code (once; again after a failure). */
export function loadEditorCode(): Promise<Editor> {
  if (!loadingEditor) {
    const loading = import(/* webpackChunkName: "article-editor", webpackPrefetch: true */ './ArticleEditor').then(
      (module) => (loadedEditor = module.ArticleEditor),
    );
    loading.catch(() => {
      if (loadingEditor === loading) loadingEditor = null;
    });
    loadingEditor = loading;
  }
  return loadingEditor;
}

/** Shown while the editor's code loads (from the cache, prefetched): the editor's frame and title. */
function EditorLoading({ articleId }: { articleId: number }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  return (
    <Panel title={articleId ? t('heading', { id: articleId }) : t('newHeading')}>
      <div role="status" aria-label={t('loading')} style={{ minHeight: 120 }} />
    </Panel>
  );
}

export function LazyArticleEditor(props: ArticleEditorProps) {
  const { articleId } = props;
  // The article's GET goes out with the click, while the editor's code loads; started during this
  // first render so that it is there before the editor mounts.
  useState(() => startArticleLoad(articleId));
  useEffect(() => () => dropArticleLoad(articleId), [articleId]);
  const [Loaded, setLoaded] = useState<Editor | null>(() => loadedEditor);
  // A failed chunk load goes to the error boundary, as a lazy component's would.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (Loaded) return undefined;
    let active = true;
    loadEditorCode().then(
      (editor) => active && setLoaded(() => editor),
      (error: unknown) => active && setFailure({ error }),
    );
    return () => {
      active = false;
    };
  }, [Loaded]);
  if (failure) throw failure.error;
  return Loaded ? <Loaded {...props} /> : <EditorLoading articleId={articleId} />;
}
