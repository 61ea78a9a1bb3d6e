import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export interface Lifecycle {
  /** The process is shutting down: not ready for new work (GET /api/health/ready answers 503). */
  readonly draining: boolean;
  /** Starts draining (SIGTERM): readiness goes at once, before the server stops accepting. */
  drain(): void;
}

/**
 * Draining for a graceful shutdown. From `drain()` (or the app closing) on, readiness is refused and
 * every answer carries `Connection: close`, so a keep-alive client's connection ends with the
 * response in flight instead of being kept for a request this process will not serve. Idle
 * keep-alive connections are closed by the server's own close; event streams end in their
 * route's preClose hook.
 */
export default fp(
  async (app) => {
    let draining = false;
    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
    });
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'lifecycle' },
);
