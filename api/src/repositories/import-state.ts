/**
 * import_state: one row per importer with its schedule (next_run_at, failures), its run lease
 * (running_until, lease_owner) and the HTTP validators of its last fetch.
 *
 * Several API processes on one PostgreSQL share the scheduled work and each due run happens once:
 * a process claims an importer with a conditional UPDATE (`… WHERE next_run_at <= now() AND lease
 * free RETURNING`), which PostgreSQL's row locking makes atomic (a second claimer waits for the
 * first, re-checks the condition on the new row version and matches nothing), inside a
 * transaction that first takes pg_try_advisory_xact_lock on the importer so a busy importer is
 * skipped instead of waited on. On PGlite (one process) the same statements run without the
 * advisory lock.
 */
import { sql } from 'kysely';
import type { Db, DbRoot } from '../db/schema';

/** Advisory lock namespace (first key of the two-key form) for importer claims. */
export const ADVISORY_NAMESPACE = 0x1e05;

const leaseFree = sql<boolean>`(running_until is null or running_until < now())`;
const inSeconds = (seconds: number) => sql<Date>`now() + ${`${Math.ceil(seconds)} seconds`}::interval`;

export interface FetchValidators {
  etag: string | null;
  lastModified: string | null;
}

export const importStateRepository = {
  /** Creates the state row of one importer (due at once) unless it exists. */
  async ensure(db: Db, importerId: number): Promise<void> {
    await db
      .insertInto('import_state')
      .values({ importer_id: importerId })
      .onConflict((oc) => oc.column('importer_id').doNothing())
      .execute();
  },

  /**
   * Saving or enabling an importer never runs it: it is next due one interval from now. `onlyIfDue`
   * keeps a later time already set (enabling an importer that was not yet due changes nothing).
   */
  async dueAfterInterval(db: Db, importerId: number, intervalSeconds: number, options: { onlyIfDue?: boolean } = {}): Promise<void> {
    const next = inSeconds(intervalSeconds);
    await db
      .insertInto('import_state')
      .values({ importer_id: importerId, next_run_at: next })
      .onConflict((oc) =>
        oc
          .column('importer_id')
          .doUpdateSet({ next_run_at: next })
          .where((eb) => (options.onlyIfDue ? eb('import_state.next_run_at', '<=', sql<Date>`now()`) : eb.lit(true))),
      )
      .execute();
  },

  /** Creates the state row of every importer seen for the first time (due at once). */
  async ensureAll(db: Db): Promise<void> {
    await sql`
      insert into import_state (importer_id)
      select i.id from importers i
      where not exists (select 1 from import_state s where s.importer_id = i.id)
      on conflict (importer_id) do nothing
    `.execute(db);
  },

  /** Enabled importers on one of `schedules` whose time has come and that nobody is running, oldest due first. */
  async dueImporterIds(db: Db, schedules: readonly number[], limit = 10): Promise<number[]> {
    const rows = await db
      .selectFrom('import_state as s')
      .innerJoin('importers as i', 'i.id', 's.importer_id')
      .select('s.importer_id')
      .where('i.enabled', '=', 1)
      .where('i.schedule', 'in', [...schedules])
      .where('s.next_run_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('s.running_until', 'is', null), eb('s.running_until', '<', sql<Date>`now()`)]))
      .orderBy('s.next_run_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.importer_id);
  },

  /**
   * Claims one due importer for `owner`: true when it now owns its run (the lease is taken and
   * next_run_at moved past the lease, so no other process sees it as due).
   */
  async claimDue(db: DbRoot, importerId: number, leaseSeconds: number, owner: string, usesAdvisoryLocks: boolean): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (usesAdvisoryLocks) {
        const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${ADVISORY_NAMESPACE}, ${importerId}) as ok`.execute(trx);
        if (!lock.rows[0]?.ok) return false;
      }
      const lease = inSeconds(leaseSeconds);
      const claimed = await trx
        .updateTable('import_state')
        .set({ running_until: lease, next_run_at: lease, lease_owner: owner })
        .where('importer_id', '=', importerId)
        .where('next_run_at', '<=', sql<Date>`now()`)
        .where(leaseFree)
        .returning('importer_id')
        .executeTakeFirst();
      return claimed !== undefined;
    });
  },

  /** Takes the run lease for `owner` unless a lease is held (one conditional UPDATE). */
  async takeLease(db: Db, importerId: number, leaseSeconds: number, owner: string): Promise<boolean> {
    const row = await db
      .updateTable('import_state')
      .set({ running_until: inSeconds(leaseSeconds), lease_owner: owner })
      .where('importer_id', '=', importerId)
      .where(leaseFree)
      .returning('importer_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async failures(db: Db, importerId: number): Promise<number> {
    const state = await db.selectFrom('import_state').select('failures').where('importer_id', '=', importerId).executeTakeFirst();
    return state?.failures ?? 0;
  },

  /** After a real run: the lease released, the failure count (back-off) and when it is due next. */
  async release(db: Db, importerId: number, next: { failures: number; dueInSeconds: number }): Promise<void> {
    await db
      .updateTable('import_state')
      .set({ running_until: null, lease_owner: null, failures: next.failures, next_run_at: inSeconds(next.dueInSeconds) })
      .where('importer_id', '=', importerId)
      .execute();
  },

  /** The validators of the last fetch and the feed URL they belong to. */
  async validators(db: Db, importerId: number): Promise<(FetchValidators & { feedUrl: string | null }) | undefined> {
    const row = await db
      .selectFrom('import_state')
      .select(['etag', 'last_modified', 'feed_url'])
      .where('importer_id', '=', importerId)
      .executeTakeFirst();
    return row ? { etag: row.etag, lastModified: row.last_modified, feedUrl: row.feed_url } : undefined;
  },

  async saveValidators(db: Db, importerId: number, validators: FetchValidators | null, feedUrl: string): Promise<void> {
    await db
      .updateTable('import_state')
      .set({ etag: validators?.etag ?? null, last_modified: validators?.lastModified ?? null, feed_url: feedUrl })
      .where('importer_id', '=', importerId)
      .execute();
  },
};
