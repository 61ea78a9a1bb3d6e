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
}

/**
 * Root loader: restores the session (stored token → rights and user) and, once signed in,
 * runs the start-up tasks, before any screen opens.
 */
export async function rootLoader(): Promise<null> {
  const status = await settledStatus();
  if (status === 'signedIn') await runStartupTasks();
  return null;
}
