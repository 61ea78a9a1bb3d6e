// Standalone page for `npm start -w remote-articles` (port 3001, /api proxied to the API).
// In production the shell renders the screens from ./routes inside its own providers instead.
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { loading, session, toast } from 'shared';
import { StandaloneHost } from 'shared/dev/StandaloneHost';
import { screens } from './routes';

function StandaloneRouter() {
  // Created once signed in, so the first loader already sends the session token.
  const [router] = useState(() =>
    createBrowserRouter([
      { path: '/', ...screens.portal, HydrateFallback: () => null },
      { path: '/articles', ...screens.portal, HydrateFallback: () => null },
      { path: '*', element: <Navigate to="/" replace /> },
    ]),
  );
  return <RouterProvider router={router} />;
}

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <StrictMode>
    <ConfigProvider>
      <App>
        <StandaloneHost name="remote-articles" session={session} toast={toast} loading={loading}>
          <StandaloneRouter />
        </StandaloneHost>
      </App>
    </ConfigProvider>
  </StrictMode>,
);
