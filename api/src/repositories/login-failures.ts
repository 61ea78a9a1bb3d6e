import type { DbRoot } from '../db/schema';

export interface LoginFailure {
  id: number;
  failedAt: Date;
}

/**
 * Sign-in attempts per client IP and username (the lower-case name's hash), for the sign-in throttle.
 * An attempt is recorded (pending) before the password is checked and kept, no longer pending, only
 * if it fails, so concurrent attempts for one name are counted too; the per-address count takes only
 * settled failures (a burst of correct sign-ins through one address is no attack).
 */
export const loginFailuresRepository = {
  /** The attempts since `since`, oldest first. */
  async since(db: DbRoot, ip: string, username: string, since: Date): Promise<LoginFailure[]> {
    const rows = await db
      .selectFrom('login_failures')
      .select(['id', 'failed_at'])
      .where('ip', '=', ip)
      .where('username', '=', username)
      .where('failed_at', '>', since)
      .orderBy('failed_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, failedAt: new Date(row.failed_at) }));
  },

  async record(db: DbRoot, ip: string, username: string, at: Date): Promise<number> {
    const { id } = await db
      .insertInto('login_failures')
      .values({ ip, username, failed_at: at, pending: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  /** The attempt's password was wrong: it counts as a failure of its address from now on. */
  async settle(db: DbRoot, id: number): Promise<void> {
    await db.updateTable('login_failures').set({ pending: false }).where('id', '=', id).execute();
  },

  /** The failures from an address (any name) since `since`, oldest first (at most `limit`, the newest). */
  async sinceFromAddress(db: DbRoot, ip: string, since: Date, limit: number): Promise<LoginFailure[]> {
    const rows = await db
      .selectFrom('login_failures')
      .select(['id', 'failed_at'])
      .where('ip', '=', ip)
      .where('pending', '=', false)
      .where('failed_at', '>', since)
      .orderBy('failed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((row) => ({ id: row.id, failedAt: new Date(row.failed_at) }));
  },

  async delete(db: DbRoot, id: number): Promise<void> {
    await db.deleteFrom('login_failures').where('id', '=', id).execute();
  },

  async clear(db: DbRoot, ip: string, username: string): Promise<void> {
    await db.deleteFrom('login_failures').where('ip', '=', ip).where('username', '=', username).execute();
  },

  /** Forgets attempts older than the window (keeps the table small). */
  async prune(db: DbRoot, before: Date): Promise<void> {
    await db.deleteFrom('login_failures').where('failed_at', '<=', before).execute();
  },
};
