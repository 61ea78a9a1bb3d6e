import type { SessionState } from 'shared';
import { createPresenceClient } from './presenceClient';
import type { EventStreamOptions } from 'shared';

function sessionSource(initial: Partial<SessionState>) {
  let state = { status: 'signedIn', token: 't1', user: null, permissions: [] } as unknown as SessionState;
  state = { ...state, ...initial };
  const listeners = new Set<(state: SessionState) => void>();
  return {
    getState: () => state,
    subscribe: (listener: (state: SessionState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Partial<SessionState>) {
      state = { ...state, ...next };
      for (const listener of [...listeners]) listener(state);
    },
  };
}

describe('createPresenceClient', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup(initial: Partial<SessionState> = {}) {
    const session = sessionSource(initial);
    const opened: Array<{ options: EventStreamOptions; close: jest.Mock }> = [];
    const client = createPresenceClient({
      sessionSource: session,
      lingerMs: 1_000,
      connect: (options) => {
        const close = jest.fn();
        opened.push({ options, close });
        return { close };
      },
    });
    return { session, opened, client };
  }

  it('opens one connection for every holder while signed in, and closes a moment after the last lets go', () => {
    const { opened, client } = setup();
    const releaseA = client.retain();
    const releaseB = client.retain();
    expect(opened).toHaveLength(1);
    releaseA();
    releaseB();
    // A part remounting takes it again within the moment: the same connection.
    jest.advanceTimersByTime(999);
    const releaseC = client.retain();
    jest.advanceTimersByTime(5_000);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.close).not.toHaveBeenCalled();
    releaseC();
    jest.advanceTimersByTime(1_000);
    expect(opened[0]?.close).toHaveBeenCalledTimes(1);
  });

  it('follows the session: none signed out, a new one for another sign-in; the store forgets on sign-out', () => {
    const { session, opened, client } = setup({ status: 'signedOut', token: null });
    client.retain();
    expect(opened).toHaveLength(0);
    session.set({ status: 'signedIn', token: 't1' });
    expect(opened).toHaveLength(1);
    opened[0]?.options.onEvent({
      type: 'snapshot',
      locks: [{ type: 'lock', article_id: 1, held_by: { id: 2, name: 'Eddie' }, since: null, expires: null }],
      heartbeat_ms: 1000,
    });
    expect(client.store.lockOf(1)).not.toBeNull();
    session.set({ status: 'signedIn', token: 't2' });
    expect(opened[0]?.close).toHaveBeenCalled();
    expect(opened).toHaveLength(2);
    session.set({ status: 'signedOut', token: null });
    expect(opened[1]?.close).toHaveBeenCalled();
    expect(client.store.lockOf(1)).toBeNull();
  });
});
