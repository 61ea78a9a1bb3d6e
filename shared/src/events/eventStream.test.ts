import { ReadableStream as NodeReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import type { PresenceEvent } from 'contracts/schemas/events';
import { connectEventStream, FIRST_RETRY_MS, MAX_RETRY_MS, type StreamOpener, type Timers } from './eventStream';

/** Timers run by hand: `advance(ms)` fires what is due, in order. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    setTimeout: (run, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  return {
    timers,
    delays: () => [...pending.values()].map((entry) => entry.at - now).sort((a, b) => a - b),
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, entry]) => entry.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
        await flush();
      }
      now = until;
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** A stream the test writes to; `end()` closes it like the server would. */
function fakeStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new NodeReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new NodeTextEncoder();
  return {
    // jsdom has no web streams: Node's, which the browser's match.
    stream: stream as unknown as ReadableStream<Uint8Array>,
    send: (event: PresenceEvent) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    end: () => controller.close(),
  };
}

const snapshot = (heartbeat = 1_000): PresenceEvent => ({ type: 'snapshot', locks: [], heartbeat_ms: heartbeat });
const refused = (status: number) => Object.assign(new Error(`status ${status}`), { response: { status } });

describe('connectPresence', () => {
  it('hands every event on and says when it is connected', async () => {
    const clock = manualTimers();
    const server = fakeStream();
    const events: PresenceEvent[] = [];
    const status: boolean[] = [];
    const connection = connectEventStream({
      open: async () => server.stream,
      onEvent: (event) => events.push(event),
      onStatus: (up) => status.push(up),
      timers: clock.timers,
    });
    await flush();
    server.send(snapshot());
    server.send({ type: 'lock', article_id: 4, held_by: { id: 2, name: 'Eddie' }, since: null, expires: null });
    await flush();
    expect(events.map((event) => event.type)).toEqual(['snapshot', 'lock']);
    expect(status).toEqual([true]);
    connection.close();
    expect(status).toEqual([true, false]);
  });

  it('reconnects after a loss with growing, capped, jittered waits, and starts over after a snapshot', async () => {
    const clock = manualTimers();
    const open = jest.fn<ReturnType<StreamOpener>, Parameters<StreamOpener>>(() => Promise.reject(new Error('network down')));
    const connection = connectEventStream({ open, onEvent: () => undefined, timers: clock.timers, random: () => 1 });
    await flush();
    expect(open).toHaveBeenCalledTimes(1);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const [wait] = clock.delays();
      waits.push(wait as number);
      await clock.advance(wait as number);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30].map((s) => s * FIRST_RETRY_MS).map((ms) => Math.min(ms, MAX_RETRY_MS)));
    expect(open).toHaveBeenCalledTimes(8);

    // A good connection resets the wait; when it drops, the next try comes after the first wait again.
    const server = fakeStream();
    open.mockImplementationOnce(async () => server.stream);
    await clock.advance(clock.delays()[0] as number);
    server.send(snapshot());
    await flush();
    server.end();
    await flush();
    expect(clock.delays()).toEqual([FIRST_RETRY_MS]);
    connection.close();
    expect(clock.delays()).toEqual([]);
  });

  it('gives up a silent stream after three missed heartbeats and connects again', async () => {
    const clock = manualTimers();
    const first = fakeStream();
    const second = fakeStream();
    const open = jest.fn<ReturnType<StreamOpener>, Parameters<StreamOpener>>();
    open.mockImplementationOnce(async () => first.stream).mockImplementationOnce(async () => second.stream);
    const connection = connectEventStream({ open, onEvent: () => undefined, timers: clock.timers, random: () => 0 });
    await flush();
    first.send(snapshot(1_000));
    await flush();
    await clock.advance(2_999);
    expect(open).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    expect(open.mock.calls[0]?.[0].aborted).toBe(true);
    await clock.advance(FIRST_RETRY_MS / 2);
    expect(open).toHaveBeenCalledTimes(2);
    connection.close();
  });

  it('stops for good on 401, 403 and 404 (no session, no right, an API without the stream)', async () => {
    for (const status of [401, 403, 404]) {
      const clock = manualTimers();
      const open = jest.fn(() => Promise.reject(refused(status)));
      connectEventStream({ open, onEvent: () => undefined, timers: clock.timers });
      await flush();
      expect(clock.delays()).toEqual([]);
      expect(open).toHaveBeenCalledTimes(1);
    }
    // A 500 is worth another try.
    const clock = manualTimers();
    connectEventStream({ open: () => Promise.reject(refused(500)), onEvent: () => undefined, timers: clock.timers, random: () => 1 });
    await flush();
    expect(clock.delays()).toEqual([FIRST_RETRY_MS]);
  });
});
