// One presence connection per tab, shared by every screen part that wants live updates: it is open
// while at least one part holds it (retainPresence) and the user is signed in; it follows the session
// (another sign-in reconnects, signing out closes it and forgets what it said).
import { connectEventStream, session, type EventStreamConnection, type EventStreamOptions, type SessionState } from 'shared';
import { PresenceStore } from '../model/presenceStore';

export interface PresenceClient {
  store: PresenceStore;
  /** Keeps the connection open until the returned function is called. */
  retain(): () => void;
}

export interface PresenceClientOptions {
  store?: PresenceStore;
  connect?: (options: EventStreamOptions) => EventStreamConnection;
  sessionSource?: { getState(): SessionState; subscribe(listener: (state: SessionState) => void): () => void };
  /** How long the connection stays after the last holder let go (a screen part remounting keeps it). */
  lingerMs?: number;
}

const LINGER_MS = 5_000;

export function createPresenceClient(options: PresenceClientOptions = {}): PresenceClient {
  const store = options.store ?? new PresenceStore();
  const connect = options.connect ?? connectEventStream;
  const sessionSource = options.sessionSource ?? session;
  let holders = 0;
  let connection: EventStreamConnection | null = null;
  let connectedToken: string | null = null;
  let unsubscribeSession: (() => void) | null = null;
  let linger: ReturnType<typeof setTimeout> | null = null;

  const update = () => {
    const state = sessionSource.getState();
    const wanted = holders > 0 || linger !== null;
    const token = wanted && state.status === 'signedIn' ? state.token : null;
    if (token === connectedToken) return;
    connection?.close();
    connection = null;
    connectedToken = token;
    if (token === null) {
      store.clear();
      return;
    }
    connection = connect({ onEvent: (event) => store.apply(event) });
  };

  return {
    store,
    retain() {
      holders += 1;
      if (linger !== null) clearTimeout(linger);
      linger = null;
      unsubscribeSession ??= sessionSource.subscribe(update);
      update();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders > 0) return;
        linger = setTimeout(() => {
          linger = null;
          if (holders > 0) return;
          unsubscribeSession?.();
          unsubscribeSession = null;
          update();
        }, options.lingerMs ?? LINGER_MS);
      };
    },
  };
}

/** The tab's one presence client. */
export const presenceClient = createPresenceClient();
