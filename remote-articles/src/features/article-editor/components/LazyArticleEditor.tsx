// The editor as a lazy chunk: the portal's first screen (the list) does not wait for the editor's
// code (its form, upload, collapse… and their antd parts). webpackPrefetch: once the portal's chunk
// has loaded, the browser fetches the editor's chunk into its cache at low priority, so opening an
// article only runs it.
// No React.lazy/Suspense (lazyCode.ts): the editor shows as soon as its code and the article are there.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_PREFIX, NS } from '../openingTexts';
import { dropArticleLoad, startArticleLoad } from '../api/earlyArticleLoad';
import type { ArticleEditorProps } from './ArticleEditor';
import { Panel } from '../../../ui/Panel';
import { lazyCode, useLazyCode } from 'shared';

const editorCode = lazyCode(() =>
  import(/* webpackChunkName: "article-editor", webpackPrefetch: true */ './ArticleEditor').then((module) => module.ArticleEditor),
);

/** Loads the editor's code (once; again after a failure). */
export const loadEditorCode = () => editorCode.load();

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
  const Loaded = useLazyCode(editorCode);
  return Loaded ? <Loaded {...props} /> : <EditorLoading articleId={articleId} />;
}
