// Exposed as `remote_articles/routes` (docs/ARCHITECTURE.md, "./routes contract").
// The shell renders these screens inside its own providers and router.
import type { RemoteScreen } from 'shared';
import { portalLoader } from './app/portal/portalLoader';
import { PortalScreen } from './app/portal/PortalScreen';

export const screens = {
  /** Article portal: `/` and `/articles`. */
  portal: { loader: portalLoader, Component: PortalScreen },
} satisfies Record<string, RemoteScreen>;
