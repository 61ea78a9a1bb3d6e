import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { runPeriodically } from '../lib/periodic-task';
import { runDuePublishing } from '../services/publishing-job';
import { pruneWorkingCopies } from '../services/working-copies';

/** How often old working copies are looked for: they are kept for days, an hour late does not matter. */
const WORKING_COPY_PRUNE_SECONDS = 3600;

export interface PublishingSchedulerOptions {
  config: AppConfig;
}

/**
 * The publishing job (PUBLISH_SCHEDULER, default on outside tests): every
 * PUBLISH_SCHEDULER_TICK_SECONDS it publishes the articles whose publish_up has come and
 * unpublishes those whose publish_down has come (services/publishing-job.ts: each change once across
 * processes on PostgreSQL). A tick never overlaps the previous one; closing the app waits for it.
 * With it, hourly: working copies not written for WORKING_COPY_RETENTION_DAYS are deleted.
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
    runPeriodically(app, {
      name: 'Working copy pruning',
      everySeconds: WORKING_COPY_PRUNE_SECONDS,
      async tick() {
        const pruned = await pruneWorkingCopies(app.db, config.workingCopyRetentionDays, new Date());
        if (pruned > 0) app.log.info({ pruned }, 'Old working copies deleted');
      },
    });
  },
  { name: 'publishing-scheduler', dependencies: ['db', 'metrics'] },
);
