// The live event stream (GET /api/portal/events, Server-Sent Events: presence, article changes, desk
// moves), for every screen that follows it. EventSource cannot send the
// AUTHENTICATION header, so the stream is read with fetch streaming through the shared HTTP client
// (its interceptors add the token; the token is never put in a URL). A background request: the
// loading overlay never shows for it. The connection reconnects by itself with a growing, jittered
// delay, and treats a silent stream (no heartbeat) as gone. Failures are never shown to the user:
// the screens work without the stream, only without live updates.
import type { PresenceEvent } from 'contracts/schemas/events';
import { http } from '../http';
import { createSseParser } from './sseParser';

export const EVENTS_URL = '/api/portal/events';

/** Opens the stream; rejects with an error carrying `response.status` when the server refuses. */
export type StreamOpener = (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;

export const openEventStream: StreamOpener = async (signal) => {
  const response = await http.request<ReadableStream<Uint8Array>>({
    method: 'GET',
    url: EVENTS_URL,
    // fetch streams the body (the browser's default, XHR, does not); an adapter set in place of the
    // defaults (the tests' stub server) is kept.
    adapter: typeof http.defaults.adapter === 'function' ? http.defaults.adapter : 'fetch',
    responseType: 'stream',
    headers: { Accept: 'text/event-stream' },
    background: true,
    dedupe: false,
    signal,
  });
  return response.data;
};

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface EventStreamOptions {
  open?: StreamOpener;
  onEvent(event: PresenceEvent): void;
  /** The stream is up (its snapshot arrived) or down (lost, reconnecting). */
  onStatus?(connected: boolean): void;
  timers?: Timers;
  random?: () => number;
}

export interface EventStreamConnection {
  close(): void;
}

/** The first wait after a loss; doubled after each failed attempt up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
/** Until the server has said its heartbeat interval. */
const DEFAULT_HEARTBEAT_MS = 20_000;
/** Silence for this many heartbeats: the stream is gone (a proxy kept the socket open). */
const MISSED_HEARTBEATS = 3;

/** Answers that retrying does not change: no session (the session store handles it), no right, no such call. */
function isFinalRefusal(error: unknown): boolean {
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  return status === 401 || status === 403 || status === 404;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export function connectEventStream(options: EventStreamOptions): EventStreamConnection {
  const open = options.open ?? openEventStream;
  const timers = options.timers ?? browserTimers;
  const random = options.random ?? Math.random;
  let closed = false;
  let failures = 0;
  let heartbeatMs = DEFAULT_HEARTBEAT_MS;
  let controller: AbortController | null = null;
  let retry: unknown = null;
  let watchdog: unknown = null;
  let connected = false;

  const setConnected = (next: boolean) => {
    if (connected === next) return;
    connected = next;
    options.onStatus?.(next);
  };

  const armWatchdog = (current: AbortController) => {
    if (watchdog !== null) timers.clearTimeout(watchdog);
    watchdog = timers.setTimeout(() => current.abort(), heartbeatMs * MISSED_HEARTBEATS);
  };

  const deliver = (data: string) => {
    let event: PresenceEvent;
    try {
      event = JSON.parse(data) as PresenceEvent;
    } catch {
      return;
    }
    if (event.type === 'snapshot') {
      failures = 0;
      if (event.heartbeat_ms > 0) heartbeatMs = event.heartbeat_ms;
      setConnected(true);
    }
    options.onEvent(event);
  };

  const run = async () => {
    const current = new AbortController();
    controller = current;
    let final = false;
    try {
      armWatchdog(current);
      const stream = await open(current.signal);
      const reader = stream.getReader();
      const decoder = new TextDecoder();
      const parser = createSseParser(deliver);
      const stop = () => void reader.cancel().catch(() => undefined);
      current.signal.addEventListener('abort', stop);
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done || current.signal.aborted) break;
          // After the push: a snapshot in it may have told the heartbeat interval.
          parser.push(decoder.decode(value, { stream: true }));
          armWatchdog(current);
        }
      } finally {
        current.signal.removeEventListener('abort', stop);
      }
    } catch (error) {
      final = isFinalRefusal(error);
    } finally {
      if (watchdog !== null) timers.clearTimeout(watchdog);
      watchdog = null;
    }
    if (closed || controller !== current) return;
    setConnected(false);
    if (final) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures) * (0.5 + random() / 2);
    failures += 1;
    retry = timers.setTimeout(() => {
      retry = null;
      if (!closed) void run();
    }, delay);
  };

  void run();
  return {
    close() {
      closed = true;
      if (retry !== null) timers.clearTimeout(retry);
      if (watchdog !== null) timers.clearTimeout(watchdog);
      controller?.abort();
      setConnected(false);
    },
  };
}
