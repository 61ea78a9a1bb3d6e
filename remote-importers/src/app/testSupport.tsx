// Test helpers for the screens: a memory router over the remote's routes, and an importer factory.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ImportRun } from 'contracts/schemas/importers';
import { signIn } from 'shared/test/fixtures';
import { ok, setupStub, type StubServer } from 'shared/test/stubServer';
import type { Importer } from '../features/scheduled-imports';
import { screens } from '../routes';

/** The scheduled imports' path of the API (spec section 7). */
export const IMPORTERS = '/api/v2/portal/importer';

export const importer = (id: number, patch: Partial<Importer> = {}): Importer => ({
  id,
  title: `Feed ${id}`,
  feed_url: `https://feed.test/${id}.xml`,
  plugin: 'rss',
  schedule: 1,
  enabled: 1,
  defaults: {},
  created: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...patch,
});

const NOTHING_SEEN = { seen: 0, new: 0, duplicate: 0, failed: 0, error: null, error_code: null, error_params: null } as const;

/** A manual run of importer 1 on 1 January 2026 that took a second and saw nothing (failed when it has an error). */
export const importRun = (patch: Partial<ImportRun> & Pick<ImportRun, 'id'>): ImportRun => ({
  importer_id: 1,
  trigger: 'manual',
  status: patch.error ? 'error' : 'ok',
  started: '2026-01-01T00:00:00Z',
  finished: '2026-01-01T00:00:01Z',
  ...NOTHING_SEEN,
  ...patch,
});

export function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/import', ...screens.list, HydrateFallback: () => null },
      { path: '/import/new', ...screens.editor, HydrateFallback: () => null },
      { path: '/import/edit/:id', ...screens.editor, HydrateFallback: () => null },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * Signs in with these rights through shared's real session (a stub server answers the session
 * calls): the screens' loaders refuse a user without the right `import`. The stub server also
 * answers the screens' calls with nothing (no imports, no runs, empty lookups) until a test says otherwise.
 */
export async function signInWith(rights: string[] = ['import']): Promise<StubServer> {
  const server = setupStub();
  server
    .on('delete', '/api/v2/session', ok(null))
    .on('get', IMPORTERS, ok([]))
    .on('get', `${IMPORTERS}/:id/runs`, ok([]))
    .on('get', `${IMPORTERS}/plugins`, ok([]))
    .on('get', '/api/v2/portal/content-types', ok([]))
    .on('get', '/api/v2/portal/creators', ok([]))
    .on('get', '/api/categories/tree', ok([]))
    .on('get', '/api/v2/locations/countries', ok([]));
  await signIn(server, 'tok-importers', rights);
  return server;
}
