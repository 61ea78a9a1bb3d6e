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

  function start(): void {
    if (current || stopped) return;
    current = task
      .tick(isStopped)
      .catch((error) => app.log.error({ err: error }, `${task.name} tick failed`))
      .finally(() => {
        current = null;
      });
  }

  app.addHook('onReady', async () => {
    timer = setInterval(start, task.everySeconds * 1000);
    timer.unref();
    setImmediate(start);
  });
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await current;
  });
}
