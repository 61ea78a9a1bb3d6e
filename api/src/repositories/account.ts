import { sql } from 'kysely';
import type { AccountRecord, AccountSession, InterfaceLanguage } from 'contracts/schemas/account';
import type { Db } from '../db/schema';
import { twoFactorRequiredOf } from './two-factor';

/** The SQL of My account: a user's own profile and sessions. */

export const accountRepository = {
  async find(db: Db, id: number, options: { lock?: boolean } = {}): Promise<AccountRecord | undefined> {
    let query = db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        'u.name',
        'u.email',
        'u.language',
        'u.version',
        sql<boolean>`u.totp_secret is not null`.as('two_factor'),
        twoFactorRequiredOf.as('two_factor_required'),
        sql<number>`(select count(*)::int from recovery_codes rc where rc.user_id = u.id and rc.used_at is null)`.as('recovery_codes_left'),
      ])
      .where('u.id', '=', id);
    if (options.lock) query = query.forUpdate(['u']);
    const row = await query.executeTakeFirst();
    return (
      row && {
        ...row,
        two_factor: Boolean(row.two_factor),
        two_factor_required: Boolean(row.two_factor_required),
        recovery_codes_left: Number(row.recovery_codes_left),
      }
    );
  },

  /** Updates the fields given and bumps the version when `version` is current; false when stale. */
  async update(
    db: Db,
    id: number,
    version: number,
    fields: { name?: string; email?: string; language?: InterfaceLanguage | null },
  ): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set((eb) => ({ ...fields, version: eb('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The user's live sessions, the most recently used first. */
  async listSessions(db: Db, userId: number, currentId: number, now: Date): Promise<AccountSession[]> {
    const rows = await db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'ip', 'created_at', 'renewed_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('renewed_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      user_agent: row.user_agent,
      ip: row.ip,
      created: new Date(row.created_at).toISOString(),
      last_seen: new Date(row.renewed_at).toISOString(),
      current: row.id === currentId,
    }));
  },

  /** Ends one session of the user; false when the user has no such session. */
  async deleteSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
    const result = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /** Ends every session of the user but `keepId`; answers how many ended. */
  async deleteOtherSessions(db: Db, userId: number, keepId: number): Promise<number> {
    const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
