// When the form goes to the server as the user's working copy: at once after a pause, then at most
// once per interval while the user keeps typing, nothing while idle, at once when the page goes
// away; never two sends at a time (a slow one is not overtaken by a newer one, which would then be
// overwritten by the older).
import { WORKING_COPY_INTERVAL_MS } from 'contracts/rules/working-copy';

export interface Autosave {
  /** The form changed: send within the interval. */
  changed(): void;
  /** Send now when something is not sent yet (`leaving`: the page goes away). */
  flush(leaving?: boolean): Promise<void>;
  /** Forget what is pending (a save is about to store the form) and wait for a send in flight. */
  settle(): Promise<void>;
  /** Stop the timer (the editor closed). */
  dispose(): void;
}

export interface AutosaveOptions {
  send(leaving: boolean): Promise<void>;
  intervalMs?: number;
  now?(): number;
}

export function createAutosave({ send, intervalMs = WORKING_COPY_INTERVAL_MS, now = Date.now }: AutosaveOptions): Autosave {
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | null = null;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  async function fire(leaving: boolean): Promise<void> {
    stopTimer();
    if (inFlight && !leaving) {
      await inFlight;
      return fire(false);
    }
    if (!dirty) return;
    dirty = false;
    lastSent = now();
    const sending = send(leaving).catch(() => {
      // Not kept on the server (offline, signed out): the next change tries again.
      dirty = true;
    });
    inFlight = sending;
    await sending;
    if (inFlight === sending) inFlight = null;
  }

  return {
    changed() {
      dirty = true;
      if (timer !== undefined) return;
      const wait = Math.max(0, lastSent + intervalMs - now());
      timer = setTimeout(() => void fire(false), wait);
    },
    flush: (leaving = false) => fire(leaving),
    async settle() {
      stopTimer();
      dirty = false;
      await inFlight;
    },
    dispose: stopTimer,
  };
}
