/**
 * Runs left "running" by a process that is gone (kill -9, a crash, a power cut: on PostgreSQL, its
 * owner lock is free, see import/engine/instance.ts) are closed as
 * failed with the code import_run_interrupted, keeping the counts committed with their articles
 * (import-run-record.ts writes them in the articles' transaction), and their importer's lease is freed so it can
 * run again at once. Called when the app starts, on every scheduler tick, and before a run takes
 * an importer's lease (so a lease left by a dead process never answers "already running").
 */
import type { DbRoot } from '../db/schema';
import { apiErrorMessage } from '../lib/api-errors';
import { closeInterruptedRun, runningRuns } from '../repositories/import-runs';
import { ownerIsGone } from '../import/engine/instance';

export const INTERRUPTED = { code: 'import_run_interrupted', message: apiErrorMessage('import_run_interrupted') } as const;

/** Closes the interrupted runs (of one importer, or all); returns the ids closed. */
export async function recoverInterruptedRuns(
  db: DbRoot,
  options: { singleProcessDatabase: boolean; importerId?: number; self?: string; now?: Date },
): Promise<number[]> {
  const now = options.now ?? new Date();
  const closed: number[] = [];
  for (const run of await runningRuns(db, options.importerId)) {
    // The lease is the owner's only while it names the owner; a newer run's lease says nothing about this run.
    const leaseUntil = run.lease_owner !== null && run.lease_owner === run.owner ? run.running_until : null;
    if (!(await ownerIsGone(db, run.owner, { ...options, leaseUntil, now }))) continue;
    if (await closeInterruptedRun(db, run, INTERRUPTED)) closed.push(run.id);
  }
  return closed;
}
