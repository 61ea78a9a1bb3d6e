/** Product-specific key of the auth token (spec section 3). */
export const TOKEN_STORAGE_KEY = 'newsdesk.auth';

export interface StoredToken {
  token: string;
  /** true: kept in localStorage (Remember Me); false: sessionStorage. */
  remember: boolean;
}

function store(remember: boolean): Storage | null {
  try {
    return remember ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(remember: boolean): string | null {
  try {
    return store(remember)?.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

function remove(remember: boolean): void {
  try {
    store(remember)?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** The stored token: localStorage (remembered) first, then sessionStorage. */
export function readToken(): StoredToken | null {
  const remembered = read(true);
  if (remembered) return { token: remembered, remember: true };
  const session = read(false);
  return session ? { token: session, remember: false } : null;
}

/**
 * Set in localStorage while a tab of this browser holds a session: only then does a tab without a
 * token ask the other tabs (tabs.ts), so a first visit shows the login without waiting.
 */
export const SESSION_HELD_KEY = 'newsdesk.sessionHeld';

export function sessionHeldMark(held: boolean): void {
  try {
    if (held) window.localStorage.setItem(SESSION_HELD_KEY, '1');
    else window.localStorage.removeItem(SESSION_HELD_KEY);
  } catch {
    // storage unavailable: the tabs are not asked
  }
}

export function isSessionHeldMarked(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HELD_KEY) !== null;
  } catch {
    return false;
  }
}

/** Keep the token in localStorage (remember) or sessionStorage, and only there. */
export function saveToken(token: string, remember: boolean): void {
  remove(!remember);
  try {
    store(remember)?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage full or unavailable: the session lasts for this page only
  }
  sessionHeldMark(true);
}

/** Remove the token from both storages. */
export function clearTokens(): void {
  remove(true);
  remove(false);
  sessionHeldMark(false);
}
