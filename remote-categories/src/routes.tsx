// Exposed as `remote_categories/routes` (docs/ARCHITECTURE.md, "./routes contract").
// The shell renders these screens inside its own providers and router.
import type { RemoteScreen } from 'shared';
import { managerLoader } from './app/manager/managerLoader';
import { ManagerScreen } from './app/manager/ManagerScreen';

export const screens = {
  /** Categories screen: `/categories`. */
  manager: { loader: managerLoader, Component: ManagerScreen },
} satisfies Record<string, RemoteScreen>;
