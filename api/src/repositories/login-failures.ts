import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface LoginFailure {
  id: number;
  failedAt: Date;
}

/**
 * Sign-in attempts per client IP and username (lower case), for the sign-in throttle. An attempt
 * is recorded before the password is checked and kept only if it fails, so concurrent attempts
 * are counted too.
 */
export const loginFailuresRepository = {
  /** The attempts since `since`, oldest first. */
  async since(db: Kysely<Database>, ip: string, username: string, since: Date): Promise<LoginFailure[]> {
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

  async record(db: Kysely<Database>, ip: string, username: string, at: Date): Promise<number> {
    const { id } = await db.insertInto('login_failures').values({ ip, username, failed_at: at }).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async delete(db: Kysely<Database>, id: number): Promise<void> {
    await db.deleteFrom('login_failures').where('id', '=', id).execute();
  },

  async clear(db: Kysely<Database>, ip: string, username: string): Promise<void> {
    await db.deleteFrom('login_failures').where('ip', '=', ip).where('username', '=', username).execute();
  },

  /** Forgets attempts older than the window (keeps the table small). */
  async prune(db: Kysely<Database>, before: Date): Promise<void> {
    await db.deleteFrom('login_failures').where('failed_at', '<=', before).execute();
  },
};
