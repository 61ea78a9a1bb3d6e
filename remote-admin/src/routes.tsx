// Exposed as `remote_admin/routes` (docs/ARCHITECTURE.md, "./routes contract").
// The shell renders these screens inside its own providers and router.
import type { RemoteScreen } from 'shared';
import { accountLoader, AccountScreen } from './app/account/AccountScreen';
import { rolesLoader, RolesScreen } from './app/roles/RolesScreen';
import { usersLoader, UsersScreen } from './app/users/UsersScreen';
import { webhooksLoader, WebhooksScreen } from './app/webhooks/WebhooksScreen';

export const screens = {
  /** `/admin/users`: users, invitations, password links. */
  users: { loader: usersLoader, Component: UsersScreen },
  /** `/admin/roles`: roles and their rights. */
  roles: { loader: rolesLoader, Component: RolesScreen },
  /** `/admin/webhooks`: webhook subscriptions and their delivery log. */
  webhooks: { loader: webhooksLoader, Component: WebhooksScreen },
  /** `/account`: My account (every signed-in user). */
  account: { loader: accountLoader, Component: AccountScreen },
} satisfies Record<string, RemoteScreen>;
