export { session, isSignedIn, SESSION_URL, USER_URL, PERMISSIONS_URL } from './store';
export { useSession } from './useSession';
export { TOKEN_STORAGE_KEY } from './storage';
export type { SessionState, SessionStatus, User, SessionData, PasskeyCeremony } from './types';
