import { sealedTotpSecrets } from '../src/db/migrations/0039_sealed_totp_secrets';
import { deriveSecretKey, open, totpBinding } from '../src/lib/secret-box';
import { newTotpSecret, totpCode } from '../src/lib/totp';
import { body, DEMO, describeEachDatabase } from './helpers';

/**
 * TOTP secrets are sealed at rest (AES-256-GCM under a key from SECRET_KEY): the users table never
 * holds the base32 secret, neither while enrolling nor once on; a secret stored in the clear before is
 * sealed by migration 0039, and sign-in by code goes on working with it.
 */
const SECRET_KEY = 'a test secret key of at least twenty-four characters';
const key = deriveSecretKey(SECRET_KEY, 'totp-secret');

describeEachDatabase(
  'TOTP secrets at rest',
  (ctx) => {
    const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.inject({ method, url, headers: token ? { authentication: token } : {}, ...(payload ? { payload } : {}) });
    const stored = (username: string) =>
      ctx.app.db
        .selectFrom('users')
        .select(['id', 'totp_secret', 'totp_pending'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();

    it('the pending and the confirmed secret are stored sealed, never as the base32 text; sign-in by code works', async () => {
      const token = body(await call(undefined, 'POST', '/api/v2/session', { username: 'editor', password: DEMO.editor })).data
        .auth as string;
      const { secret } = body(await call(token, 'POST', '/api/v2/account/two-factor')).data as { secret: string };
      const pending = await stored('editor');
      expect(pending.totp_pending).toMatch(/^v1:/);
      expect(pending.totp_pending).not.toContain(secret);
      expect(open(key, pending.totp_pending as string, totpBinding(pending.id))).toBe(secret);

      expect((await call(token, 'POST', '/api/v2/account/two-factor/confirm', { code: totpCode(secret) })).statusCode).toBe(200);
      const on = await stored('editor');
      expect(on.totp_pending).toBeNull();
      expect(on.totp_secret).toMatch(/^v1:/);
      expect(on.totp_secret).not.toContain(secret);

      const challenge = body(await call(undefined, 'POST', '/api/v2/session', { username: 'editor', password: DEMO.editor })).data
        .challenge;
      const next = totpCode(secret, new Date(Date.now() + 30_000));
      expect((await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge, code: next })).statusCode).toBe(200);
    });

    it('migration 0039 seals a secret stored in the clear; codes of that secret still sign in; down opens it again', async () => {
      const secret = newTotpSecret();
      await ctx.app.db.updateTable('users').set({ totp_secret: secret, totp_last_step: 0 }).where('username', '=', 'approver').execute();
      const migration = sealedTotpSecrets({ totpKey: () => key });
      await migration.up(ctx.app.db);
      const row = await stored('approver');
      expect(row.totp_secret).toMatch(/^v1:/);
      expect(row.totp_secret).not.toContain(secret);
      // Sealing twice changes nothing.
      await migration.up(ctx.app.db);
      expect((await stored('approver')).totp_secret).toBe(row.totp_secret);

      const challenge = body(await call(undefined, 'POST', '/api/v2/session', { username: 'approver', password: DEMO.approver })).data
        .challenge;
      expect((await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge, code: totpCode(secret) })).statusCode).toBe(200);

      await migration.down?.(ctx.app.db);
      expect((await stored('approver')).totp_secret).toBe(secret);
    });

    it('a sealed secret copied onto another user does not open, and a key other than SECRET_KEY opens nothing', async () => {
      const token = body(await call(undefined, 'POST', '/api/v2/session', { username: 'submitter', password: DEMO.submitter })).data
        .auth as string;
      await call(token, 'POST', '/api/v2/account/two-factor');
      const row = await stored('submitter');
      expect(() => open(key, row.totp_pending as string, totpBinding(row.id + 1))).toThrow(/does not open/);
      expect(() =>
        open(deriveSecretKey('another key of twenty-four characters', 'totp-secret'), row.totp_pending as string, totpBinding(row.id)),
      ).toThrow(/does not open/);
    });
  },
  { config: { secretKey: SECRET_KEY } },
);
