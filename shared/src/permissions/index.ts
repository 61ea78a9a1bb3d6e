import { isSignedIn, session } from '../session/store';
import { useSession } from '../session/useSession';
import type { SessionState } from '../session/types';
import type { Right } from 'contracts/rules/rights';
import { MissingRightError } from './missingRight';

export { RIGHTS, isRight } from 'contracts/rules/rights';
export type { Right } from 'contracts/rules/rights';
export { MissingRightError, isMissingRightError } from './missingRight';

const granted = (state: SessionState, right: Right): boolean => isSignedIn(state) && state.permissions.includes(right);

/** Whether the signed-in user has the right (false when not signed in). */
export function hasRight(right: Right): boolean {
  return granted(session.getState(), right);
}

/**
 * For a screen's route loader: throws MissingRightError unless the signed-in user has the right,
 * so the screen neither loads its data nor renders (the shell shows its "no access" view).
 */
export function requireRight(right: Right): void {
  if (!hasRight(right)) throw new MissingRightError(right);
}

/** Hook form of `hasRight`, re-rendering when the rights change. */
export function useRight(right: Right): boolean {
  return useSession((state) => granted(state, right));
}

/** The signed-in user's rights (empty when not signed in). */
export function usePermissions(): readonly Right[] {
  return useSession((state) => state.permissions);
}
