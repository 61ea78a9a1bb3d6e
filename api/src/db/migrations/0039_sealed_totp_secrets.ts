import { sql, type Kysely, type Migration } from 'kysely';
import { isSealed, open, seal, totpBinding } from '../../lib/secret-box';

/**
 * TOTP secrets sealed at rest (lib/secret-box.ts): users.totp_secret and users.totp_pending held the
 * base32 secret in the clear since 0032; from now on they hold it sealed with AES-256-GCM under the
 * key from SECRET_KEY (or DATA_DIR/secret.key). This migration seals the secrets already stored;
 * down opens them again. The key is asked for only when there is something to seal or open, so a
 * fresh database migrates without one.
 */
export interface SealedTotpContext {
  /** The AES key of TOTP secrets; throws when none is configured. */
  totpKey: () => Buffer;
}

type Row = { id: number; totp_secret: string | null; totp_pending: string | null };

async function rewrite(db: Kysely<any>, change: (value: string, userId: number) => string | null): Promise<void> {
  const rows = (await db
    .selectFrom('users')
    .select(['id', 'totp_secret', 'totp_pending'])
    .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending', 'is not', null)]))
    .execute()) as Row[];
  for (const row of rows) {
    const secret = row.totp_secret === null ? null : change(row.totp_secret, row.id);
    const pending = row.totp_pending === null ? null : change(row.totp_pending, row.id);
    if (secret === row.totp_secret && pending === row.totp_pending) continue;
    await db.updateTable('users').set({ totp_secret: secret, totp_pending: pending }).where('id', '=', row.id).execute();
  }
}

export function sealedTotpSecrets(context: SealedTotpContext): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await rewrite(db, (value, userId) => (isSealed(value) ? value : seal(context.totpKey(), value, totpBinding(userId))));
      await sql`comment on column users.totp_secret is 'TOTP secret sealed with AES-256-GCM (lib/secret-box.ts), never the base32 text'`.execute(
        db,
      );
    },
    async down(db: Kysely<any>): Promise<void> {
      await rewrite(db, (value, userId) => (isSealed(value) ? open(context.totpKey(), value, totpBinding(userId)) : value));
      await sql`comment on column users.totp_secret is null`.execute(db);
    },
  };
}
