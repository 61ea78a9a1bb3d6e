import type { SessionState } from 'shared';
import { loginPathFor } from '../features/auth/guards';

interface SessionLike {
  getState(): SessionState;
  subscribe(listener: (state: SessionState) => void): () => void;
  consumeReturnTo(): string | null;
}

/**
 * A 401 from any call ends the session in shared (status signedOut, `expired`, `returnTo`
 * recorded). Then go to /login, remembering where the user was going (`?next=`): the page being
 * opened when the 401 came from its loader (`pendingLocation`), else shared's returnTo.
 */
export function watchSessionExpiry(
  session: SessionLike,
  navigate: (to: string) => void,
  pendingLocation: () => string | null = () => null,
): () => void {
  let wasExpired = session.getState().expired;
  return session.subscribe((state) => {
    const expiredNow = state.expired && state.status === 'signedOut';
    const justExpired = expiredNow && !wasExpired;
    // Set first: consumeReturnTo() below changes the state, which calls this listener again.
    wasExpired = state.expired;
    if (!justExpired) return;
    const pending = pendingLocation();
    const recorded = session.consumeReturnTo() ?? state.returnTo;
    const target = pending ?? recorded;
    // None recorded: the user is on /login already (keep its ?next=).
    if (target === null) return;
    navigate(loginPathFor(target));
  });
}
