import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { runPeriodically } from '../lib/periodic-task';
import { runOverdueFlagging } from '../services/desk-planning';

export interface OverdueSchedulerOptions {
  config: AppConfig;
}

/**
 * The overdue job (OVERDUE_SCHEDULER, default on outside tests): every OVERDUE_SCHEDULER_TICK_SECONDS
 * it flags the stories past their deadline that are not in their desk's last stage, each once across
 * processes on PostgreSQL (repositories/desk-planning.ts); the flag reaches open boards through the
 * event stream (migration 0038's notice). A tick never overlaps the previous one.
 */
export default fp<OverdueSchedulerOptions>(
  async (app, { config }) => {
    if (!config.overdueScheduler) return;
    runPeriodically(app, {
      name: 'Overdue job',
      everySeconds: config.overdueSchedulerTickSeconds,
      async tick(stopped) {
        const flagged = await runOverdueFlagging(app.db, { stopped });
        for (const story of flagged) app.log.info({ article: story.id, desk: story.desk_id, deadline: story.deadline }, 'Story overdue');
      },
    });
  },
  { name: 'overdue-scheduler', dependencies: ['db', 'metrics'] },
);
