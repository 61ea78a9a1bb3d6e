/**
 * Route guards as pure functions (spec section 2 "Routes", section 4 "Authentication").
 * The loaders in app/routes.tsx apply them; the tests check every status × route kind.
 */
import type { SessionStatus } from 'shared';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/** Query parameter of /login that says where to go after signing in. */
export const NEXT_PARAM = 'next';

/** login: only for visitors not signed in; protected: only signed in; open: anyone (/404). */
export type RouteKind = 'login' | 'protected' | 'open';

export type GuardDecision =
  | { type: 'allow' }
  /** The session is not known yet (unknown / temporary): check the stored token first. */
  | { type: 'wait' }
  | { type: 'redirect'; to: string };

/** Only a checked session counts: 'temporary' (a stored token being checked) is NOT signed in. */
export function isSignedInStatus(status: SessionStatus): boolean {
  return status === 'signedIn';
}

/** Whether the status may still turn into signedIn without the user doing anything. */
export function isPendingStatus(status: SessionStatus): boolean {
  return status === 'unknown' || status === 'temporary';
}

/**
 * A safe place to return to after signing in: a same-origin path (not //host, not /login).
 * Anything else → null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let parsed: URL;
  try {
    parsed = new URL(value, 'http://newsdesk.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'http://newsdesk.invalid') return null;
  if (parsed.pathname === LOGIN_PATH) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** `/login`, with `?next=<where the user was>` unless that is the root. */
export function loginPathFor(returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  if (!safe || safe === HOME_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(safe)}`;
}

/** Where to go after signing in: `?next=` of the login URL, else the session's returnTo, else the root. */
export function afterLoginPath(search: string, sessionReturnTo?: string | null): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  return safeReturnPath(next) ?? safeReturnPath(sessionReturnTo) ?? HOME_PATH;
}

/**
 * The decision for a route of `kind` when the session is `status`.
 * `location` is the pathname + search being visited (remembered for after the login).
 */
export function decideRoute(kind: RouteKind, status: SessionStatus, location: string): GuardDecision {
  if (kind === 'open') return { type: 'allow' };
  if (kind === 'login') {
    if (isSignedInStatus(status)) {
      const search = location.includes('?') ? location.slice(location.indexOf('?')) : '';
      return { type: 'redirect', to: afterLoginPath(search) };
    }
    // unknown / temporary / signedOut: the login screen shows (a loading view while temporary).
    return { type: 'allow' };
  }
  if (isSignedInStatus(status)) return { type: 'allow' };
  if (isPendingStatus(status)) return { type: 'wait' };
  return { type: 'redirect', to: loginPathFor(location) };
}
