import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadArticleList, type ArticleListData } from '../../features/article-list';

export type PortalData = ArticleListData;

/** Loads the article list the URL query asks for, before the portal opens. */
export function portalLoader({ request }: LoaderFunctionArgs): Promise<PortalData> {
  return loadArticleList(new URL(request.url), request.signal);
}
