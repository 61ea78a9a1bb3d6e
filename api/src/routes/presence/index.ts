import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServerResponse } from 'node:http';
import type { PresenceEvent } from 'contracts/schemas/events';
import { httpError } from '../../lib/http-error';
import { PresenceHub, type PresenceSubscriber } from '../../services/presence';
import { eventsSchema } from './schemas';

/** A client that reads slower than this many bytes pile up is dropped (it reconnects and resyncs). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function frame(event: PresenceEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/**
 * GET /api/portal/events: Server-Sent Events of edit locks and article changes (services/presence.ts).
 * The session comes in the AUTHENTICATION header like every call; it is checked again on every
 * heartbeat, so a signed-out or expired session (or changed rights) ends or narrows the stream.
 */
const presenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hub = new PresenceHub(app.db, {
    lockMinutes: app.config.articleLockMinutes,
    heartbeatMs: app.config.presenceHeartbeatMs,
    listen: app.listenDb,
    onError: (error) => app.log.warn({ err: error }, 'Presence: LISTEN connection lost, streams resync when it is back'),
  });
  await hub.start();
  const streams = new Set<ServerResponse>();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.addHook('onClose', () => hub.close());

  app.get('/api/portal/events', { schema: eventsSchema }, async (request, reply) => {
    if (!request.user || !request.session) throw httpError(401, 'unauthorized');
    const token = request.session.token;
    const actor = { id: request.user.id, rights: request.user.rights };

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
    streams.add(raw);

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
      actor,
      send: (event) => (ready ? write(event) : early.push(event)),
    };
    // Subscribed before the snapshot is read: nothing committed meanwhile is lost (it follows the snapshot).
    const unsubscribe = hub.subscribe(subscriber);
    const heartbeat = setInterval(() => {
      app.auth.resolve(token).then(
        (session) => {
          if (!session) {
            raw.end();
            return;
          }
          subscriber.actor = { id: session.user.id, rights: session.rights };
          write({ type: 'heartbeat' });
        },
        (error: unknown) => request.log.warn({ err: error }, 'Presence: session check failed, stream kept'),
      );
    }, hub.heartbeatMs);
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(raw);
    };
    raw.on('close', cleanup);

    try {
      write(await hub.snapshot(actor));
      ready = true;
      for (const event of early.splice(0)) write(event);
    } catch (error) {
      request.log.error({ err: error }, 'Presence: snapshot failed');
      raw.end();
    }
  });
};

export default presenceRoutes;
