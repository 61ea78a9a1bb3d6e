// Public face of the article-editor feature (the app imports from here only).
import './i18n';

export { ArticleEditor, type ArticleEditorProps } from './components/ArticleEditor';
export { EDITOR_PREFIX, NS as EDITOR_NS } from './i18n';
