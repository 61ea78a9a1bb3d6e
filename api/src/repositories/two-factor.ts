import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** The SQL of two-factor sign-in: TOTP secrets, recovery codes, wrong-code counts and sign-in challenges. */

/** Whether user `u` has a second factor: TOTP on or a passkey. */
export const hasSecondFactorOf = sql<boolean>`(u.totp_secret is not null or exists (select 1 from passkeys pk where pk.user_id = u.id))`;

/** Whether one of user `u`'s roles requires two-factor, as a correlated subquery. */
export const twoFactorRequiredOf = sql<boolean>`exists (
  select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.require_2fa
)`;

export interface TwoFactorState {
  secret: string | null;
  pending: string | null;
  lastStep: number | null;
  required: boolean;
  recoveryCodesLeft: number;
  /** Passkeys count as a second factor too. */
  passkeys: number;
}

export const twoFactorRepository = {
  async state(db: Db, userId: number, options: { lock?: boolean } = {}): Promise<TwoFactorState | undefined> {
    let query = db
      .selectFrom('users as u')
      .select([
        'u.totp_secret',
        'u.totp_pending',
        'u.totp_last_step',
        twoFactorRequiredOf.as('required'),
        sql<number>`(select count(*)::int from recovery_codes rc where rc.user_id = u.id and rc.used_at is null)`.as('left'),
        sql<number>`(select count(*)::int from passkeys pk where pk.user_id = u.id)`.as('passkeys'),
      ])
      .where('u.id', '=', userId);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return {
      secret: row.totp_secret,
      pending: row.totp_pending,
      lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
      required: Boolean(row.required),
      recoveryCodesLeft: Number(row.left),
      passkeys: Number(row.passkeys),
    };
  },

  async setPending(db: Db, userId: number, secret: string): Promise<void> {
    await db.updateTable('users').set({ totp_pending: secret }).where('id', '=', userId).execute();
  },

  /** The pending secret becomes the user's, with the step of the code that confirmed it and new recovery codes. */
  async enable(db: Db, userId: number, secret: string, step: number, codeHashes: string[]): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ totp_secret: secret, totp_pending: null, totp_last_step: step, version: eb('version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    await twoFactorRepository.replaceRecoveryCodes(db, userId, codeHashes);
    // Sessions that were allowed only to enrol may now do everything their rights allow.
    await db.updateTable('sessions').set({ enrol_second_factor: false }).where('user_id', '=', userId).execute();
  },

  /** The user's recovery codes are these (hashes) from now on; every earlier one, used or not, goes. */
  async replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  },

  async disable(db: Db, userId: number): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ totp_secret: null, totp_pending: null, totp_last_step: null, version: eb('version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  },

  async setLastStep(db: Db, userId: number, step: number): Promise<void> {
    await db.updateTable('users').set({ totp_last_step: step }).where('id', '=', userId).execute();
  },

  /** Uses up an unused recovery code of the user; false when there is none with this hash. */
  async useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Records a code attempt (pending until checked); answers its id. */
  async recordAttempt(db: Db, userId: number, at: Date): Promise<number> {
    const { id } = await db
      .insertInto('second_factor_failures')
      .values({ user_id: userId, failed_at: at, pending: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  /** The user's attempts (wrong or being checked) since `since`, oldest first. */
  async attemptsSince(db: Db, userId: number, since: Date): Promise<Array<{ id: number; failedAt: Date }>> {
    const rows = await db
      .selectFrom('second_factor_failures')
      .select(['id', 'failed_at'])
      .where('user_id', '=', userId)
      .where('failed_at', '>', since)
      .orderBy('failed_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, failedAt: new Date(row.failed_at) }));
  },

  async settleAttempt(db: Db, id: number): Promise<void> {
    await db.updateTable('second_factor_failures').set({ pending: false }).where('id', '=', id).execute();
  },

  async deleteAttempt(db: Db, id: number): Promise<void> {
    await db.deleteFrom('second_factor_failures').where('id', '=', id).execute();
  },

  /** A right code: the user's wrong ones are forgiven, and old rows of everyone go. */
  async clearAttempts(db: Db, userId: number, before: Date): Promise<void> {
    await db
      .deleteFrom('second_factor_failures')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('failed_at', '<=', before)]))
      .execute();
  },

  async createChallenge(
    db: Db,
    challenge: {
      tokenHash: string;
      userId: number;
      remember: boolean;
      ip: string | null;
      userAgent: string | null;
      expiresAt: Date;
      ssoIssuer?: string;
    },
  ): Promise<void> {
    await db
      .insertInto('sign_in_challenges')
      .values({
        token_hash: challenge.tokenHash,
        user_id: challenge.userId,
        remember: challenge.remember,
        ip: challenge.ip,
        user_agent: challenge.userAgent,
        expires_at: challenge.expiresAt,
        sso_issuer: challenge.ssoIssuer ?? null,
      })
      .execute();
  },

  async findChallenge(db: Db, tokenHash: string, now: Date) {
    return db
      .selectFrom('sign_in_challenges')
      .select(['id', 'user_id', 'remember', 'ip', 'user_agent', 'sso_issuer'])
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  async deleteChallenge(db: Db, id: number, now: Date): Promise<void> {
    await db
      .deleteFrom('sign_in_challenges')
      .where((eb) => eb.or([eb('id', '=', id), eb('expires_at', '<=', now)]))
      .execute();
  },
};
