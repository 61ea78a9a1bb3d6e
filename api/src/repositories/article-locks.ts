import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { EditLock } from 'contracts/schemas/article';

/** The edit lock as the API answers it. */
export type LockInfo = EditLock;

export interface LockRow {
  userId: number;
  name: string;
  since: Date;
  renewedAt: Date;
}

export const FREE_LOCK: LockInfo = { held_by: null, since: null, mine: false, expires: null };

/** A lock counts only while renewed within the window; an older one is free (its holder went away). */
export function isLive(lock: LockRow | undefined, now: Date, minutes: number): lock is LockRow {
  return !!lock && lock.renewedAt.getTime() + minutes * 60_000 > now.getTime();
}

/** When the lock with this `expires` was last taken or renewed (the release guard's token). */
export function lastHeldOf(expires: string, minutes: number): Date | null {
  const time = Date.parse(expires);
  return Number.isNaN(time) ? null : new Date(time - minutes * 60_000);
}

export function lockInfo(lock: LockRow | undefined, userId: number, now: Date, minutes: number): LockInfo {
  if (!isLive(lock, now, minutes)) return FREE_LOCK;
  return {
    held_by: { id: lock.userId, name: lock.name },
    since: lock.since.toISOString(),
    mine: lock.userId === userId,
    expires: new Date(lock.renewedAt.getTime() + minutes * 60_000).toISOString(),
  };
}

export const articleLocksRepository = {
  /** The lock row (live or not); `forUpdate` holds the row until the transaction ends. */
  async find(db: Db, articleId: number): Promise<LockRow | undefined> {
    const row = await db
      .selectFrom('article_locks as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.user_id', 'u.name', 'l.since', 'l.renewed_at'])
      .where('l.article_id', '=', articleId)
      .executeTakeFirst();
    return row ? { userId: row.user_id, name: row.name, since: new Date(row.since), renewedAt: new Date(row.renewed_at) } : undefined;
  },

  /**
   * Gives the lock to the user when it is free, expired or theirs (renewing it: `since` stays), or
   * always with `force` (a take-over). One statement, so two users opening at once cannot both get
   * it. Returns whether the user holds it now.
   */
  async hold(db: Db, articleId: number, userId: number, now: Date, minutes: number, force = false): Promise<boolean> {
    const expiredBefore = new Date(now.getTime() - minutes * 60_000);
    const row = await db
      .insertInto('article_locks')
      .values({ article_id: articleId, user_id: userId, since: now, renewed_at: now })
      .onConflict((oc) =>
        oc
          .column('article_id')
          .doUpdateSet({
            user_id: userId,
            since: sql`case when article_locks.user_id = ${userId}::int and article_locks.renewed_at > ${expiredBefore}::timestamptz
              then article_locks.since else ${now}::timestamptz end`,
            renewed_at: now,
          })
          .where((eb) =>
            force ? eb.val(true) : eb.or([eb('article_locks.user_id', '=', userId), eb('article_locks.renewed_at', '<=', expiredBefore)]),
          ),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id === userId;
  },

  /**
   * Releases the lock if this user holds it; true when released. With `lastHeld` (when the closing
   * editor last took or renewed it) only if nobody renewed it since: the same user's other tab that
   * opened or renewed it later still edits, and its lock must not go away under it.
   */
  async release(db: Db, articleId: number, userId: number, lastHeld?: Date): Promise<boolean> {
    let query = db.deleteFrom('article_locks').where('article_id', '=', articleId).where('user_id', '=', userId);
    if (lastHeld) query = query.where('renewed_at', '<=', lastHeld);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
