import type { FastifyInstance } from 'fastify';

/**
 * Runs `tick` once when the app is ready and then every `everySeconds`, for the app's background
 * jobs (the import scheduler, the publishing job). A tick never overlaps the previous one (a slow
 * one makes the next wait, not pile up); a failed tick is logged and the next one runs as usual;
 * closing the app stops the timer and waits for the tick in progress, which can ask `stopped()` to
 * end early.
 */
export function runPeriodically(
  app: FastifyInstance,
  task: { name: string; everySeconds: number; tick: (stopped: () => boolean) => Promise<void> },
): void {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let stopped = false;
  const isStopped = () => stopped;
  const everyMs = task.everySeconds * 1000;
  // When the next tick is due; a tick skipped because the previous one still runs stays due, so
  // the lag of the one that starts counts from then.
  let due = 0;

  function start(): void {
    if (current || stopped) return;
    const now = Date.now();
    app.metrics.schedulerLag.observe({ job: task.name }, Math.max(0, now - due) / 1000);
    due += everyMs * Math.max(1, Math.ceil((now - due) / everyMs));
    current = task
      .tick(isStopped)
      .catch((error) => app.log.error({ err: error }, `${task.name} tick failed`))
      .finally(() => {
        current = null;
      });
  }

  app.addHook('onReady', async () => {
    due = Date.now();
    timer = setInterval(start, everyMs);
    timer.unref();
    setImmediate(start);
  });
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await current;
  });
}
