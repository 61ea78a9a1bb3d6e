// The live event stream (GET /api/portal/events) as the board reads it: shared's connection (through
// the shared HTTP client, in the background, reconnecting with a growing delay). Failures are never
// shown: the board works without the stream, only without live moves.
import type { PresenceEvent } from 'contracts/schemas/events';
import { connectEventStream, type StreamOpener } from 'shared';

export type { StreamOpener };

/** Reads the stream until closed; returns the function that closes it. */
export function connectBoardEvents(onEvent: (event: PresenceEvent) => void, open?: StreamOpener): () => void {
  const connection = connectEventStream({ onEvent, ...(open ? { open } : {}) });
  return () => connection.close();
}
