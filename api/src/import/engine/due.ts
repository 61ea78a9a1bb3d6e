/**
 * Finding and claiming due importers. Several API processes on one PostgreSQL share the work and
 * each due run happens once: a process claims an importer with a conditional UPDATE
 * (`… WHERE next_run_at <= now() AND lease free RETURNING`), which PostgreSQL's row locking makes
 * atomic (a second claimer waits for the first, re-checks the condition on the new row version and
 * matches nothing), inside a transaction that first takes pg_try_advisory_xact_lock on the
 * importer so a busy importer is skipped instead of waited on. On PGlite (one process) the same
 * statements run without the advisory lock.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PROCESS_OWNER } from './instance';
import { SCHEDULE_CODES } from './schedule';

/** Advisory lock namespace (first key of the two-key form) for importer claims. */
export const ADVISORY_NAMESPACE = 0x1e05;

/** Creates the state row of importers seen for the first time (due at once). */
export async function ensureStates(db: Kysely<Database>): Promise<void> {
  await sql`
    insert into import_state (importer_id)
    select i.id from importers i
    where not exists (select 1 from import_state s where s.importer_id = i.id)
    on conflict (importer_id) do nothing
  `.execute(db);
}

/** Enabled importers whose time has come and that nobody is running, oldest due first. */
export async function dueImporterIds(db: Kysely<Database>, limit = 10): Promise<number[]> {
  const rows = await db
    .selectFrom('import_state as s')
    .innerJoin('importers as i', 'i.id', 's.importer_id')
    .select('s.importer_id')
    .where('i.enabled', '=', 1)
    .where('i.schedule', 'in', [...SCHEDULE_CODES])
    .where('s.next_run_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('s.running_until', 'is', null), eb('s.running_until', '<', sql<Date>`now()`)]))
    .orderBy('s.next_run_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.importer_id);
}

/**
 * Claims one due importer for this process: true when this process now owns its run (the lease
 * is taken and next_run_at moved past the lease, so no other process sees it as due).
 */
export async function claimImporter(db: Kysely<Database>, importerId: number, leaseSeconds: number, usesAdvisoryLocks: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (usesAdvisoryLocks) {
      const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${ADVISORY_NAMESPACE}, ${importerId}) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return false;
    }
    const lease = sql<Date>`now() + ${`${leaseSeconds} seconds`}::interval`;
    const claimed = await trx
      .updateTable('import_state')
      .set({ running_until: lease, next_run_at: lease, lease_owner: PROCESS_OWNER })
      .where('importer_id', '=', importerId)
      .where('next_run_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('running_until', 'is', null), eb('running_until', '<', sql<Date>`now()`)]))
      .returning('importer_id')
      .executeTakeFirst();
    return claimed !== undefined;
  });
}
