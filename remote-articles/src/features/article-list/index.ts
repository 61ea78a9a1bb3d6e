// Public face of the article-list feature (the app imports from here only).
export { loadArticleList, type ArticleListData } from './api/loadArticleList';
export { fetchCreators, type ArticleListItem, type Creator } from './api/articlesApi';
export { useArticleList, type ArticleListState } from './hooks/useArticleList';
export { ArticleListPanel } from './components/ArticleListPanel';
export { ArticleSummary } from './components/ArticleSummary';
export { NS as ARTICLES_NS } from './i18n';
