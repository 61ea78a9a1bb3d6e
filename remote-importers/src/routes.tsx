// Exposed as `remote_importers/routes` (docs/ARCHITECTURE.md, "./routes contract").
// The shell renders these screens inside its own providers and router.
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import { importEditorLoader, ImportEditorScreen } from './app/editor/ImportEditorScreen';
import { importListLoader, ImportListScreen } from './app/list/ImportListScreen';

export interface RemoteScreen {
  loader?: LoaderFunction;
  Component: ComponentType;
}

export const screens = {
  /** `/import`: list of scheduled imports. */
  list: { loader: importListLoader, Component: ImportListScreen },
  /** `/import/new` and `/import/edit/:id` (the route param must be called `id`). */
  editor: { loader: importEditorLoader, Component: ImportEditorScreen },
} satisfies Record<string, RemoteScreen>;
