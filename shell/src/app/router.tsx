import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router-dom';
import { isSignedIn, session } from 'shared';
import { RootLayout } from '../features/layout/RootLayout';
import { LoadingOverlay } from '../features/layout/LoadingOverlay';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import type { RemoteLoader } from '../features/remotes/remoteLoader';
import { remoteRoute } from '../features/remotes/remoteRoute';
import { RootErrorView } from './RootErrorView';
import { guard, rootLoader } from './sessionGuards';

/**
 * The route table (spec section 2 "Routes"):
 *   /, /articles            → remote_articles   portal
 *   /import                 → remote_importers  list
 *   /import/new, /edit/:id  → remote_importers  editor
 *   /categories             → remote_categories manager
 *   /activity               → remote_articles   activity (the activity log)
 *   /admin/users, /roles    → remote_admin      users, roles
 *   /admin/webhooks         → remote_admin      webhooks
 *   /account                → remote_admin      account (My account, every signed-in user)
 *   /desk                   → remote_desk       board (the desks the user works on)
 *   /desk/manage            → remote_desk       manage (desks, members, stages; manage_desks)
 *   /invitation, /password-reset (shell, signed out): choose a password through a link
 *   /login (shell), /404 (shell), anything else → /
 */
/** `fetchJson`: how the prefetch reads a remote's mf-manifest.json (the shell's once-per-URL cache). */
export interface RouteOptions {
  fetchJson?: (url: string) => Promise<unknown>;
}

export function createRoutes(remoteLoader: RemoteLoader, { fetchJson }: RouteOptions = {}): RouteObject[] {
  const protectedGuard = (request: Request) => guard('protected', request);
  const screen = (remote: string, name: string) =>
    remoteRoute(remote, name, {
      loader: remoteLoader,
      guard: protectedGuard,
      shouldPreload: () => isSignedIn(session.getState()),
    });

  /** The remote whose screen `path` opens (the route's handle), if any. */
  const remoteOf = (path: string): string | undefined => {
    const matches = matchRoutes(routes, path) ?? [];
    return matches.map((match) => (match.route.handle as { remote?: string } | undefined)?.remote).findLast(Boolean);
  };
  // On /login, once the form is interactive: prefetch the signed-in layout and the target's remote.
  const prefetchAfterLogin = (target: string) => {
    void import('./prefetchSignedIn')
      .then(({ prefetchSignedIn }) => prefetchSignedIn(remoteOf(target), { remotes: () => remoteLoader.init(), fetchJson }))
      .catch(() => undefined);
  };

  // On Log in: the target's remote loads while the password is checked (a failure is reported by its route).
  const loadTargetRemote = (target: string) => {
    const remote = remoteOf(target);
    if (remote) void remoteLoader.loadRoutes(remote).catch(() => undefined);
  };

  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      loader: rootLoader,
      Component: RootLayout,
      HydrateFallback: () => <LoadingOverlay visible />,
      ErrorBoundary: RootErrorView,
      children: [
        {
          path: 'login',
          loader: async ({ request }) => {
            await guard('login', request);
            return null;
          },
          lazy: async () => {
            const { LoginPage } = await import('../features/auth/LoginPage');
            return { Component: () => <LoginPage onFormReady={prefetchAfterLogin} onSignInStart={loadTargetRemote} /> };
          },
        },
        { path: '404', Component: NotFoundPage },
        ...['invitation', 'password-reset'].map((path) => ({
          path,
          lazy: async () => {
            const { AccountLinkPage } = await import('../features/account-link/AccountLinkPage');
            return { Component: AccountLinkPage };
          },
        })),
        {
          id: 'protected',
          loader: async ({ request }) => {
            await protectedGuard(request);
            return null;
          },
          lazy: async () => ({ Component: (await import('../features/layout/SignedInLayout')).SignedInLayout }),
          children: [
            { index: true, ...screen('remote_articles', 'portal') },
            { path: 'articles', ...screen('remote_articles', 'portal') },
            { path: 'import', ...screen('remote_importers', 'list') },
            { path: 'import/new', ...screen('remote_importers', 'editor') },
            { path: 'import/edit/:id', ...screen('remote_importers', 'editor') },
            { path: 'categories', ...screen('remote_categories', 'manager') },
            { path: 'activity', ...screen('remote_articles', 'activity') },
            { path: 'admin/users', ...screen('remote_admin', 'users') },
            { path: 'admin/roles', ...screen('remote_admin', 'roles') },
            { path: 'admin/webhooks', ...screen('remote_admin', 'webhooks') },
            { path: 'account', ...screen('remote_admin', 'account') },
            { path: 'desk', ...screen('remote_desk', 'board') },
            { path: 'desk/manage', ...screen('remote_desk', 'manage') },
          ],
        },
        // Any other path → the root (the loader redirects before anything renders).
        { path: '*', loader: () => redirect('/'), Component: () => null },
      ],
    },
  ];
  return routes;
}

export function createAppRouter(remoteLoader: RemoteLoader, options: RouteOptions = {}) {
  return createBrowserRouter(createRoutes(remoteLoader, options));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
