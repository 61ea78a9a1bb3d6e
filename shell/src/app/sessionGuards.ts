import { redirect } from 'react-router-dom';
import { session, type SessionStatus } from 'shared';
import { decideRoute, isPendingStatus, loginPathFor, type RouteKind } from '../features/auth/guards';
import { runStartupTasks } from './startup';

function locationOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The session status once any stored token has been checked (restore() is shared by callers). */
export async function settledStatus(): Promise<SessionStatus> {
  const { status } = session.getState();
  if (status === 'signedIn') return status;
  if (isPendingStatus(status) || status === 'signedOut') {
    // Resolves at once when there is no stored token; concurrent calls share one check.
    await session.restore();
  }
  return session.getState().status;
}

/** Applies the guard of a route kind; throws a redirect Response when the visitor must go elsewhere. */
export async function guard(kind: RouteKind, request: Request): Promise<void> {
  if (kind === 'open') return;
  const location = locationOf(request);
  const decision = decideRoute(kind, await settledStatus(), location);
  if (decision.type === 'redirect') throw redirect(decision.to);
  // 'wait' cannot remain after restore(); if it does, the visitor is not signed in.
  if (decision.type === 'wait') throw redirect(loginPathFor(location));
  // A role requires two-factor and the user has none: nothing opens but My account until it is set up (the API refuses the rest).
  if (kind === 'protected' && session.getState().enrolSecondFactor && new URL(request.url).pathname !== ACCOUNT_PATH) {
    throw redirect(ACCOUNT_PATH);
  }
}

/** My account, where two-factor is set up. */
export const ACCOUNT_PATH = '/account';

/**
 * Root loader: restores the session (stored token → rights and user) and, once signed in,
 * runs the start-up tasks, before any screen opens.
 */
export async function rootLoader(): Promise<null> {
  const status = await settledStatus();
  if (status === 'signedIn') await runStartupTasks();
  return null;
}
