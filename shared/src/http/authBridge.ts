/**
 * How the HTTP client reaches the session store without importing it (the session store
 * itself uses the HTTP client). The session module connects itself when it loads.
 */
export interface AuthBridge {
  /** Token to send in the AUTHENTICATION header, or null. */
  getToken(): string | null;
  /** A call (other than the session calls) answered 401: the session is over. */
  onUnauthorized(): void;
}

let bridge: AuthBridge = {
  getToken: () => null,
  onUnauthorized: () => undefined,
};

export function connectAuth(next: AuthBridge): void {
  bridge = next;
}

export function auth(): AuthBridge {
  return bridge;
}
