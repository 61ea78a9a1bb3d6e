import { i18n, isApiErrorCode, isLanguage, loadApiErrorTexts, setLanguage, sharedText } from '../i18n';
import { ApiError, errorText } from '../http/ApiError';
import { apiRequest, toFormBody } from '../http/api';
import { connectAuth } from '../http/authBridge';
import { AUTH_HEADER } from '../http/client';
import { isRight, type Right } from 'contracts/rules/rights';
import { clearTokens, readToken, saveToken, type StoredToken } from './storage';
import { askOtherTabs, closeTabs, connectTabs, listenToTabs, mayAskTabs, tellTabsSignedOut } from './tabs';
import type { SecondFactorChallenge } from 'contracts/schemas/session';
import type { PasskeyCeremony, SessionData, SessionState, SessionStatus, User } from './types';

export const SESSION_URL = '/api/v2/session';
export const USER_URL = '/api/v2/user';
export const PERMISSIONS_URL = '/api/v2/user/permissions';
const LOGIN_PATH = '/login';

const INITIAL: SessionState = {
  status: 'unknown',
  token: null,
  user: null,
  permissions: [],
  error: null,
  loggingIn: false,
  expired: false,
  returnTo: null,
  secondFactor: null,
  enrolSecondFactor: false,
};

const SIGNED_OUT = { status: 'signedOut', token: null, user: null, permissions: [], secondFactor: null, enrolSecondFactor: false } as const;
export const SECOND_FACTOR_URL = '/api/v2/session/second-factor';
export const PASSKEY_OPTIONS_URL = '/api/v2/session/passkey/options';
export const PASSKEY_URL = '/api/v2/session/passkey';
export const SECOND_FACTOR_PASSKEY_OPTIONS_URL = '/api/v2/session/second-factor/passkey-options';
export const SECOND_FACTOR_PASSKEY_URL = '/api/v2/session/second-factor/passkey';
export const SSO_SESSION_URL = '/api/v2/sso/session';

type Listener = (state: SessionState) => void;

let state: SessionState = INITIAL;
const listeners = new Set<Listener>();
/** Bumped by login, logout and expiry: answers of calls started before are ignored. */
let epoch = 0;
let restoring: Promise<boolean> | null = null;
let loggingIn: Promise<boolean> | null = null;

/** The failure `state.error` shows: its text follows the language (errorText), not the one it arrived in. */
let failure: unknown = null;

function setState(patch: Partial<SessionState>): void {
  if ('error' in patch && patch.error === null) failure = null;
  state = { ...state, ...patch };
  for (const listener of [...listeners]) {
    try {
      listener(state);
    } catch (error) {
      console.error('session listener failed', error);
    }
  }
}

/**
 * The spec's rule "any truthy value other than temporary means signed in": only a checked
 * session counts; 'temporary' (a stored token still being checked) counts as NOT signed in.
 */
export function isSignedIn(value: SessionState | SessionStatus | null | undefined): boolean {
  const status = typeof value === 'string' ? value : value?.status;
  return status === 'signedIn';
}

function failureMessage(error: unknown): string {
  failure =
    error instanceof ApiError ? error : new ApiError(sharedText('errors.serverError'), 0, 0, undefined, { textKey: 'errors.serverError' });
  return errorText(failure);
}

i18n.on('languageChanged', () => {
  if (failure !== null && state.error !== null) setState({ error: errorText(failure) });
});

/** The server refused the token (4xx), as opposed to being unreachable or failing (network, 5xx). */
function isRejection(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const code = error.status >= 400 ? error.status : error.code;
  return code >= 400 && code < 500;
}

/**
 * The user and rights of a session: what the session answer carries (the API sends both), else
 * asked in parallel (GET /api/v2/user/permissions, GET /api/v2/user).
 */
