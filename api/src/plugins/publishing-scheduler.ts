import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { runPeriodically } from '../lib/periodic-task';
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
    runPeriodically(app, {
      name: 'Publishing job',
      everySeconds: config.publishSchedulerTickSeconds,
      async tick(stopped) {
        const changes = await runDuePublishing(app.db, { stopped, revisionsKeep: config.revisionsKeep });
        app.metrics.scheduledChanges.inc(changes.length);
        for (const change of changes)
          app.log.info({ article: change.id, from: change.from, to: change.to, actions: change.actions }, 'Scheduled publishing');
      },
    });
  },
  { name: 'publishing-scheduler', dependencies: ['db', 'metrics'] },
);
