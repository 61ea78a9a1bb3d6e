import { errors } from 'contracts/schemas/common';
import { PresenceEventSchema } from 'contracts/schemas/events';

// The OpenAPI description of the live presence stream; the event shapes are the contracts'.

export const eventsSchema = {
  tags: ['presence'],
  summary: 'Live presence: a Server-Sent Events stream of edit locks and article changes',
  description:
    'text/event-stream; each event is one `data:` line holding a JSON object (`type`: snapshot, lock, article, heartbeat). ' +
    'Starts with a snapshot of the live edit locks, then every lock taken, taken over, renewed or freed and every article change, ' +
    'as they are committed in any API process. Only articles the caller may see (their own, or view_all_articles / ' +
    'edit_all_articles). A heartbeat comes every `heartbeat_ms`; the stream ends as soon as the session ends or the ' +
    "user's rights change (reconnect to get what you may see now). A few streams per session and per user: more are " +
    'refused with 429 too_many_event_streams; a process at its limit answers 503 server_busy. ' +
    'Needs the AUTHENTICATION header like every call (read it with fetch streaming: EventSource cannot send headers).',
  response: {
    200: {
      description: 'The event stream',
      content: { 'text/event-stream': { schema: PresenceEventSchema } },
    },
    ...errors(401, 429, 503),
  },
};