async function loadAccount(token: string, answer: Partial<SessionData> | undefined) {
  const headers = { [AUTH_HEADER]: token };
  const [permissions, account] = await Promise.all([
    Array.isArray(answer?.permissions)
      ? answer.permissions
      : apiRequest<unknown>({ method: 'get', url: PERMISSIONS_URL, headers, sessionCall: true }).then((e) => e.data),
    answer?.user ?? apiRequest<User>({ method: 'get', url: USER_URL, headers, sessionCall: true }).then((e) => e.data),
  ]);
  const rights: Right[] = Array.isArray(permissions) ? permissions.filter(isRight) : [];
  return { user: account ?? null, permissions: rights };
}

/** The interface language the user keeps in My account, applied at sign-in (on any device); none chosen: left as it is. */
function applyLanguage(answer: Partial<SessionData> | undefined): void {
  if (isLanguage(answer?.language) && answer.language !== i18n.language) void setLanguage(answer.language);
}

function currentLocation(): string | null {
  try {
    const { pathname, search } = window.location;
    return pathname === LOGIN_PATH ? null : `${pathname}${search}`;
  } catch {
    return null;
  }
}

/** A session answer (sign-in, code step): the token kept, the account loaded, signed in. Resolves whether it is still this attempt's. */
async function signInWith(answer: SessionData, remember: boolean, mine: number, code: number): Promise<boolean> {
  const token = answer.auth;
  if (typeof token !== 'string' || token === '') {
    throw new ApiError(sharedText('errors.serverError'), code, 200, undefined, { textKey: 'errors.serverError' });
  }
  saveToken(token, remember);
  const account = await loadAccount(token, answer);
  if (mine !== epoch) return false;
  applyLanguage(answer);
  listenToTabs();
  setState({
    status: 'signedIn',
    token,
    ...account,
    loggingIn: false,
    error: null,
    expired: false,
    secondFactor: null,
    enrolSecondFactor: answer.second_factor_enrolment === true,
  });
  return true;
}

/** One sign-in call at a time (the password step or the code step); resolves whether the user is signed in now. */
function attemptSignIn(work: (mine: number) => Promise<boolean>, options: { keepChallengeOnFailure: boolean }): Promise<boolean> {
  if (loggingIn) return loggingIn;
  const mine = ++epoch;
  restoring = null;
  setState({ loggingIn: true, error: null });
  const attempt = (async (): Promise<boolean> => {
    try {
      return await work(mine);
    } catch (error) {
      if (mine !== epoch) return false;
      clearTokens();
      // A wrong code keeps the code step; an ended challenge goes back to the password.
      const keep = options.keepChallengeOnFailure && !(error instanceof ApiError && error.error === 'sign_in_challenge_invalid');
      setState({ ...SIGNED_OUT, secondFactor: keep ? state.secondFactor : null, loggingIn: false, error: failureMessage(error) });
      return false;
    }
  })();
  loggingIn = attempt;
  void attempt.finally(() => {
    if (loggingIn === attempt) loggingIn = null;
  });
  return attempt;
}

/** A password step's answer that asks for the second step: that step's state; null for a session. */
function secondStepOf(data: SessionData | SecondFactorChallenge | null, remember: boolean): SessionState['secondFactor'] {
  return data && 'challenge' in data && typeof data.challenge === 'string'
    ? { challenge: data.challenge, remember, methods: data.methods ?? [data.second_factor] }
    : null;
}

/**
 * Sign in: POST /api/v2/session as a form (its answer carries the user and the rights). For a user
 * with two-factor on it answers a challenge instead: `secondFactor` is set and the code step
 * (`completeSecondFactor`) makes the session. Resolves whether the user is signed in now.
 */
function login(username: string, password: string, remember = false): Promise<boolean> {
  return attemptSignIn(
    async (mine) => {
      const envelope = await apiRequest<SessionData | SecondFactorChallenge>({
        method: 'post',
        url: SESSION_URL,
        data: toFormBody({ username, password, remember: remember ? '1' : '0' }),
        sessionCall: true,
        dedupe: false,
      });
      return sessionOrChallenge(envelope, remember, mine);
    },
    { keepChallengeOnFailure: false },
  );
}

