// Public face of the scheduled-imports feature (the app imports from here only).
export { loadImporterList, loadImporterEditor, type ImporterListData, type ImporterEditorData } from './api/loaders';
export { useImporterList } from './hooks/useImporterList';
export { ImporterListView } from './components/ImporterListView';
export { ImporterEditorView } from './components/ImporterEditorView';
export type { Importer } from './model/importer';
export { NS as IMPORTERS_NS } from './i18n';
