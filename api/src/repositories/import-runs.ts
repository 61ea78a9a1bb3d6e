import { sql } from 'kysely';
import type { ImportRun, ImportRunTrigger } from 'contracts/schemas/importers';
import type { ImportRunStatus, Db, DbRoot } from '../db/schema';

/** One run of one importer (GET /api/v2/portal/importer/{id}/runs). */
export type { ImportRun };

/** A failed run's error as the history keeps it (import/engine/errors.ts RecordedImportError): English text, catalogue code, parameters. */
export interface RecordedRunError {
  message: string;
  error: string;
  params: Record<string, string | number>;
}

export interface RunCounts {
  seen: number;
  created: number;
  duplicates: number;
  failed: number;
}

type Row = {
  id: number;
  importer_id: number;
  trigger: ImportRunTrigger;
  status: ImportRunStatus;
  started: Date | string;
  finished: Date | string | null;
  seen: number;
  new_items: number;
  duplicates: number;
  failed: number;
  error: string | null;
  error_code: string | null;
  error_params: Record<string, string | number> | string | null;
};

const COLUMNS = [
  'id',
  'importer_id',
  'trigger',
  'status',
  'started',
  'finished',
  'seen',
  'new_items',
  'duplicates',
  'failed',
  'error',
  'error_code',
  'error_params',
] as const;

function toRun(row: Row): ImportRun {
  return {
    id: row.id,
    importer_id: row.importer_id,
    trigger: row.trigger,
    status: row.status,
    started: new Date(row.started).toISOString(),
    finished: row.finished ? new Date(row.finished).toISOString() : null,
    seen: row.seen,
    new: row.new_items,
    duplicate: row.duplicates,
    failed: row.failed,
    error: row.error,
    error_code: row.error_code,
    // PGlite and node-postgres both parse jsonb; a text value (older drivers) is parsed here.
    error_params:
      typeof row.error_params === 'string' ? (JSON.parse(row.error_params) as Record<string, string | number>) : row.error_params,
  };
}

export async function startRun(db: DbRoot, importerId: number, trigger: ImportRunTrigger, owner: string | null = null): Promise<number> {
  const row = await db
    .insertInto('import_runs')
    .values({ importer_id: importerId, trigger, owner })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The counts of a run, written in the transaction that writes its articles: if the process dies
 * after the commit, the run row still says what was committed.
 */
export async function recordCommittedCounts(db: Db, runId: number, counts: RunCounts): Promise<void> {
  await db
    .updateTable('import_runs')
    .set({ seen: counts.seen, new_items: counts.created, duplicates: counts.duplicates, failed: counts.failed })
    .where('id', '=', runId)
    .execute();
}

/** A run still marked running, with its importer's lease. */
export interface RunningRun {
  id: number;
  importer_id: number;
  owner: string | null;
  lease_owner: string | null;
  running_until: Date | null;
}

/** Runs marked running (of one importer, or all). */
export async function runningRuns(db: DbRoot, importerId?: number): Promise<RunningRun[]> {
  let query = db
    .selectFrom('import_runs as r')
    .leftJoin('import_state as s', 's.importer_id', 'r.importer_id')
    .select(['r.id', 'r.importer_id', 'r.owner', 's.lease_owner', 's.running_until'])
    .where('r.status', '=', 'running');
  if (importerId !== undefined) query = query.where('r.importer_id', '=', importerId);
  const rows = await query.orderBy('r.id').execute();
  return rows.map((row) => ({ ...row, running_until: row.running_until ? new Date(row.running_until) : null }));
}

/**
 * Closes a run whose process is gone as failed (interrupted), keeping the counts it committed, and
 * frees its importer's lease (if that process still holds it) so the importer can run at once.
 * false when the run was no longer running (closed meanwhile by its process or another recoverer).
 */
export async function closeInterruptedRun(db: DbRoot, run: RunningRun, error: { code: string; message: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('import_runs')
      .set({ status: 'error', finished: sql<Date>`now()`, error: error.message, error_code: error.code, error_params: JSON.stringify({}) })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    if (!closed) return false;
    await trx
      .updateTable('import_state')
      .set({ running_until: null, lease_owner: null, next_run_at: sql<Date>`least(next_run_at, now())` })
      .where('importer_id', '=', run.importer_id)
      .where((eb) => (run.owner === null ? eb('lease_owner', 'is', null) : eb('lease_owner', '=', run.owner)))
      .execute();
    return true;
  });
}

export async function finishRun(
  db: Db,
  runId: number,
  result: { status: Exclude<ImportRunStatus, 'running'>; counts: RunCounts; error?: RecordedRunError | null },
): Promise<void> {
  await db
    .updateTable('import_runs')
    .set({
      status: result.status,
      finished: sql<Date>`now()`,
      seen: result.counts.seen,
      new_items: result.counts.created,
      duplicates: result.counts.duplicates,
      failed: result.counts.failed,
      error: result.error?.message ?? null,
      error_code: result.error?.error ?? null,
      error_params: result.error ? JSON.stringify(result.error.params) : null,
    })
    .where('id', '=', runId)
    .execute();
}

/** The newest runs of one importer first. */
export async function listRuns(db: DbRoot, importerId: number, limit: number): Promise<ImportRun[]> {
  const rows = await db
    .selectFrom('import_runs')
    .select(COLUMNS)
    .where('importer_id', '=', importerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRun);
}

/**
 * The latest run of each of the given importers (for the importer list's "last run" column).
 * One query: DISTINCT ON walks import_runs_importer_id_idx (importer_id, id desc).
 */
export async function lastRunsByImporter(db: DbRoot, importerIds: readonly number[]): Promise<Map<number, ImportRun>> {
  const result = new Map<number, ImportRun>();
  if (importerIds.length === 0) return result;
  const rows = await db
    .selectFrom('import_runs')
    .distinctOn('importer_id')
    .select(COLUMNS)
    .where('importer_id', 'in', [...importerIds])
    .orderBy('importer_id')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) result.set(row.importer_id, toRun(row));
  return result;
}

/**
 * Whether nobody holds the session-level advisory lock named by `key` (PostgreSQL): taken and given
 * back within this one statement's transaction, so asking never keeps it.
 */
export async function advisoryLockIsFree(db: DbRoot, key: string): Promise<boolean> {
  const { rows } = await sql<{ free: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as free`.execute(db);
  return rows[0]?.free === true;
}