/** A sign-in's answer: the session (signed in), or a challenge for the code step (two-factor on). */
function sessionOrChallenge(envelope: { data: SessionData | SecondFactorChallenge; code: number }, remember: boolean, mine: number) {
  const pending = secondStepOf(envelope.data, remember);
  if (pending) {
    if (mine === epoch) setState({ ...SIGNED_OUT, loggingIn: false, error: null, secondFactor: pending });
    return Promise.resolve(false);
  }
  return signInWith(envelope.data as SessionData, remember, mine, envelope.code);
}

/**
 * Single sign-on, last step: the hand-off the API's callback put in /login?sso= is exchanged for the
 * session (POST /api/v2/sso/session, answered like a sign-in: the session, or a challenge for the
 * code step). The session is kept for this tab's browser session only (no "remember me").
 */
function completeSingleSignOn(handoff: string): Promise<boolean> {
  return attemptSignIn(
    async (mine) => {
      const envelope = await apiRequest<SessionData | SecondFactorChallenge>({
        method: 'post',
        url: SSO_SESSION_URL,
        data: { handoff },
        sessionCall: true,
        dedupe: false,
      });
      return sessionOrChallenge(envelope, false, mine);
    },
    { keepChallengeOnFailure: false },
  );
}

/** The code step of a sign-in: the authenticator app's code (or a recovery code) for the challenge of the password step. */
function completeSecondFactor(code: string): Promise<boolean> {
  const pending = state.secondFactor;
  if (!pending) return Promise.resolve(false);
  return attemptSignIn(
    async (mine) => {
      const envelope = await apiRequest<SessionData>({
        method: 'post',
        url: SECOND_FACTOR_URL,
        data: { challenge: pending.challenge, code },
        sessionCall: true,
        dedupe: false,
      });
      return signInWith(envelope.data, pending.remember, mine, envelope.code);
    },
    { keepChallengeOnFailure: true },
  );
}

/** The authenticator's answer to `options`; a cancelled or impossible ceremony (the browser throws) is said so. */
async function passkeyAnswer(ceremony: PasskeyCeremony, options: Record<string, unknown>): Promise<unknown> {
  try {
    return await ceremony(options);
  } catch {
    throw new ApiError(sharedText('errors.passkeyCancelled'), 0, 0, undefined, { textKey: 'errors.passkeyCancelled' });
  }
}

/** Options for a passkey ceremony (POST `url`). */
async function passkeyOptions(url: string, data?: object): Promise<Record<string, unknown>> {
  const envelope = await apiRequest<{ options: Record<string, unknown> }>({
    method: 'post',
    url,
    data: data ?? {},
    sessionCall: true,
    dedupe: false,
  });
  return envelope.data.options;
}

/** Sign in with a passkey alone (no name, no password): the authenticator offers the accounts it holds for this site. */
function loginWithPasskey(ceremony: PasskeyCeremony, remember = false): Promise<boolean> {
  return attemptSignIn(
    async (mine) => {
      const response = await passkeyAnswer(ceremony, await passkeyOptions(PASSKEY_OPTIONS_URL));
      const envelope = await apiRequest<SessionData>({
        method: 'post',
        url: PASSKEY_URL,
        data: { response, remember },
        sessionCall: true,
        dedupe: false,
      });
      return signInWith(envelope.data, remember, mine, envelope.code);
    },
    { keepChallengeOnFailure: false },
  );
}

