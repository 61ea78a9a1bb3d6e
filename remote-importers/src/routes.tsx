// Exposed as `remote_importers/routes` (docs/ARCHITECTURE.md, "./routes contract").
// The shell renders these screens inside its own providers and router.
import type { RemoteScreen } from 'shared';
import { importEditorLoader, ImportEditorScreen } from './app/editor/ImportEditorScreen';
import { importListLoader, ImportListScreen } from './app/list/ImportListScreen';

export const screens = {
  /** `/import`: list of scheduled imports. */
  list: { loader: importListLoader, Component: ImportListScreen },
  /** `/import/new` and `/import/edit/:id` (the route param must be called `id`). */
  editor: { loader: importEditorLoader, Component: ImportEditorScreen },
} satisfies Record<string, RemoteScreen>;
