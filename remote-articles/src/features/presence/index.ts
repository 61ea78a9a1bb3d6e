// Public face of the live presence feature: the stream of edit locks and article
// changes, the list's "being edited" mark and live refresh, and the editor's live notices.
import './i18n';

export { EditingMark } from './components/EditingMark';
export { EditorPresenceNotices } from './components/EditorPresenceNotices';
export { useLiveListRefresh } from './hooks/useLiveListRefresh';
export { useEditorPresence, type EditorPresence, type EditorPresenceInput } from './hooks/useEditorPresence';
export { useArticleLock, useArticleChanges } from './hooks/usePresence';