/** The second step of a sign-in by a passkey of the user (instead of a code). */
function completeSecondFactorWithPasskey(ceremony: PasskeyCeremony): Promise<boolean> {
  const pending = state.secondFactor;
  if (!pending) return Promise.resolve(false);
  return attemptSignIn(
    async (mine) => {
      const options = await passkeyOptions(SECOND_FACTOR_PASSKEY_OPTIONS_URL, { challenge: pending.challenge });
      const response = await passkeyAnswer(ceremony, options);
      const envelope = await apiRequest<SessionData>({
        method: 'post',
        url: SECOND_FACTOR_PASSKEY_URL,
        data: { challenge: pending.challenge, response },
        sessionCall: true,
        dedupe: false,
      });
      return signInWith(envelope.data, pending.remember, mine, envelope.code);
    },
    { keepChallengeOnFailure: true },
  );
}

/**
 * Sign in with a session another call answered (a password chosen through an invitation or reset
 * link answers like a sign-in): the token is kept for this tab only (no "remember me"), the user and
 * rights taken from the answer. An answer asking for the second step sets `secondFactor` (the login
 * page's code step) and resolves false.
 */
async function adopt(answer: SessionData | SecondFactorChallenge): Promise<boolean> {
  const mine = ++epoch;
  restoring = null;
  loggingIn = null;
  const pending = secondStepOf(answer, false);
  if (pending) {
    setState({ ...SIGNED_OUT, loggingIn: false, error: null, secondFactor: pending });
    return false;
  }
  if ('challenge' in answer) return false;
  const token = answer.auth;
  saveToken(token, false);
  try {
    const account = await loadAccount(token, answer);
    if (mine !== epoch) return false;
    applyLanguage(answer);
    listenToTabs();
    setState({
      status: 'signedIn',
      token,
      ...account,
      loggingIn: false,
      error: null,
      expired: false,
      enrolSecondFactor: answer.second_factor_enrolment === true,
    });
    return true;
  } catch (error) {
    if (mine !== epoch) return false;
    clearTokens();
    setState({ ...SIGNED_OUT, loggingIn: false, error: failureMessage(error) });
    return false;
  }
}

/**
 * Check a stored token, or without one the session another tab of this browser holds (tabs.ts)
 * (status 'temporary' meanwhile): valid → signedIn; refused → tokens
 * cleared, signedOut, expired (with where the user was); server unreachable or failing → signedOut with the error, token kept for
 * the next attempt. No stored token → signedOut. Concurrent calls share one check.
 */
function restore(): Promise<boolean> {
  if (restoring) return restoring;
  if (loggingIn) return loggingIn;
  if (state.status === 'signedIn') return Promise.resolve(true);
  const own = readToken();
  if (!own && !mayAskTabs()) {
    if (state.status !== 'signedOut' || state.token !== null) setState({ ...SIGNED_OUT });
    return Promise.resolve(false);
  }
  const mine = ++epoch;
  setState({ status: 'temporary', token: own?.token ?? null, user: null, permissions: [], error: null });
  const check = (async (): Promise<boolean> => {
    // No token of this tab's own: another tab's session, kept where that tab keeps it.
    const stored: StoredToken | null = own ?? (await askOtherTabs());
    if (mine !== epoch) return isSignedIn(state);
    if (!stored) {
      setState({ ...SIGNED_OUT });
      return false;
    }
    try {
      const envelope = await apiRequest<SessionData>({
        method: 'get',
        url: SESSION_URL,
        params: { auth: stored.token },
        sessionCall: true,
      });
      const token = typeof envelope.data?.auth === 'string' && envelope.data.auth ? envelope.data.auth : stored.token;
      const account = await loadAccount(token, envelope.data);
      if (mine !== epoch) return isSignedIn(state);
      saveToken(token, stored.remember);
      setState({
        status: 'signedIn',
        token,
        ...account,
        error: null,
        expired: false,
        enrolSecondFactor: envelope.data?.second_factor_enrolment === true,
      });
      return true;
    } catch (error) {
      if (mine !== epoch) return isSignedIn(state);
      const refused = isRejection(error);
      if (refused) clearTokens();
      // A stored token the server refuses is a session that ended (revoked or expired elsewhere):
      // marked like a 401 of any other call, so /login says so and the user comes back here.
      const ended = refused ? { expired: true, returnTo: state.returnTo ?? currentLocation() } : {};
      setState({ ...SIGNED_OUT, ...ended, error: refused ? null : failureMessage(error) });
      return false;
    }
  })();
  restoring = check;
  void check.finally(() => {
    if (restoring === check) restoring = null;
  });
  return check;
}

