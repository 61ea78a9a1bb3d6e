import type { Db } from '../db/schema';

/** The SQL of passkeys: a user's credentials and the WebAuthn challenges handed out. */

export interface StoredPasskey {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** 'invite': an invitation accepted with a passkey (the user is the invited one). */
export type ChallengePurpose = 'register' | 'sign_in' | 'second_factor' | 'invite';

const COLUMNS = ['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'created_at', 'last_used_at'] as const;

function toPasskey(row: {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports ? row.transports.split(',') : [],
    name: row.name,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  };
}

export const passkeysRepository = {
  async listOf(db: Db, userId: number): Promise<StoredPasskey[]> {
    const rows = await db.selectFrom('passkeys').select(COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
    return rows.map(toPasskey);
  },

  async countOf(db: Db, userId: number): Promise<number> {
    const row = await db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  async findByCredential(db: Db, credentialId: string, options: { lock?: boolean } = {}): Promise<StoredPasskey | undefined> {
    let query = db.selectFrom('passkeys').select(COLUMNS).where('credential_id', '=', credentialId);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toPasskey(row);
  },

  async insert(
    db: Db,
    passkey: {
      userId: number;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string[];
      deviceType: string;
      backedUp: boolean;
      name: string;
      now: Date;
    },
  ): Promise<StoredPasskey> {
    const row = await db
      .insertInto('passkeys')
      .values({
        user_id: passkey.userId,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports.join(','),
        device_type: passkey.deviceType,
        backed_up: passkey.backedUp,
        name: passkey.name,
        created_at: passkey.now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toPasskey(row);
  },

  /** The user's sessions that were allowed only to enrol a second factor may do everything now. */
  async endEnrolment(db: Db, userId: number): Promise<void> {
    await db.updateTable('sessions').set({ enrol_second_factor: false }).where('user_id', '=', userId).execute();
  },

  /** After an accepted assertion: its counter and when. */
  async markUsed(db: Db, id: number, counter: number, now: Date): Promise<void> {
    await db.updateTable('passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute();
  },

  /** Deletes a passkey of the user; undefined when the user has none with this id. */
  async delete(db: Db, userId: number, id: number): Promise<StoredPasskey | undefined> {
    const row = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning(COLUMNS).executeTakeFirst();
    return row && toPasskey(row);
  },

  async userHandleOf(db: Db, userId: number): Promise<string | null> {
    const row = await db.selectFrom('users').select('webauthn_user_id').where('id', '=', userId).executeTakeFirst();
    return row?.webauthn_user_id ?? null;
  },

  /** Sets the user's handle unless one is set already; answers the one that holds. */
  async ensureUserHandle(db: Db, userId: number, handle: string): Promise<string> {
    await db
      .updateTable('users')
      .set({ webauthn_user_id: handle })
      .where('id', '=', userId)
      .where('webauthn_user_id', 'is', null)
      .execute();
    return (await passkeysRepository.userHandleOf(db, userId)) ?? handle;
  },

  async createChallenge(
    db: Db,
    challenge: {
      challenge: string;
      purpose: ChallengePurpose;
      userId: number | null;
      signInChallengeId: number | null;
      expiresAt: Date;
      now: Date;
    },
  ): Promise<void> {
    // Old unanswered challenges of everyone go as new ones come.
    await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', challenge.now).execute();
    await db
      .insertInto('webauthn_challenges')
      .values({
        challenge: challenge.challenge,
        purpose: challenge.purpose,
        user_id: challenge.userId,
        sign_in_challenge_id: challenge.signInChallengeId,
        expires_at: challenge.expiresAt,
      })
      .execute();
  },

  /**
   * Takes a challenge (deletes it: single use, even when the answer then fails) when it is live and
   * of this purpose; undefined otherwise. Two processes taking the same one: only one gets the row.
   */
  async takeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, now: Date) {
    return db
      .deleteFrom('webauthn_challenges')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', now)
      .returning(['user_id', 'sign_in_challenge_id'])
      .executeTakeFirst();
  },
};
