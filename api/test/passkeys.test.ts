import type { FastifyInstance } from 'fastify';
import { body, DEMO, describeEachDatabase, describeTwoProcessesOnPostgres, expectError } from './helpers';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * Passkeys through the API with a software authenticator (real keys and signatures, the server's real
 * WebAuthn verification): added in My account, password-less sign-in, the second step after the
 * password, removal, a role requiring two-factor satisfied by a passkey. Challenges are single use and
 * expire; the origin and RP ID are the configured public origin's; counters must grow.
 */
const PUBLIC_URL = 'https://newsdesk.example';
const RP = { origin: PUBLIC_URL, rpID: 'newsdesk.example' };

describeEachDatabase(
  'passkeys',
  (ctx) => {
    const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.inject({ method, url, headers: token ? { authentication: token } : {}, ...(payload ? { payload } : {}) });
    const passwordStep = async (username: keyof typeof DEMO) =>
      body(await call(undefined, 'POST', '/api/v2/session', { username, password: DEMO[username] })).data;

    /** Adds a passkey for the session `token`: answers the authenticator and the added passkey. */
    async function addPasskey(token: string, name: string) {
      const options = await call(token, 'POST', '/api/v2/account/passkeys/options');
      expect(options.statusCode).toBe(200);
      const optionsJSON = body(options).data.options;
      expect(optionsJSON).toMatchObject({ rp: { id: RP.rpID, name: 'Newsdesk' }, authenticatorSelection: { residentKey: 'required' } });
      const authenticator = new SoftwareAuthenticator(RP);
      const added = await call(token, 'POST', '/api/v2/account/passkeys', { name, response: authenticator.register(optionsJSON) });
      expect(added.statusCode).toBe(200);
      return { authenticator, passkey: body(added).data as { id: number; name: string; created: string; last_used: string | null } };
    }

    const signInOptions = async () => body(await call(undefined, 'POST', '/api/v2/session/passkey/options')).data.options;
    /** The users' passkeys as later tests need them (a user with one no longer gets a session from the password alone). */
    const keys: Record<string, SoftwareAuthenticator> = {};
    const passkeySession = async (username: string) =>
      body(await call(undefined, 'POST', '/api/v2/session/passkey', { response: keys[username]!.authenticate(await signInOptions()) })).data
        .auth as string;

    it('adds a named passkey; the options are single use and expire; a wrong origin does not verify; the log names it without its key', async () => {
      const token = (await passwordStep('editor')).auth as string;
      const { passkey, authenticator: laptop } = await addPasskey(token, 'Laptop');
      keys.editor = laptop;
      expect(passkey).toMatchObject({ name: 'Laptop', last_used: null });
      expect(body(await call(token, 'GET', '/api/v2/account/passkeys')).data).toEqual([passkey]);

      // The same answer again: its challenge was taken.
      const options = body(await call(token, 'POST', '/api/v2/account/passkeys/options')).data;
      expect(options.options.excludeCredentials).toHaveLength(1);
      const other = new SoftwareAuthenticator(RP);
      const answer = other.register(options.options);
      expect((await call(token, 'POST', '/api/v2/account/passkeys', { name: 'Phone', response: answer })).statusCode).toBe(200);
      expectError(await call(token, 'POST', '/api/v2/account/passkeys', { name: 'Phone', response: answer }), 400, /expired or was used/);

      // Another origin than the configured public one.
      const wrongOrigin = new SoftwareAuthenticator(RP).register(
        body(await call(token, 'POST', '/api/v2/account/passkeys/options')).data.options,
        { origin: 'https://evil.example' },
      );
      expectError(
        await call(token, 'POST', '/api/v2/account/passkeys', { name: 'Evil', response: wrongOrigin }),
        400,
        /could not be verified/,
      );

      // Expired options.
      const late = body(await call(token, 'POST', '/api/v2/account/passkeys/options')).data.options;
      await ctx.app.db
        .updateTable('webauthn_challenges')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .execute();
      expectError(
        await call(token, 'POST', '/api/v2/account/passkeys', { name: 'Late', response: new SoftwareAuthenticator(RP).register(late) }),
        400,
        /expired or was used/,
      );

      // Another user's registration options are not this user's.
      const admin = (await passwordStep('admin')).auth as string;
      const foreign = body(await call(admin, 'POST', '/api/v2/account/passkeys/options')).data.options;
      expect(
        body(
          await call(token, 'POST', '/api/v2/account/passkeys', { name: 'X', response: new SoftwareAuthenticator(RP).register(foreign) }),
        ).data.error,
      ).toBe('passkey_challenge_invalid');

      const entries = await ctx.app.db.selectFrom('activity_log').selectAll().where('action', '=', 'passkey_add').execute();
      expect(entries.map((entry) => entry.details)).toEqual([
        expect.objectContaining({ name: 'Laptop', passkey_id: passkey.id }),
        expect.objectContaining({ name: 'Phone' }),
      ]);
      const storedKeys = await ctx.app.db.selectFrom('passkeys').select('public_key').execute();
      const logged = JSON.stringify(await ctx.app.db.selectFrom('activity_log').selectAll().execute()) + ctx.logs.join('');
      for (const { public_key } of storedKeys) expect(logged).not.toContain(public_key);

      // Passkeys count as two-factor on the Users list.
      const on = body(await call(admin, 'GET', '/api/v2/users?two_factor=on')).data as Array<{ username: string }>;
      expect(on.map((user) => user.username)).toEqual(['editor']);
    });

    it('signs in with a passkey alone: once per challenge, with user verification, a growing counter; unknown passkeys are refused', async () => {
      const token = await passkeySession('editor');
      const { authenticator, passkey } = await addPasskey(token, 'Key');

      const answer = authenticator.authenticate(await signInOptions());
      const signedIn = await call(undefined, 'POST', '/api/v2/session/passkey', { response: answer });
      expect(signedIn.statusCode).toBe(200);
      const session = body(signedIn).data;
      expect(session).toMatchObject({ user: { username: 'editor' }, second_factor_enrolment: false });
      expect((await call(session.auth, 'GET', '/api/v2/portal/importer')).statusCode).toBe(200);
      const listed = (
        body(await call(token, 'GET', '/api/v2/account/passkeys')).data as Array<{ id: number; last_used: string | null }>
      ).find((item) => item.id === passkey.id);
      expect(listed?.last_used).toEqual(expect.any(String));
      const signIns = await ctx.app.db.selectFrom('activity_log').select('details').where('action', '=', 'sign_in').execute();
      expect(signIns.map((entry) => entry.details)).toContainEqual(expect.objectContaining({ method: 'passkey', passkey_id: passkey.id }));

      // Replayed: the challenge is gone.
      expectError(await call(undefined, 'POST', '/api/v2/session/passkey', { response: answer }), 400, /expired or was used/);
      // A counter that does not grow (a cloned authenticator).
      const cloned = authenticator.authenticate(await signInOptions(), { step: 0 });
      expect(body(await call(undefined, 'POST', '/api/v2/session/passkey', { response: cloned })).data.error).toBe('passkey_invalid');
      // Without user verification a passkey alone is not enough.
      const unverified = authenticator.authenticate(await signInOptions(), { userVerified: false });
      expect(body(await call(undefined, 'POST', '/api/v2/session/passkey', { response: unverified })).data.error).toBe('passkey_invalid');
      // A passkey the server does not know.
      const stranger = new SoftwareAuthenticator(RP).authenticate(await signInOptions());
      expectError(await call(undefined, 'POST', '/api/v2/session/passkey', { response: stranger }), 400, /not registered/);
      // Still works after the refusals.
      expect(
        (await call(undefined, 'POST', '/api/v2/session/passkey', { response: authenticator.authenticate(await signInOptions()) }))
          .statusCode,
      ).toBe(200);
    });

    it('a passkey is the second factor after the password; the sign-in challenge is used up', async () => {
      const token = (await passwordStep('approver')).auth as string;
      const { authenticator } = await addPasskey(token, 'Phone');
      const first = await passwordStep('approver');
      expect(first).toMatchObject({ second_factor: 'passkey', methods: ['passkey'], challenge: expect.any(String) });
      expect(first.auth).toBeUndefined();

      const options = await call(undefined, 'POST', '/api/v2/session/second-factor/passkey-options', { challenge: first.challenge });
      expect(options.statusCode).toBe(200);
      expect(body(options).data.options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
      const answer = authenticator.authenticate(body(options).data.options);
      const second = await call(undefined, 'POST', '/api/v2/session/second-factor/passkey', {
        challenge: first.challenge,
        response: answer,
      });
      expect(second.statusCode).toBe(200);
      expect((await call(body(second).data.auth, 'GET', '/api/v2/portal/creators')).statusCode).toBe(200);
      expect(
        body(await call(undefined, 'POST', '/api/v2/session/second-factor/passkey-options', { challenge: first.challenge })).data.error,
      ).toBe('sign_in_challenge_invalid');

      // Another user's passkey does not answer this user's step.
      const submitterKey = await addPasskey((await passwordStep('submitter')).auth as string, 'Other');
      keys.submitter = submitterKey.authenticator;
      const again = await passwordStep('approver');
      const againOptions = body(
        await call(undefined, 'POST', '/api/v2/session/second-factor/passkey-options', { challenge: again.challenge }),
      ).data;
      const foreign = submitterKey.authenticator.authenticate(againOptions.options);
      expect(
        body(await call(undefined, 'POST', '/api/v2/session/second-factor/passkey', { challenge: again.challenge, response: foreign })).data
          .error,
      ).toBe('passkey_unknown');
    });

    it('removes a passkey with the current password (not another user’s); the log says so', async () => {
      const token = await passkeySession('submitter');
      await addPasskey(token, 'Spare');
      const mine = body(await call(token, 'GET', '/api/v2/account/passkeys')).data as Array<{ id: number; name: string }>;
      const spare = mine.find((item) => item.name === 'Spare')!;
      expectError(await call(token, 'POST', `/api/v2/account/passkeys/${spare.id}/remove`, {}), 400, /Confirm with your current password/);
      expect(
        body(await call(token, 'POST', `/api/v2/account/passkeys/${spare.id}/remove`, { password: 'wrong-password' })).data.error,
      ).toBe('password_current_wrong');
      const [foreign] = await ctx.app.db.selectFrom('passkeys').select('id').where('name', '=', 'Laptop').execute();
      expectError(
        await call(token, 'POST', `/api/v2/account/passkeys/${foreign!.id}/remove`, { password: DEMO.submitter }),
        404,
        /does not exist/,
      );
      expect((await call(token, 'POST', `/api/v2/account/passkeys/${spare.id}/remove`, { password: DEMO.submitter })).statusCode).toBe(200);
      expect(
        (body(await call(token, 'GET', '/api/v2/account/passkeys')).data as Array<{ id: number }>).map((item) => item.id),
      ).not.toContain(spare.id);
      const removed = await ctx.app.db.selectFrom('activity_log').select('details').where('action', '=', 'passkey_remove').execute();
      expect(removed.map((entry) => entry.details)).toEqual([expect.objectContaining({ passkey_id: spare.id, name: 'Spare' })]);
    });

    it('a role requiring two-factor is satisfied by a passkey, added from the enrol-only session; the last one cannot be removed', async () => {
      const admin = (await passwordStep('admin')).auth as string;
      const roles = body(await call(admin, 'GET', '/api/v2/roles')).data as Array<{
        id: number;
        name: string;
        title: string;
        version: number;
        rights: string[];
      }>;
      const role = roles.find((candidate) => candidate.name === 'admin')!;
      const saved = await call(admin, 'POST', '/api/v2/roles', { ...role, require_2fa: true });
      expect(saved.statusCode).toBe(200);

      const signedIn = await passwordStep('admin');
      expect(signedIn.second_factor_enrolment).toBe(true);
      expectError(await call(signedIn.auth, 'GET', '/api/v2/users'), 403, /requires two-factor/);
      const { passkey } = await addPasskey(signedIn.auth, 'Admin key');
      expect((await call(signedIn.auth, 'GET', '/api/v2/users')).statusCode).toBe(200);
      const kept = await call(signedIn.auth, 'POST', `/api/v2/account/passkeys/${passkey.id}/remove`, { password: DEMO.admin });
      expect(body(kept).data.error).toBe('two_factor_required_by_role');
    });
  },
  { config: { publicUrl: PUBLIC_URL } },
);

describeTwoProcessesOnPostgres('passkey ceremonies across two API processes', { publicUrl: PUBLIC_URL }, (processes) => {
  const call = (app: FastifyInstance, token: string | undefined, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: token ? { authentication: token } : {}, ...(payload ? { payload } : {}) });

  it('options from one process, the answer to the other; the challenge is used up on both', async () => {
    const token = body(await call(processes.a, undefined, '/api/v2/session', { username: 'editor', password: DEMO.editor })).data
      .auth as string;
    const authenticator = new SoftwareAuthenticator(RP);
    const creation = body(await call(processes.a, token, '/api/v2/account/passkeys/options')).data.options;
    const added = await call(processes.b, token, '/api/v2/account/passkeys', {
      name: 'Laptop',
      response: authenticator.register(creation),
    });
    expect(added.statusCode).toBe(200);

    const answer = authenticator.authenticate(body(await call(processes.b, undefined, '/api/v2/session/passkey/options')).data.options);
    const [first, second] = await Promise.all([
      call(processes.a, undefined, '/api/v2/session/passkey', { response: answer }),
      call(processes.b, undefined, '/api/v2/session/passkey', { response: answer }),
    ]);
    // Sent to both at once: exactly one signs in.
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
  });
});
