// Public face of the article-editor feature (the app imports from here only).
import './openingTexts';

export type { ArticleEditorProps } from './components/ArticleEditor';
// The portal's first screen is the list: the editor's code loads when an article opens (prefetched).
export { LazyArticleEditor as ArticleEditor } from './components/LazyArticleEditor';
export { EDITOR_PREFIX, NS as EDITOR_NS } from './openingTexts';
export { openIntentHandlers } from './openIntent';
export { KeptDrafts } from './components/KeptDrafts';
