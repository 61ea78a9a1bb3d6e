// Public face of the article-history feature (the editor's History panel).
import './i18n';

export { HistoryButton } from './components/HistoryButton';
export { ArticleHistory, type ArticleHistoryProps } from './components/ArticleHistory';
export { HISTORY_PREFIX, NS as HISTORY_NS } from './i18n';
