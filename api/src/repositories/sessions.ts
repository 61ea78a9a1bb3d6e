import type { Right, DbRoot } from '../db/schema';
import type { RightGrant } from 'contracts/rules/rights';
import { grantsFrom, grantsOf, rightsOf, rolesOf, type User } from './users';

export interface ActiveSession {
  id: number;
  remember: boolean;
  expiresAt: Date;
  renewedAt: Date;
  user: User;
  rights: Right[];
  /** Each role's rights and scope: the rights held on one article (contracts/rules/rights.ts rightsInCategory). */
  grants: RightGrant[];
  /** The interface language kept in My account (null: none chosen). */
  language: 'en' | 'de' | null;
  /** A role requires two-factor and the user has none: the session may only enrol. */
  enrolSecondFactor: boolean;
}

export const sessionsRepository = {
  async create(
    db: DbRoot,
    session: {
      tokenHash: string;
      userId: number;
      remember: boolean;
      expiresAt: Date;
      now: Date;
      ip: string | null;
      userAgent: string | null;
      enrolSecondFactor?: boolean;
    },
  ): Promise<number> {
    const { id } = await db
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        remember: session.remember,
        created_at: session.now,
        renewed_at: session.now,
        expires_at: session.expiresAt,
        ip: session.ip,
        user_agent: session.userAgent,
        enrol_second_factor: session.enrolSecondFactor ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  /** The session with this token hash, with its user, if it has not expired and the user is enabled. */
  async findActive(db: DbRoot, tokenHash: string, now: Date): Promise<ActiveSession | undefined> {
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.remember',
        's.expires_at',
        's.renewed_at',
        's.enrol_second_factor',
        'u.id as user_id',
        'u.username',
        'u.name',
        'u.email',
        rolesOf.as('roles'),
        rightsOf.as('rights'),
        grantsOf.as('grants'),
        'u.language',
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', now)
      .where('u.enabled', '=', true)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      remember: row.remember,
      expiresAt: new Date(row.expires_at),
      renewedAt: new Date(row.renewed_at),
      user: { id: row.user_id, username: row.username, name: row.name, email: row.email, roles: row.roles },
      rights: row.rights,
      grants: grantsFrom(row.grants),
      language: row.language,
      enrolSecondFactor: row.enrol_second_factor,
    };
  },

  async renew(db: DbRoot, id: number, expiresAt: Date, now: Date): Promise<void> {
    await db.updateTable('sessions').set({ expires_at: expiresAt, renewed_at: now }).where('id', '=', id).execute();
  },

  async delete(db: DbRoot, id: number): Promise<void> {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
  },

  async deleteExpired(db: DbRoot, now: Date): Promise<void> {
    await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  },
};
