// Exposed as `remote_articles/routes` (docs/ARCHITECTURE.md, "./routes contract").
// The shell renders these screens inside its own providers and router.
import { lazyScreen, type RemoteScreen } from 'shared';
import { activityLoader } from './app/activity/activityLoader';
import { portalLoader } from './app/portal/portalLoader';

// The screen's code (antd, the list and the editor) loads while the loader's requests run.
const portal = lazyScreen(() => import('./app/portal/PortalScreen').then((module) => module.PortalScreen), portalLoader);
const activity = lazyScreen(() => import('./app/activity/ActivityScreen').then((module) => module.ActivityScreen), activityLoader);

export const screens = {
  /** Article portal: `/` and `/articles`. */
  portal: { loader: portal.loader, Component: portal.Component },
  /** The activity log: `/activity` (right view_activity). */
  activity: { loader: activity.loader, Component: activity.Component },
} satisfies Record<string, RemoteScreen>;
