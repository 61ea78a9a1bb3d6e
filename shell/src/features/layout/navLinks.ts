import type { Right } from 'shared';

export interface NavLinkSpec {
  key: 'articles' | 'desk' | 'import' | 'categories' | 'activity' | 'users' | 'webhooks';
  to: string;
  /** Key in the shell namespace. */
  label: `nav.${'articles' | 'desk' | 'import' | 'categories' | 'activity' | 'users' | 'webhooks'}`;
  /** Right needed to see the link (none: every signed-in user). */
  right?: Right;
  /** Shown only to a user who works on a desk. */
  deskMember?: true;
}

/** The navbar's links, in order (spec sections 2 and 6). */
export const NAV_LINKS: readonly NavLinkSpec[] = [
  { key: 'articles', to: '/articles', label: 'nav.articles' },
  // The desk's board (remote-desk), for whoever works on a desk.
  { key: 'desk', to: '/desk', label: 'nav.desk', deskMember: true },
  { key: 'import', to: '/import', label: 'nav.import', right: 'import' },
  { key: 'categories', to: '/categories', label: 'nav.categories', right: 'manage_categories' },
  // The activity log, for holders of view_activity (admins in the demo).
  { key: 'activity', to: '/activity', label: 'nav.activity', right: 'view_activity' },
  // Users and roles (remote-admin), for holders of manage_users.
  { key: 'users', to: '/admin/users', label: 'nav.users', right: 'manage_users' },
  // Webhook subscriptions and their delivery log (remote-admin), for holders of manage_webhooks.
  { key: 'webhooks', to: '/admin/webhooks', label: 'nav.webhooks', right: 'manage_webhooks' },
];

/** The links a user with these rights sees (and, working on a desk, the Desk link). */
export function visibleNavLinks(rights: readonly string[], deskMember = false): NavLinkSpec[] {
  return NAV_LINKS.filter((link) => (!link.right || rights.includes(link.right)) && (!link.deskMember || deskMember));
}
