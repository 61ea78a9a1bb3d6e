import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { requireRight } from 'shared';
import { ImporterEditorView, loadImporterEditor, type ImporterEditorData } from '../../features/scheduled-imports';
import { buildMark } from 'shared/ui/buildMark';

/** /import/new (no :id) and /import/edit/:id: plugins, authors, content types, users, topics (and the import) load before it opens. */
/** Without the right `import` it refuses before anything loads (the shell says so). */
export async function importEditorLoader({ params, request }: LoaderFunctionArgs): Promise<ImporterEditorData> {
  requireRight('import');
  return loadImporterEditor(params.id, request.signal);
}

export function ImportEditorScreen() {
  const data = useLoaderData() as ImporterEditorData;
  return (
    <div {...buildMark('remote-importers')}>
      <ImporterEditorView data={data} />
    </div>
  );
}
