import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** The SQL of single sign-on: provider identities linked to users, sign-ins under way, hand-offs to the shell. */
export const ssoRepository = {
  async createRequest(
    db: Db,
    request: { stateHash: string; codeVerifier: string; nonce: string; returnTo: string | null; expiresAt: Date },
  ): Promise<void> {
    await db
      .insertInto('sso_requests')
      .values({
        state_hash: request.stateHash,
        code_verifier: request.codeVerifier,
        nonce: request.nonce,
        return_to: request.returnTo,
        expires_at: request.expiresAt,
      })
      .execute();
  },

  /** Takes the sign-in of this state (deleted: a state works once, on whichever process gets it first). */
  async takeRequest(db: Db, stateHash: string, now: Date) {
    const row = await db
      .deleteFrom('sso_requests')
      .where('state_hash', '=', stateHash)
      .returning(['code_verifier', 'nonce', 'return_to', 'expires_at'])
      .executeTakeFirst();
    return row && new Date(row.expires_at).getTime() > now.getTime() ? row : undefined;
  },

  /** Forgets sign-ins and hand-offs that nobody finished. */
  async pruneExpired(db: Db, now: Date): Promise<void> {
    await db.deleteFrom('sso_requests').where('expires_at', '<=', now).execute();
    await db.deleteFrom('sso_handoffs').where('expires_at', '<=', now).execute();
  },

  async findLinkedUser(db: Db, issuer: string, subject: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('sso_links')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  },

  /** Whether the user is linked to another subject of this issuer already. */
  async linkedToOther(db: Db, issuer: string, subject: string, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('sso_links')
      .select('subject')
      .where('issuer', '=', issuer)
      .where('user_id', '=', userId)
      .where('subject', '<>', subject)
      .executeTakeFirst();
    return row !== undefined;
  },

  async link(db: Db, issuer: string, subject: string, userId: number, now: Date): Promise<void> {
    await db
      .insertInto('sso_links')
      .values({ issuer, subject, user_id: userId, created_at: now, last_sign_in_at: now })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doUpdateSet({ last_sign_in_at: now }))
      .execute();
  },

  /** The user with this email (any case), if exactly one. */
  async userByEmail(db: Db, email: string): Promise<number | undefined> {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .limit(2)
      .execute();
    return rows.length === 1 ? rows[0]?.id : undefined;
  },

  /** Ids of the roles with these names (names not found are left out). */
  async roleIdsByName(db: Db, names: string[]): Promise<Array<{ id: number; name: string }>> {
    if (names.length === 0) return [];
    return db.selectFrom('roles').select(['id', 'name']).where('name', 'in', names).orderBy('id').execute();
  },

  async roleIdsOf(db: Db, userId: number): Promise<number[]> {
    const rows = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
    return rows.map((row) => row.role_id);
  },

  async createHandoff(db: Db, handoff: { tokenHash: string; userId: number; issuer: string; expiresAt: Date }): Promise<void> {
    await db
      .insertInto('sso_handoffs')
      .values({ token_hash: handoff.tokenHash, user_id: handoff.userId, issuer: handoff.issuer, expires_at: handoff.expiresAt })
      .execute();
  },

  /** Takes a hand-off (deleted: it works once). */
  async takeHandoff(db: Db, tokenHash: string, now: Date) {
    const row = await db
      .deleteFrom('sso_handoffs')
      .where('token_hash', '=', tokenHash)
      .returning(['user_id', 'issuer', 'expires_at'])
      .executeTakeFirst();
    return row && new Date(row.expires_at).getTime() > now.getTime() ? row : undefined;
  },
};