/** Signed out in this tab: both storages cleared, calls under way ignored. */
function endHere(): void {
  epoch++;
  restoring = null;
  loggingIn = null;
  clearTokens();
  setState({ ...SIGNED_OUT, loggingIn: false, error: null, expired: false, returnTo: null });
}

/**
 * Sign out at once (both storages cleared) here and in the other tabs, then tell the server
 * (DELETE /api/v2/session; failure ignored).
 */
async function logout(): Promise<void> {
  const token = state.token ?? readToken()?.token ?? null;
  endHere();
  tellTabsSignedOut();
  if (!token) return;
  try {
    await apiRequest({ method: 'delete', url: SESSION_URL, headers: { [AUTH_HEADER]: token }, sessionCall: true });
  } catch {
    // the session is gone on this side either way
  }
}

/** A call other than the session calls answered 401: sign out, mark expired, remember where we were. */
function expire(): void {
  const hadSession = state.token !== null || state.status === 'signedIn' || state.status === 'temporary';
  const returnTo = state.returnTo ?? currentLocation();
  if (!hadSession) {
    // Nothing to end (and a stored token not yet checked is left alone for restore()).
    if (returnTo !== state.returnTo) setState({ returnTo });
    return;
  }
  epoch++;
  restoring = null;
  clearTokens();
  setState({ ...SIGNED_OUT, loggingIn: false, expired: true, returnTo });
}

export const session = {
  getState: (): SessionState => state,
  /** Called with the new state on every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  login,
  loginWithPasskey,
  completeSecondFactor,
  completeSecondFactorWithPasskey,
  completeSingleSignOn,
  /**
   * A sign-in refused elsewhere (the single sign-on's redirect to /login?sso_error={code}): shown like
   * a refused sign-in once the error catalogue is there (a code it does not know is ignored).
   */
  async refused(code: string): Promise<void> {
    await loadApiErrorTexts().catch(() => undefined);
    if (isApiErrorCode(code)) setState({ error: failureMessage(new ApiError(code, 400, 400, undefined, { error: code })) });
  },
  /** Back from the code step to the password form. */
  cancelSecondFactor(): void {
    if (state.secondFactor !== null) setState({ secondFactor: null, error: null });
  },
  /** Two-factor was set up: the session may do everything its rights allow now. */
  secondFactorEnrolled(): void {
    if (state.enrolSecondFactor) setState({ enrolSecondFactor: false });
  },
  adopt,
  restore,
  logout,
  /** Mark the session expired (what a 401 from any non-session call does). */
  expire,
  /** The location to return to after the next login, cleared by reading it. */
  consumeReturnTo(): string | null {
    const { returnTo } = state;
    if (returnTo !== null) setState({ returnTo: null });
    return returnTo;
  },
  /** Clear the login error (e.g. when the user edits the form). */
  clearError(): void {
    if (state.error !== null) setState({ error: null });
  },
};

connectAuth({ getToken: () => state.token, onUnauthorized: expire });
connectTabs({
  held: () => (state.status === 'signedIn' && state.token ? { token: state.token, remember: readToken()?.remember ?? false } : null),
  // Signed out in another tab: this tab's session is over on the server too, like after a 401.
  signedOut: expire,
});

/** Test helper: back to 'unknown', no listeners. Not part of the public API. */
export function resetSession(): void {
  state = INITIAL;
  listeners.clear();
  epoch++;
  restoring = null;
  loggingIn = null;
  closeTabs();
}
