import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadApiErrorTexts, requireRight } from 'shared';
import { ImporterListView, loadImporterList, useImporterList, type ImporterListData } from '../../features/scheduled-imports';
import { buildMark } from 'shared/ui/buildMark';

/** Imports are loaded before the list opens; without the right `import` it refuses (the shell says so). */
export async function importListLoader({ request }: LoaderFunctionArgs): Promise<ImporterListData> {
  requireRight('import');
  // The runs' errors show by their codes: the error catalogue's texts load with the list.
  const [list] = await Promise.all([loadImporterList(request.signal), loadApiErrorTexts().catch(() => undefined)]);
  return list;
}

/** /import: the list of scheduled imports. */
export function ImportListScreen() {
  const list = useImporterList();
  return (
    <div data-testid="import-list" {...buildMark('remote-importers')}>
      <ImporterListView list={list} />
    </div>
  );
}
