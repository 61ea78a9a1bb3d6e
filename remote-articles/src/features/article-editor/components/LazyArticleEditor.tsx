// The editor as a lazy chunk: the portal's first screen (the list) does not wait for the editor's
// code (its form, upload, collapse… and their antd parts). webpackPrefetch: once the portal's chunk
// has loaded, the browser fetches the editor's chunk into its cache at low priority, so opening an
// article only runs it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_PREFIX, NS } from '../openingTexts';
import { dropArticleLoad, startArticleLoad } from '../api/earlyArticleLoad';
import type { ArticleEditorProps } from './ArticleEditor';
import { Panel } from '../../../ui/Panel';

const Editor = lazy(() =>
  import(/* webpackChunkName: "article-editor", webpackPrefetch: true */ './ArticleEditor').then((module) => ({
    default: module.ArticleEditor,
  })),
);

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
  // first render so that it is there before the editor mounts (with a loaded chunk, in this commit).
  useState(() => startArticleLoad(articleId));
  useEffect(() => () => dropArticleLoad(articleId), [articleId]);
  return (
    <Suspense fallback={<EditorLoading articleId={props.articleId} />}>
      <Editor {...props} />
    </Suspense>
  );
}
