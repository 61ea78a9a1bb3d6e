import type { Right } from 'shared';

export interface NavLinkSpec {
  key: 'articles' | 'import' | 'categories' | 'activity';
  to: string;
  /** Key in the shell namespace. */
  label: `nav.${'articles' | 'import' | 'categories' | 'activity'}`;
  /** Right needed to see the link (none: every signed-in user). */
  right?: Right;
}

/** The navbar's links, in order (spec sections 2 and 6). */
export const NAV_LINKS: readonly NavLinkSpec[] = [
  { key: 'articles', to: '/articles', label: 'nav.articles' },
  { key: 'import', to: '/import', label: 'nav.import', right: 'import' },
  { key: 'categories', to: '/categories', label: 'nav.categories', right: 'manage_categories' },
  // The activity log, for holders of view_activity (admins in the demo).
  { key: 'activity', to: '/activity', label: 'nav.activity', right: 'view_activity' },
];

/** The links a user with these rights sees. */
export function visibleNavLinks(rights: readonly string[]): NavLinkSpec[] {
  return NAV_LINKS.filter((link) => !link.right || rights.includes(link.right));
}
