/**
 * The run-an-import workflow. Running importers: fetch → parse → map with the Defaults → dedupe → write, per importer, with
 * its outcome recorded in the run history. One importer's failure is caught and reported and
 * never stops the others. A simulation goes through exactly the same steps up to the write and
 * then writes nothing at all: no articles, dedupe keys, run rows, validators or schedule state.
 *
 * Its parts: the guard and lease (import-lease.ts), the feed's reading (import-feed.ts), the writing
 * (import-writing.ts), the run history's record (import-run-record.ts), the settings (import-run-options.ts).
 */
import type { ImporterOutcome, RunItem, RunItemFailure, RunResult } from 'contracts/schemas/importers';
import type { DbRoot } from '../db/schema';
import { recordOf, toImportError } from '../import/engine/errors';
import { holdOwnerLock } from '../import/engine/instance';
import { leaseMs } from '../import/engine/schedule';
import { seenKeys } from '../repositories/import-articles';
import type { RunCounts } from '../repositories/import-runs';
import { importersRepository } from '../repositories/importers';
import { ALREADY_RUNNING, flatKeys, freshIndexes, mapFresh, openFeed, outcome, runItem, runTimings, ZERO } from './import-feed';
import { enterRun, leaveRun, takeLease } from './import-lease';
import { recordedRun, type ImporterRun } from './import-run-record';
import type { RunnableImporter, RunOptions } from './import-run-options';

// What a run answers is the contract of the cron routes.
export type { ImporterOutcome, RunItem, RunItemFailure, RunResult };
export type { ImporterStatus } from './import-feed';
export type { ImporterRun } from './import-run-record';
export type { EngineSettings, RunOptions, RunTimings } from './import-run-options';
export { engineSettings } from './import-run-options';
export { claimImporter, dueImporterIds, ensureStates } from './import-lease';

/** A simulation: every step of a real run up to the write, and nothing written. */
async function simulate(db: DbRoot, importer: RunnableImporter, options: RunOptions, now: Date): Promise<ImporterRun> {
  const feed = await openFeed(db, importer, options.settings, now);
  try {
    const counts: RunCounts = { ...ZERO };
    const seen = new Set<string>();
    const items: RunItem[] = [];
    const failures: RunItemFailure[] = [];
    let waited = 0;
    for (let keys = await feed.reader.next(); keys; keys = await feed.reader.next()) {
      const offset = counts.seen;
      counts.seen += keys.length;
      const started = performance.now();
      const known = await seenKeys(db, importer.id, flatKeys(keys));
      waited += performance.now() - started;
      const group = { keys, fresh: freshIndexes(keys, known, seen, counts), offset };
      for (const { draft } of await mapFresh(feed, group, counts, failures, importer.id)) {
        // What the real run would write: no id yet, the short link's target in place of its code.
        items.push(runItem(importer, draft, { id: 0, created: now, url: draft.url.kind === 'value' ? draft.url.value : draft.url.target }));
      }
    }
    counts.created = items.length;
    options.onTimings?.(runTimings(feed, waited));
    return { outcome: outcome(importer, 'ok', counts), items, failures };
  } finally {
    await feed.reader.close();
  }
}

const skipped = (importer: RunnableImporter): ImporterRun => ({
  outcome: outcome(importer, 'skipped', { ...ZERO }, ALREADY_RUNNING),
  items: [],
  failures: [],
});

/** Runs (or simulates) one importer; never throws for feed problems: they become its outcome. */
export async function runImporter(db: DbRoot, importer: RunnableImporter, options: RunOptions): Promise<ImporterRun> {
  const now = options.now?.() ?? new Date();
  if (options.simulate) {
    try {
      return await simulate(db, importer, options, now);
    } catch (error) {
      return { outcome: outcome(importer, 'error', { ...ZERO }, recordOf(toImportError(error))), items: [], failures: [] };
    }
  }
  if (!enterRun(db, importer.id)) return skipped(importer);
  let releaseOwnerLock: (() => Promise<void>) | undefined;
  try {
    // Held from before the lease until the run is recorded as finished: while held, no process takes this run for interrupted.
    if (options.settings.databaseUrl) releaseOwnerLock = await holdOwnerLock(options.settings.databaseUrl);
    if (!options.leaseHeld && !(await takeLease(db, importer.id, leaseMs(options.settings.totalTimeoutMs), options.settings))) {
      return skipped(importer);
    }
    return await recordedRun(db, importer, options, now);
  } finally {
    leaveRun(db, importer.id);
    await releaseOwnerLock?.();
  }
}

/** Runs importers one after another (a feed server is never hit by two of our runs at once). */
export async function runImporters(db: DbRoot, importers: readonly RunnableImporter[], options: RunOptions): Promise<RunResult> {
  const result: RunResult = { simulate: options.simulate, importers: [], items: [], failures: [] };
  for (const importer of importers) {
    const { outcome: one, items, failures } = await runImporter(db, importer, options);
    result.importers.push(one);
    for (const item of items) result.items.push(item);
    for (const failure of failures) result.failures.push(failure);
  }
  return result;
}

/** Enabled importers of a group: -1 all, 1–4 one schedule. */
export async function importersOfGroup(db: DbRoot, group: number): Promise<RunnableImporter[]> {
  return importersRepository.listEnabled(db, group === -1 ? null : group);
}
