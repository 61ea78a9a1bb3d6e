import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { closeReaderPool } from '../import/engine/reader';
import { runPeriodically } from '../lib/periodic-task';
import { recoverInterruptedRuns } from '../services/import-recovery';
import { leaseMs } from '../import/engine/schedule';
import { importersRepository } from '../repositories/importers';
import { claimImporter, dueImporterIds, engineSettings, ensureStates, runImporter, type RunTimings } from '../services/import-runner';

export interface SchedulerPluginOptions {
  config: AppConfig;
}

/**
 * The import scheduler (IMPORT_SCHEDULER, default on outside tests): every
 * IMPORT_SCHEDULER_TICK_SECONDS it claims due importers (services/import-lease.ts: exactly once
 * across processes on PostgreSQL) and runs them one after another in this process. A tick never
 * overlaps the previous one, and closing the app waits for the run in progress.
 */
export default fp<SchedulerPluginOptions>(
  async (app, { config }) => {
    // Feed readers resting in the pool (import/engine/reader.ts) end with the app.
    app.addHook('onClose', async () => closeReaderPool());
    const settings = engineSettings(config);
    const recover = () => recoverInterruptedRuns(app.db, { singleProcessDatabase: settings.singleProcessDatabase ?? false });
    // On start: runs a killed process left "running" are closed and their importers freed.
    app.addHook('onReady', async () => {
      const closed = await recover();
      if (closed.length > 0) app.log.warn({ runs: closed }, 'Import runs interrupted by an earlier process closed');
    });
    if (!config.importScheduler) return;
    const leaseSeconds = Math.ceil(leaseMs(settings.totalTimeoutMs) / 1000);
    const usesAdvisoryLocks = app.dbKind === 'postgres';
    async function tick(stopped: () => boolean): Promise<void> {
      await ensureStates(app.db);
      // Leases that expired meanwhile: their runs' processes are gone.
      await recover();
      for (const id of await dueImporterIds(app.db)) {
        if (stopped()) return;
        if (!(await claimImporter(app.db, id, leaseSeconds, usesAdvisoryLocks))) continue;
        const importer = await importersRepository.find(app.db, id);
        if (!importer) continue;
        const started = performance.now();
        let timings: RunTimings | undefined;
        const { outcome } = await runImporter(app.db, importer, {
          simulate: false,
          trigger: 'schedule',
          settings,
          leaseHeld: true,
          onTimings: (measured) => (timings = measured),
        });
        app.metrics.recordImportRuns('schedule', [outcome], (performance.now() - started) / 1000);
        app.log.info({ importer: id, outcome, timings }, 'Scheduled import');
      }
    }

    runPeriodically(app, { name: 'Import scheduler', everySeconds: config.importSchedulerTickSeconds, tick });
  },
  { name: 'scheduler', dependencies: ['db', 'metrics'] },
);
