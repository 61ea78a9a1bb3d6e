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

/** Keep the token in localStorage (remember) or sessionStorage, and only there. */
export function saveToken(token: string, remember: boolean): void {
  remove(!remember);
  try {
    store(remember)?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage full or unavailable: the session lasts for this page only
  }
}

/** Remove the token from both storages. */
export function clearTokens(): void {
  remove(true);
  remove(false);
}
