// The tabs of one browser share one session. A session not remembered lives in sessionStorage, which
// is per tab: a second tab found no token and asked to sign in again. A tab without a token of its
// own asks the others over a BroadcastChannel (same origin only) and keeps what one hands over where
// that tab keeps it, so "remember me" keeps its meaning: a session not remembered is in no tab's
// storage once the browser closes. A sign-out is told to the other tabs too.
import { isSessionHeldMarked, sessionHeldMark, type StoredToken } from './storage';

const CHANNEL_NAME = 'newsdesk.session';
/** How long a tab without a token waits for another tab's answer (only when one may hold a session). */
export const ASK_TABS_MS = 1500;

type TabMessage = { type: 'ask' } | { type: 'share'; token: string; remember: boolean } | { type: 'signedOut' };

interface TabHandlers {
  /** The session this tab holds (answered to a tab that asks), or null. */
  held(): StoredToken | null;
  /** Another tab signed out. */
  signedOut(): void;
}

let handlers: TabHandlers = { held: () => null, signedOut: () => undefined };
let channel: BroadcastChannel | null = null;

function onMessage(event: MessageEvent): void {
  const message = event.data as TabMessage | null;
  if (message?.type === 'ask') {
    const held = handlers.held();
    if (held) channel?.postMessage({ type: 'share', token: held.token, remember: held.remember } satisfies TabMessage);
  } else if (message?.type === 'signedOut') {
    handlers.signedOut();
  }
}

/** The channel, opened on first use; null where the browser has none. */
function open(): BroadcastChannel | null {
  if (channel) return channel;
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (!Channel) return null;
  channel = new Channel(CHANNEL_NAME);
  channel.addEventListener('message', onMessage);
  return channel;
}

/** Listen to the other tabs (their questions, their sign-outs) with these handlers. */
export function connectTabs(next: TabHandlers): void {
  handlers = next;
  open();
}

/** Opens the channel (this tab then answers the others). */
export function listenToTabs(): void {
  open();
}

/** Whether another tab may hold a session to ask for (a channel, and a tab marked one as held). */
export function mayAskTabs(): boolean {
  return isSessionHeldMarked() && open() !== null;
}

/** The session another tab of this browser holds, or null when none answers in time. */
export function askOtherTabs(): Promise<StoredToken | null> {
  const current = open();
  if (!current) return Promise.resolve(null);
  return new Promise((resolve) => {
    const answered = (event: MessageEvent) => {
      const message = event.data as TabMessage | null;
      if (message?.type === 'share' && typeof message.token === 'string' && message.token !== '') {
        done({ token: message.token, remember: message.remember === true });
      }
    };
    // Nobody answered: the mark was left by a session that ended with its browser.
    const timer = setTimeout(() => {
      sessionHeldMark(false);
      done(null);
    }, ASK_TABS_MS);
    function done(value: StoredToken | null) {
      clearTimeout(timer);
      current!.removeEventListener('message', answered);
      resolve(value);
    }
    current.addEventListener('message', answered);
    current.postMessage({ type: 'ask' } satisfies TabMessage);
  });
}

/** Tell the other tabs this session ended here (they sign out too). */
export function tellTabsSignedOut(): void {
  open()?.postMessage({ type: 'signedOut' } satisfies TabMessage);
}

/** Test helper: close the channel (the next use opens it again). */
export function closeTabs(): void {
  channel?.close();
  channel = null;
}
