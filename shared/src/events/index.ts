export { connectEventStream, openEventStream, EVENTS_URL, FIRST_RETRY_MS, MAX_RETRY_MS } from './eventStream';
export type { EventStreamConnection, EventStreamOptions, StreamOpener, Timers } from './eventStream';
