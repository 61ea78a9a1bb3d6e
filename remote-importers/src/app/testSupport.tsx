// Test helpers for the screens: a memory router over the remote's routes, and an importer factory.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { signIn } from 'shared/test/fixtures';
import { ok, setupStub } from 'shared/test/stubServer';
import type { Importer } from '../features/scheduled-imports';
import { screens } from '../routes';

export const importer = (id: number, patch: Partial<Importer> = {}): Importer => ({
  id,
  title: `Feed ${id}`,
  feed_url: `https://feed.test/${id}.xml`,
  plugin: 'rss',
  schedule: 1,
  enabled: 1,
  defaults: {},
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
 * calls): the screens' loaders refuse a user without the right `import`.
 */
export async function signInWith(rights: string[] = ['import']): Promise<void> {
  const server = setupStub();
  server.on('delete', '/api/v2/session', ok(null));
  await signIn(server, 'tok-importers', rights);
}
