import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { httpError } from '../lib/http-error';

/** A connection over the cap gets this long to send its request (and be refused) before it is closed. */
const REFUSED_IDLE_MS = 2_000;

export interface ConnectionCapOptions {
  config: AppConfig;
}

/**
 * At most `maxConnections` open connections per process, so that clients holding sockets open (live
 * streams, slow readers) cannot use up the process's file descriptors. A request on a connection
 * over the cap is answered 503 server_busy before any route runs, and the connection is closed
 * (instead of being dropped without a word, as net's maxConnections does).
 */
export default fp<ConnectionCapOptions>(
  async (app, { config }) => {
    const sockets = new Set<Socket>();
    const refused = new WeakSet<Socket>();
    app.server.on('connection', (socket: Socket) => {
      if (sockets.size >= config.maxConnections) {
        refused.add(socket);
        socket.setTimeout(REFUSED_IDLE_MS, () => socket.destroy());
        return;
      }
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    app.addHook('onRequest', async (request) => {
      if (refused.has(request.raw.socket))
        throw httpError(503, 'server_busy', undefined, { headers: { connection: 'close', 'retry-after': '5' } });
    });
  },
  { name: 'connection-cap' },
);
