import type { SessionState } from 'shared';
import { watchSessionExpiry } from './sessionExpiry';

function fakeSession(initial: Partial<SessionState>) {
  let state = { status: 'signedIn', expired: false, returnTo: null, ...initial } as SessionState;
  const listeners = new Set<(s: SessionState) => void>();
  return {
    getState: () => state,
    subscribe: (l: (s: SessionState) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    // Like shared: reading returnTo clears it, which tells the listeners (re-entrantly).
    consumeReturnTo: jest.fn(() => {
      const r = state.returnTo;
      if (r !== null) {
        state = { ...state, returnTo: null };
        for (const l of listeners) l(state);
      }
      return r;
    }),
    set(patch: Partial<SessionState>) {
      state = { ...state, ...patch };
      for (const l of listeners) l(state);
    },
  };
}

test('a 401 (expired) sends the user to /login with where they were', () => {
  const session = fakeSession({});
  const navigate = jest.fn();
  watchSessionExpiry(session, navigate);
  session.set({ status: 'signedOut', expired: true, returnTo: '/import/edit/4' });
  expect(navigate).toHaveBeenCalledWith('/login?next=%2Fimport%2Fedit%2F4');
  expect(session.consumeReturnTo).toHaveBeenCalled();
  // Further changes while still expired do not navigate again.
  session.set({ error: 'x' });
  expect(navigate).toHaveBeenCalledTimes(1);
});

test('a 401 from the loader of a page being opened returns to that page', () => {
  const session = fakeSession({});
  const navigate = jest.fn();
  watchSessionExpiry(session, navigate, () => '/import');
  session.set({ status: 'signedOut', expired: true, returnTo: '/' });
  expect(navigate).toHaveBeenCalledWith('/login?next=%2Fimport');
});

test('a logout (not expired) does not navigate from here', () => {
  const session = fakeSession({});
  const navigate = jest.fn();
  const stop = watchSessionExpiry(session, navigate);
  session.set({ status: 'signedOut', expired: false });
  expect(navigate).not.toHaveBeenCalled();
  stop();
});

test('expired on /login itself (nothing recorded): stays, keeping its ?next=', () => {
  const session = fakeSession({});
  const navigate = jest.fn();
  watchSessionExpiry(session, navigate);
  session.set({ status: 'signedOut', expired: true, returnTo: null });
  expect(navigate).not.toHaveBeenCalled();
});
