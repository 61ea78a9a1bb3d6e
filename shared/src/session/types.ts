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
  /** The password was right and the user has two-factor on: the code step (`session.completeSecondFactor`) is next. */
  secondFactor: { challenge: string; remember: boolean; methods: ReadonlyArray<'totp' | 'passkey'> } | null;
  /** A role requires two-factor and the user has none: the session may only enrol it (My account). */
  enrolSecondFactor: boolean;
}

/** `data` of POST /api/v2/session and GET /api/v2/session?auth= */
export type { SessionData };

/**
 * The browser's part of a passkey sign-in: given the options the API answered (optionsJSON), the
 * authenticator's answer (what @simplewebauthn/browser's startAuthentication resolves). The shell
 * passes it in, so the shared kernel holds no WebAuthn code.
 */
export type PasskeyCeremony = (optionsJSON: Record<string, unknown>) => Promise<unknown>;
