import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServerResponse } from 'node:http';
import type { RightGrant } from 'contracts/rules/rights';
import type { PresenceEvent } from 'contracts/schemas/events';
import { httpError } from '../../lib/http-error';
import { PresenceHub, type PresenceSubscriber } from '../../services/presence';
import { StreamCounts } from './stream-counts';
import { eventsSchema } from './schemas';

/** A client that reads slower than this many bytes pile up is dropped (it reconnects and resyncs). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout's longest delay; a later expiry is checked again at that point. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function frame(event: PresenceEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

const sameRights = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');
/** The same grants (rights and scopes), in any order: a changed scope ends the stream like changed rights. */
const grantsKey = (grants: readonly RightGrant[] | undefined) =>
  (grants ?? [])
    .map(
      (grant) => `${[...grant.rights].sort().join(',')}@${grant.scope === null ? '*' : [...grant.scope].sort((a, b) => a - b).join(',')}`,
    )
    .sort()
    .join(';');

/** What the route keeps of an open stream beside its subscriber. */
interface OpenStream {
  token: string;
  raw: ServerResponse;
  /** Checks the session again when it is due to expire. */
  expiry?: NodeJS.Timeout;
}

/**
 * GET /api/portal/events: Server-Sent Events of edit locks and article changes (services/presence.ts).
 * The session comes in the AUTHENTICATION header like every call. A stream ends as soon as its session
 * ends or its rights change (the hub hears session_revoked from every process), at its expiry, and
 * at the latest at a heartbeat's check. Streams are capped per session, per user and per process
 * (429 too_many_event_streams, 503 server_busy): each holds a socket for as long as it is open.
 */
const presenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const open = new Map<PresenceSubscriber, OpenStream>();
  const counts = new StreamCounts();
  app.metrics.watchEventStreams(() => counts.total);

  const scheduleExpiry = (subscriber: PresenceSubscriber, expiresAt: Date) => {
    const stream = open.get(subscriber);
    if (!stream) return;
    clearTimeout(stream.expiry);
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, expiresAt.getTime() - Date.now()) + 1);
    stream.expiry = setTimeout(() => hub.recheck(subscriber), delay);
  };

  const hub = new PresenceHub(app.db, {
    lockMinutes: config.articleLockMinutes,
    heartbeatMs: config.presenceHeartbeatMs,
    listen: app.listenDb,
    checkSession: async (subscriber) => {
      const stream = open.get(subscriber);
      if (!stream) return false;
      const session = await app.auth.refresh(stream.token);
      if (!session || session.id !== subscriber.sessionId || !sameRights(session.rights, subscriber.actor.rights)) return false;
      if (grantsKey(session.grants) !== grantsKey(subscriber.actor.grants)) return false;
      scheduleExpiry(subscriber, session.expiresAt);
      return true;
    },
    onError: (error) => app.log.warn({ err: error }, 'Presence: LISTEN connection or a session check failed, streams resync'),
  });
  await hub.start();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const stream of open.values()) stream.raw.end();
  });
  app.addHook('onClose', () => hub.close());

  app.get('/api/portal/events', { schema: eventsSchema }, async (request, reply) => {
    if (!request.user || !request.session) throw httpError(401, 'unauthorized');
    const { token, id: sessionId } = request.session;
    const userId = request.user.id;
    if (counts.ofSession(sessionId) >= config.eventStreamsPerSession) {
      throw httpError(429, 'too_many_event_streams', { limit: config.eventStreamsPerSession });
    }
    if (counts.ofUser(userId) >= config.eventStreamsPerUser)
      throw httpError(429, 'too_many_event_streams', { limit: config.eventStreamsPerUser });
    if (counts.total >= config.eventStreamsMax) throw httpError(503, 'server_busy');

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
      // The hijacked reply skips the onSend hook that sets these on every other response (plugins/static.ts).
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    raw.flushHeaders();

    let ready = false;
    const early: PresenceEvent[] = [];
    const write = (event: PresenceEvent) => {
      if (raw.writableEnded || raw.destroyed) return;
      if (raw.writableLength > MAX_BUFFERED_BYTES) {
        raw.destroy();
        return;
      }
      raw.write(frame(event));
    };
    const subscriber: PresenceSubscriber = {
      actor: { id: userId, rights: request.user.rights, grants: request.user.grants },
      sessionId,
      send: (event) => (ready ? write(event) : early.push(event)),
      end: () => raw.end(),
    };
    open.set(subscriber, { token, raw });
    counts.add(sessionId, userId);
    scheduleExpiry(subscriber, request.session.expiresAt);
    // Subscribed before the snapshot is read: nothing committed meanwhile is lost (it follows the snapshot).
    const unsubscribe = hub.subscribe(subscriber);
    const heartbeat = setInterval(() => {
      write({ type: 'heartbeat' });
      hub.recheck(subscriber);
    }, hub.heartbeatMs);
    raw.on('close', () => {
      clearInterval(heartbeat);
      clearTimeout(open.get(subscriber)?.expiry);
      unsubscribe();
      open.delete(subscriber);
      counts.remove(sessionId, userId);
    });

    try {
      write(await hub.snapshot(subscriber.actor));
      ready = true;
      for (const event of early.splice(0)) write(event);
    } catch (error) {
      request.log.error({ err: error }, 'Presence: snapshot failed');
      raw.end();
    }
  });
};

export default presenceRoutes;
