/**
 * A real run as the run history records it: a run row started, the feed read and written in one
 * transaction with the counts committed beside the articles, the row finished (ok, not modified or
 * error) and the importer's lease settled.
 */
import type { ImporterOutcome, RunItem, RunItemFailure } from 'contracts/schemas/importers';
import type { DbRoot } from '../db/schema';
import { recordOf, toImportError } from '../import/engine/errors';
import { PROCESS_OWNER } from '../import/engine/instance';
import { finishRun, recordCommittedCounts, startRun, type RunCounts } from '../repositories/import-runs';
import { importStateRepository } from '../repositories/import-state';
import { openFeed, outcome, runTimings, ZERO, type OpenedFeed } from './import-feed';
import { settleState } from './import-lease';
import type { RunnableImporter, RunOptions } from './import-run-options';
import { importGroups } from './import-writing';
import { queueImportFailed } from './webhook-outbox';

/** What one importer's run answers. */
export interface ImporterRun {
  outcome: ImporterOutcome;
  items: RunItem[];
  failures: RunItemFailure[];
}

/** Reads and writes the feed unless it is not modified; the articles and the run's counts commit together. */
async function readAndWrite(
  db: DbRoot,
  importer: RunnableImporter,
  feed: OpenedFeed,
  runId: number,
  options: RunOptions,
  counts: RunCounts,
) {
  if (feed.notModified) return { items: [], failures: [], waited: 0, writing: 0 };
  const result = await db.transaction().execute(async (trx) => {
    const written = await importGroups(trx, importer, feed, options.settings, counts);
    // Committed with the articles: after a crash past this commit the run still reports them.
    await recordCommittedCounts(trx, runId, { ...counts, created: written.items.length });
    await importStateRepository.saveValidators(trx, importer.id, feed.validators, importer.feed_url);
    return written;
  });
  counts.created = result.items.length;
  return result;
}

/** A real run under its lease, recorded in the run history; feed problems become its outcome. */
export async function recordedRun(db: DbRoot, importer: RunnableImporter, options: RunOptions, now: Date): Promise<ImporterRun> {
  const runId = await startRun(db, importer.id, options.trigger, PROCESS_OWNER);
  const counts: RunCounts = { ...ZERO };
  let feed: OpenedFeed | null = null;
  try {
    feed = await openFeed(db, importer, options.settings, now);
    const { items, failures, waited, writing } = await readAndWrite(db, importer, feed, runId, options, counts);
    await finishRun(db, runId, { status: feed.notModified ? 'not_modified' : 'ok', counts });
    await settleState(db, importer, false);
    options.onTimings?.(runTimings(feed, waited, writing));
    return { outcome: outcome(importer, 'ok', counts), items, failures };
  } catch (error) {
    const recorded = recordOf(toImportError(error));
    await db
      .transaction()
      .execute(async (trx) => {
        await finishRun(trx, runId, { status: 'error', counts: { ...counts, created: 0 }, error: recorded });
        await queueImportFailed(trx, { importer_id: importer.id, importer_name: importer.title, run_id: runId, error: recorded.message });
      })
      .catch(() => undefined);
    await settleState(db, importer, true).catch(() => undefined);
    return { outcome: outcome(importer, 'error', { ...counts, created: 0 }, recorded), items: [], failures: [] };
  } finally {
    await feed?.reader.close();
  }
}
