// Standalone page of this remote (`npm start -w remote-categories`, port 3002): its screens in a
// minimal router with the shared kernel, without the shell. The session is the one stored in this
// origin's storage (sign in through a shell served from the same origin); otherwise the screens
// show the API's error.
import ConfigProvider from 'antd/es/config-provider';
import Typography from 'antd/es/typography';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, Outlet, redirect, RouterProvider } from 'react-router-dom';
import { configureShared, i18n, session, useSession } from 'shared';
import { APP_PREFIX, CATEGORIES_NS } from './app/i18n';
import { REMOTE_FOLDER } from './app/BuildFooter';
import { screens } from './routes';

configureShared({ apiBaseUrl: '' });
// Child loaders run in parallel with the parent's: each waits for the stored session itself.
const sessionReady = session.restore().catch(() => false);

function StandaloneLayout() {
  const { t } = useTranslation(CATEGORIES_NS, { keyPrefix: APP_PREFIX });
  const status = useSession((state) => state.status);
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
      {status !== 'signedIn' && (
        <Typography.Paragraph type="secondary">{t('standalone', { name: REMOTE_FOLDER })}</Typography.Paragraph>
      )}
      <Outlet />
    </div>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    Component: StandaloneLayout,
    HydrateFallback: () => null,
    children: [
      { index: true, loader: () => redirect('/categories') },
      {
        path: 'categories',
        loader: async (args) => {
          await sessionReady;
          return screens.manager.loader(args);
        },
        Component: screens.manager.Component,
      },
    ],
  },
]);

const container = document.getElementById('root');
if (!container) throw new Error('remote-categories: no #root element in index.html');
createRoot(container).render(
  <I18nextProvider i18n={i18n}>
    <ConfigProvider>
      <RouterProvider router={router} />
    </ConfigProvider>
  </I18nextProvider>,
);
