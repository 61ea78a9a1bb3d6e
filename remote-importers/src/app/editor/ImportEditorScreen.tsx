import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { ImporterSummaryView, loadImporterEditor, type ImporterEditorData } from '../../features/scheduled-imports';
import { BuildFooter } from '../BuildFooter';
import '../i18n';

/** /import/new (no :id) and /import/edit/:id. The import being edited is loaded before it opens. */
export function importEditorLoader({ params, request }: LoaderFunctionArgs): Promise<ImporterEditorData> {
  return loadImporterEditor(params.id, request.signal);
}

export function ImportEditorScreen() {
  const data = useLoaderData() as ImporterEditorData;
  return (
    <div>
      <ImporterSummaryView data={data} />
      <BuildFooter />
    </div>
  );
}
