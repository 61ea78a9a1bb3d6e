import { useEffect } from 'react';
import { useRevalidator, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { RemoteLoader } from './remoteLoader';
import { RouteErrorView } from './RouteErrorView';

export interface RemoteRouteOptions {
  loader: RemoteLoader;
  /** Runs before anything else (the sign-in guard); throws a redirect to stop. */
  guard: (request: Request) => Promise<void>;
  /** Whether to start downloading the remote while the guard runs (signed-in visitors). */
  shouldPreload?: () => boolean;
}

/**
 * A route whose screen comes from `<remote>/routes` (docs/ARCHITECTURE.md "`./routes` contract").
 *
 * react-router's `lazy` loads the remote module and answers `{ loader, Component }`. react-router
 * keeps a lazy route's result — or its failure — for the life of the router, so `lazy` never
 * fails here and answers stable wrappers around the screen instead:
 *  - `loader`: sign-in guard, then the remote's `./routes` (again after a failure: see
 *    RemoteLoader.reset), then the screen's own loader, so the data is there before it opens;
 *  - `Component`: the screen's Component, loaded by the loader.
 * A failure becomes the route's error, shown by RouteErrorView inside the shell layout with a
 * Retry button (reset + revalidate: no page reload).
 */
export function remoteRoute(
  remote: string,
  screen: string,
  options: RemoteRouteOptions,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary' | 'handle'> {
  const { loader, guard, shouldPreload = () => false } = options;

  async function screenLoader(args: LoaderFunctionArgs): Promise<unknown> {
    await guard(args.request);
    const found = await loader.loadScreen(remote, screen);
    if (!found.loader) return null;
    return found.loader(args);
  }

  function RemoteScreenView() {
    const found = loader.peekScreen(remote, screen);
    const revalidator = useRevalidator();
    useEffect(() => {
      // The loader runs before the screen renders, so this only happens if the remote was reset
      // in between: run the loader again (it loads the remote).
      if (!found && revalidator.state === 'idle') void revalidator.revalidate();
    }, [found, revalidator]);
    if (!found) return null;
    const Screen = found.Component;
    return <Screen />;
  }
  RemoteScreenView.displayName = `RemoteScreen(${remote}/${screen})`;

  return {
    handle: { remote, screen },
    ErrorBoundary: () => <RouteErrorView remote={remote} loader={loader} />,
    lazy: async () => {
      if (shouldPreload()) {
        // Start the download early; a failure is reported by the loader (and is not cached).
        await loader.loadRoutes(remote).catch(() => undefined);
      }
      return { loader: screenLoader, Component: RemoteScreenView };
    },
  };
}
