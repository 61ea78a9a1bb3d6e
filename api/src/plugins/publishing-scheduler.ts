import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { runDuePublishing } from '../services/publishing-job';

export interface PublishingSchedulerOptions {
  config: AppConfig;
}

/**
 * The publishing job (PUBLISH_SCHEDULER, default on outside tests): every
 * PUBLISH_SCHEDULER_TICK_SECONDS it publishes the articles whose publish_up has come and
 * unpublishes those whose publish_down has come (services/publishing-job.ts: each change once across
 * processes on PostgreSQL). A tick never overlaps the previous one; closing the app waits for it.
 */
export default fp<PublishingSchedulerOptions>(
  async (app, { config }) => {
    if (!config.publishScheduler) return;
    let timer: NodeJS.Timeout | undefined;
    let current: Promise<void> | null = null;
    let stopped = false;

    async function tick(): Promise<void> {
      const changes = await runDuePublishing(app.db, { stopped: () => stopped, revisionsKeep: config.revisionsKeep });
      for (const change of changes)
        app.log.info({ article: change.id, from: change.from, to: change.to, actions: change.actions }, 'Scheduled publishing');
    }

    function start(): void {
      if (current || stopped) return;
      current = tick()
        .catch((error) => app.log.error({ err: error }, 'Publishing job tick failed'))
        .finally(() => {
          current = null;
        });
    }

    app.addHook('onReady', async () => {
      timer = setInterval(start, config.publishSchedulerTickSeconds * 1000);
      timer.unref();
      setImmediate(start);
    });
    app.addHook('preClose', async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    });
  },
  { name: 'publishing-scheduler', dependencies: ['db'] },
);
