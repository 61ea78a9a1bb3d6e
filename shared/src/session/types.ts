import type { SessionData, User } from 'contracts/schemas/session';
import type { Right } from 'contracts/rules/rights';

/**
 * unknown: nothing checked yet; temporary: a stored token is being checked;
 * signedIn: a valid session; signedOut: no session (tokens cleared).
 */
export type SessionStatus = 'unknown' | 'temporary' | 'signedIn' | 'signedOut';

export type { User };

export interface SessionState {
  status: SessionStatus;
  /** The auth token, set while signed in and while it is being checked (temporary). */
  token: string | null;
  user: User | null;
  /** Rights of the signed-in user; empty otherwise. */
  permissions: readonly Right[];
  /** Message of the last failed login (or session check), ready to show; null when none. */
  error: string | null;
  /** A login call is running. */
  loggingIn: boolean;
  /** The session ended because a call answered 401 (cleared by the next login or logout). */
  expired: boolean;
  /** Where the user was when the session expired (pathname + search); see `session.consumeReturnTo()`. */
  returnTo: string | null;
}

/** `data` of POST /api/v2/session and GET /api/v2/session?auth= */
export type { SessionData };
