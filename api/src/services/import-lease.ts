/**
 * Only one real run of an importer at a time: an in-process set (per database) and a lease in
 * import_state (`running_until`, taken with one conditional UPDATE, so it holds across processes);
 * the scheduler's view of which importers are due, and its claim of one.
 */
import type { DbRoot } from '../db/schema';
import { PROCESS_OWNER } from '../import/engine/instance';
import { nextRunDelayMs, SCHEDULE_CODES } from '../import/engine/schedule';
import { importStateRepository } from '../repositories/import-state';
import { recoverInterruptedRuns } from './import-recovery';
import type { EngineSettings, RunnableImporter } from './import-run-options';

const running = new WeakMap<object, Set<number>>();

/** Marks the importer as running in this process; false when a run of it is going here already. */
export function enterRun(db: object, importerId: number): boolean {
  let set = running.get(db);
  if (!set) running.set(db, (set = new Set()));
  if (set.has(importerId)) return false;
  set.add(importerId);
  return true;
}

export function leaveRun(db: object, importerId: number): void {
  running.get(db)?.delete(importerId);
}

/** Takes the run lease unless another run (any live process) holds it. */
export async function takeLease(db: DbRoot, importerId: number, ms: number, settings: EngineSettings): Promise<boolean> {
  await importStateRepository.ensure(db, importerId);
  // A lease left by a process that is gone is freed first (with its run closed as interrupted).
  await recoverInterruptedRuns(db, { singleProcessDatabase: settings.singleProcessDatabase ?? false, importerId });
  return importStateRepository.takeLease(db, importerId, ms / 1000, PROCESS_OWNER);
}

/** After a real run: release the lease, count failures (back-off) and set when it is due next. */
export async function settleState(db: DbRoot, importer: RunnableImporter, failed: boolean): Promise<void> {
  const failures = failed ? (await importStateRepository.failures(db, importer.id)) + 1 : 0;
  await importStateRepository.release(db, importer.id, { failures, dueInSeconds: nextRunDelayMs(importer.schedule, failures) / 1000 });
}

/** Creates the state row of importers seen for the first time (due at once). */
export async function ensureStates(db: DbRoot): Promise<void> {
  await importStateRepository.ensureAll(db);
}

/** Enabled importers whose time has come and that nobody is running, oldest due first. */
export async function dueImporterIds(db: DbRoot, limit = 10): Promise<number[]> {
  return importStateRepository.dueImporterIds(db, SCHEDULE_CODES, limit);
}

/**
 * Claims one due importer for this process: true when this process now owns its run (exactly
 * once across processes on PostgreSQL, see repositories/import-state.ts).
 */
export async function claimImporter(db: DbRoot, importerId: number, leaseSeconds: number, usesAdvisoryLocks: boolean): Promise<boolean> {
  return importStateRepository.claimDue(db, importerId, leaseSeconds, PROCESS_OWNER, usesAdvisoryLocks);
}
