import { RouterProvider } from 'react-router-dom';
import type { AppRouter } from './router';

/**
 * The application root. No antd here: what shows before sign-in (login, banner, loading views,
 * 404) is antd-free, and antd's ConfigProvider (theme, locale) is rendered by the signed-in layout,
 * a lazy chunk, so /login downloads no antd at all (docs/ARCHITECTURE.md "antd and /login").
 */
export function AppRoot({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
