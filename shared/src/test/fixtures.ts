import type { CategoryNode } from 'contracts/schemas/categories';
import type { User } from '../session/types';
import { session } from '../session/store';
import { ok, type StubServer } from './stubServer';

export const EDITOR: User = { id: 2, username: 'editor', name: 'Eddie Editor', email: 'editor@example.test', roles: ['editor'] };

/** Sign in through the real login flow against the stub (as `user`, with these rights). */
export async function signIn(
  server: StubServer,
  token = 'tok-1',
  rights: string[] = ['import', 'create_article'],
  user: User = EDITOR,
): Promise<void> {
  server
    .on('post', '/api/v2/session', ok({ auth: token, user, expires: '2030-01-01T00:00:00Z' }))
    .on('get', '/api/v2/user/permissions', ok(rights));
  const signedIn = await session.login('editor', 'editor-demo', true);
  if (!signedIn) throw new Error(`test sign-in failed: ${session.getState().error}`);
}

/** A node of GET /api/categories/tree for tests: the contract's fields, a leaf unless it has children. */
export function categoryNode(
  id: number,
  title: string,
  level: number,
  subcategories: CategoryNode[] = [],
  parent_id: number | null = null,
): CategoryNode {
  return {
    id,
    title,
    alias: title.toLowerCase(),
    colour: null,
    parent_id,
    enabled: 1,
    level,
    leaf: subcategories.length === 0,
    selected: false,
    subcategories,
  };
}
