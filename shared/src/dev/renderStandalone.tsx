/**
 * The standalone page of a remote (`npm start -w <remote>`, development builds only): each remote's
 * `bootstrap.tsx` renders its `./routes` screens here. In production the shell renders them inside
 * its own providers instead. Imported by path (like StandaloneHost), so it is bundled into the
 * remote's own dev page and never into the shell; it reaches the kernel only through 'shared'.
 */
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { loading, session, toast, type RemoteScreen } from 'shared';
import { StandaloneHost } from './StandaloneHost';

export interface StandaloneRoute {
  path: string;
  screen: RemoteScreen;
}
/** At least one route: the first is where any other path goes. */
export type StandaloneRoutes = [StandaloneRoute, ...StandaloneRoute[]];

/** The router of the standalone page: the remote's routes; any other path goes to the first. */
export function standaloneRoutes(routes: StandaloneRoutes) {
  return [
    ...routes.map(({ path, screen }) => ({ path, ...screen, HydrateFallback: () => null })),
    { path: '*', element: <Navigate to={routes[0].path} replace /> },
  ];
}

function StandaloneRouter({ routes }: { routes: StandaloneRoutes }) {
  // Created once signed in, so the first loader already sends the session token.
  const [router] = useState(() => createBrowserRouter(standaloneRoutes(routes)));
  return <RouterProvider router={router} />;
}

/** Renders the remote `name` (its folder, shown in the header) with `routes` into #root. */
export function renderStandalone(name: string, routes: StandaloneRoutes): void {
  const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(container).render(
    <StrictMode>
      <ConfigProvider>
        <App>
          <StandaloneHost name={name} session={session} toast={toast} loading={loading}>
            <StandaloneRouter routes={routes} />
          </StandaloneHost>
        </App>
      </ConfigProvider>
    </StrictMode>,
  );
}
