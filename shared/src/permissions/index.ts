import { isSignedIn, session } from '../session/store';
import { useSession } from '../session/useSession';
import type { SessionState } from '../session/types';
import type { Right } from './rights';

export { RIGHTS, isRight } from './rights';
export type { Right } from './rights';

const granted = (state: SessionState, right: Right): boolean => isSignedIn(state) && state.permissions.includes(right);

/** Whether the signed-in user has the right (false when not signed in). */
export function hasRight(right: Right): boolean {
  return granted(session.getState(), right);
}

/** Hook form of `hasRight`, re-rendering when the rights change. */
export function useRight(right: Right): boolean {
  return useSession((state) => granted(state, right));
}

/** The signed-in user's rights (empty when not signed in). */
export function usePermissions(): readonly Right[] {
  return useSession((state) => state.permissions);
}
