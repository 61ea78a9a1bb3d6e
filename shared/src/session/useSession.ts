import { useSyncExternalStore } from 'react';
import { session } from './store';
import type { SessionState } from './types';

const identity = (state: SessionState): SessionState => state;

/**
 * The session state, re-rendering on change. With a selector, re-renders only when the selected
 * value changes (return primitives or parts of the state, not new objects).
 */
export function useSession(): SessionState;
export function useSession<T>(selector: (state: SessionState) => T): T;
export function useSession<T>(selector?: (state: SessionState) => T): T | SessionState {
  const select = selector ?? identity;
  const read = () => select(session.getState());
  return useSyncExternalStore(session.subscribe, read, read);
}
