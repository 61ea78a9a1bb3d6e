/**
 * A stand-in for the `shared` kernel in the shell's unit tests (no network, state under test
 * control). Use: `jest.mock('shared', () => require('../../test/sharedStub'));`
 * Only what the shell uses; the shapes follow docs/ARCHITECTURE.md "shared public API".
 */
import { createInstance } from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import type { SessionState } from 'shared';

export const SUPPORTED_LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: {}, de: {} },
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export function addTranslations(ns: string, resources: Record<Language, object>): void {
  for (const lng of SUPPORTED_LANGUAGES) i18n.addResourceBundle(lng, ns, resources[lng], true, true);
}
export const setLanguage = jest.fn((lng: Language) => i18n.changeLanguage(lng));
export const configureShared = jest.fn();

const INITIAL: SessionState = {
  status: 'signedOut',
  token: null,
  user: null,
  permissions: [],
  error: null,
  loggingIn: false,
  expired: false,
  returnTo: null,
};
let state: SessionState = INITIAL;
const listeners = new Set<(s: SessionState) => void>();

/** Test helper: change the session state (listeners are told). */
export function setSessionState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of [...listeners]) listener(state);
}
/** Test helper: back to signed out, mocks reset to their default behaviour. */
export function resetSharedStub(): void {
  state = INITIAL;
  listeners.clear();
  session.login.mockReset().mockImplementation(async () => false);
  session.restore.mockReset().mockImplementation(async () => state.status === 'signedIn');
  session.logout.mockReset().mockImplementation(async () => setSessionState({ ...INITIAL }));
  session.expire.mockReset();
  session.consumeReturnTo.mockReset().mockImplementation(consumeReturnTo);
  session.clearError.mockReset().mockImplementation(clearError);
  setLanguage.mockClear();
}

function consumeReturnTo(): string | null {
  const { returnTo } = state;
  if (returnTo !== null) setSessionState({ returnTo: null });
  return returnTo;
}
function clearError(): void {
  if (state.error !== null) setSessionState({ error: null });
}

export const session = {
  getState: () => state,
  subscribe(listener: (s: SessionState) => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  login: jest.fn(async (_u: string, _p: string, _r?: boolean): Promise<boolean> => false),
  restore: jest.fn(async (): Promise<boolean> => state.status === 'signedIn'),
  logout: jest.fn(async (): Promise<void> => setSessionState({ ...INITIAL })),
  expire: jest.fn(),
  consumeReturnTo: jest.fn(consumeReturnTo),
  clearError: jest.fn(clearError),
};

export function isSignedIn(value: SessionState | string | null | undefined): boolean {
  const status = typeof value === 'string' ? value : value?.status;
  return status === 'signedIn';
}

export function useSession<T = SessionState>(selector?: (s: SessionState) => T): T {
  const read = () => (selector ? selector(state) : (state as unknown as T));
  return useSyncExternalStore(session.subscribe, read, read);
}
// The real ones: pure, no state (a loader refusal is told apart by shape).
export { MissingRightError, isMissingRightError } from 'shared/permissions/missingRight';
export function requireRight(right: import('shared').Right): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MissingRightError: Refusal } = require('shared/permissions/missingRight') as typeof import('shared/permissions/missingRight');
  if (!hasRight(right)) throw new Refusal(right);
}
export const usePermissions = () => useSession((s) => s.permissions);
export const hasRight = (right: string) => isSignedIn(state) && state.permissions.includes(right as never);
export const useRight = (right: string) => useSession((s) => isSignedIn(s) && s.permissions.includes(right as never));

const toastListeners = new Set<(e: { id: number; type: string; message: string }) => void>();
let toastId = 1;
const emit = (type: string) => (message: string) => {
  const event = { id: toastId++, type, message };
  for (const listener of [...toastListeners]) listener(event);
  return event;
};
export const toast = {
  error: emit('error'),
  info: emit('info'),
  success: emit('success'),
  warning: emit('warning'),
  subscribe(listener: (e: { id: number; type: string; message: string }) => void) {
    toastListeners.add(listener);
    return () => {
      toastListeners.delete(listener);
    };
  },
};

let busy = 0;
const loadingListeners = new Set<(n: number) => void>();
export const loading = {
  count: () => busy,
  subscribe(listener: (n: number) => void) {
    loadingListeners.add(listener);
    return () => {
      loadingListeners.delete(listener);
    };
  },
  track<T>(work: Promise<T>): Promise<T> {
    busy += 1;
    for (const l of loadingListeners) l(busy);
    return work.finally(() => {
      busy -= 1;
      for (const l of loadingListeners) l(busy);
    });
  },
};
export const useLoading = () =>
  useSyncExternalStore(
    loading.subscribe,
    () => busy > 0,
    () => busy > 0,
  );
