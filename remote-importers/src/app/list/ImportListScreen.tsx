import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireRight } from 'shared';
import { ImporterListView, loadImporterList, useImporterList, type ImporterListData } from '../../features/scheduled-imports';
import { BuildFooter } from 'shared/ui/BuildFooter';

/** Imports are loaded before the list opens; without the right `import` it refuses (the shell says so). */
export async function importListLoader({ request }: LoaderFunctionArgs): Promise<ImporterListData> {
  requireRight('import');
  return loadImporterList(request.signal);
}

/** /import: the list of scheduled imports. */
export function ImportListScreen() {
  const list = useImporterList();
  return (
    <div data-testid="import-list">
      <ImporterListView list={list} />
      <BuildFooter remote="remote-importers" />
    </div>
  );
}
