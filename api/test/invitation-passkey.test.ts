import { body, describeEachDatabase, expectError } from './helpers';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * An invitation accepted with a passkey instead of a password, through the API with a software
 * authenticator (real keys, the server's real WebAuthn verification): the registration is checked
 * against the invitation's challenge (single use, user verification required), the link is used up,
 * the person is signed in at once (a passkey is two factors itself) and later signs in password-less.
 */
const PUBLIC_URL = 'https://newsdesk.example';
const RP = { origin: PUBLIC_URL, rpID: 'newsdesk.example' };

describeEachDatabase(
  'invitation accepted with a passkey',
  (ctx) => {
    const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.inject({ method, url, headers: token ? { authentication: token } : {}, ...(payload ? { payload } : {}) });

    async function invite(name: string, email: string) {
      const admin = await ctx.login('admin');
      const roles = body(await call(admin, 'GET', '/api/v2/roles')).data as Array<{ id: number; name: string }>;
      const submitter = roles.find((role) => role.name === 'submitter')!.id;
      const answer = await call(admin, 'POST', '/api/v2/users/invite', { name, email, roles: [submitter] });
      expect(answer.statusCode).toBe(200);
      const { user, link } = body(answer).data as { user: { id: number; username: string }; link: string };
      return { admin, user, token: link.split('#')[1] as string };
    }
    const options = async (token: string) => call(undefined, 'POST', '/api/v2/account-link/passkey/options', { token });

    it('registers the passkey against the invitation, signs the person in, uses the link up; the passkey then signs in alone', async () => {
      const { admin, user, token } = await invite('Pat Passkey', 'pat.passkey@newsdesk.example');
      const offered = await options(token);
      expect(offered.statusCode).toBe(200);
      const optionsJSON = body(offered).data.options;
      expect(optionsJSON).toMatchObject({
        rp: { id: RP.rpID },
        user: { name: user.username },
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const authenticator = new SoftwareAuthenticator(RP);
      const response = authenticator.register(optionsJSON);
      const accepted = await call(undefined, 'POST', '/api/v2/account-link/passkey', { token, name: 'Laptop', response });
      expect(accepted.statusCode).toBe(200);
      expect(body(accepted).message).toBe('Signed in');
      const session = body(accepted).data as { auth: string; user: { id: number } };
      expect(session.user.id).toBe(user.id);
      expect((await call(session.auth, 'GET', '/api/v2/user')).statusCode).toBe(200);
      expect(body(await call(session.auth, 'GET', '/api/v2/account/passkeys')).data).toEqual([expect.objectContaining({ name: 'Laptop' })]);

      // The link worked once: neither the answer again nor new options.
      expectError(await call(undefined, 'POST', '/api/v2/account-link/passkey', { token, name: 'Again', response }), 400, /not valid/);
      expect(body(await options(token)).data.error).toBe('link_invalid');
      expect(
        body(await call(undefined, 'POST', '/api/v2/account-link/password', { token, password: 'a brand new passphrase' })).data.error,
      ).toBe('link_invalid');

      // Active (not invited) on the Users screen; the acceptance is logged with the passkey, never a key.
      expect(body(await call(admin, 'GET', `/api/v2/users/${user.id}`)).data.status).toBe('active');
      const entries = await ctx.app.db
        .selectFrom('activity_log')
        .select(['action', 'details'])
        .where('entity_id', '=', user.id)
        .where('action', 'in', ['accept_invitation', 'passkey_add', 'sign_in'])
        .orderBy('id')
        .execute();
      expect(entries.map((entry) => entry.action)).toEqual(['passkey_add', 'accept_invitation', 'sign_in']);
      expect(JSON.stringify(entries)).not.toContain(response.response.attestationObject);

      // Password-less sign-in with it.
      const signInOptions = body(await call(undefined, 'POST', '/api/v2/session/passkey/options')).data.options;
      const signedIn = await call(undefined, 'POST', '/api/v2/session/passkey', { response: authenticator.authenticate(signInOptions) });
      expect(signedIn.statusCode).toBe(200);
      expect(body(signedIn).data.user.id).toBe(user.id);
    });

    it("refuses an answer without user verification, to another invitation's challenge, or to a reset link", async () => {
      const first = await invite('Uma Unverified', 'uma@newsdesk.example');
      const firstOptions = body(await options(first.token)).data.options;
      const unverified = new SoftwareAuthenticator(RP).register(firstOptions, { userVerified: false });
      expectError(
        await call(undefined, 'POST', '/api/v2/account-link/passkey', { token: first.token, name: 'Key', response: unverified }),
        400,
        /passkey/i,
      );
      // The challenge was taken by that answer: the same options do not work a second time.
      const again = new SoftwareAuthenticator(RP).register(firstOptions);
      expect(
        body(await call(undefined, 'POST', '/api/v2/account-link/passkey', { token: first.token, name: 'Key', response: again })).data
          .error,
      ).toBe('passkey_challenge_invalid');

      // Options made for one invitation do not accept another's.
      const second = await invite('Sid Second', 'sid@newsdesk.example');
      const crossed = new SoftwareAuthenticator(RP).register(body(await options(first.token)).data.options);
      expect(
        body(await call(undefined, 'POST', '/api/v2/account-link/passkey', { token: second.token, name: 'Key', response: crossed })).data
          .error,
      ).toBe('passkey_challenge_invalid');
      // Neither invitation was used up by the refusals.
      expect((await options(second.token)).statusCode).toBe(200);
      expect(body(await call(first.admin, 'GET', `/api/v2/users/${second.user.id}`)).data.status).toBe('invited');

      // A reset link keeps the password: no passkey in its place.
      const editor = (await ctx.app.db.selectFrom('users').select('id').where('username', '=', 'editor').executeTakeFirstOrThrow()).id;
      const reset = body(await call(first.admin, 'POST', `/api/v2/users/${editor}/reset-link`)).data.link as string;
      const refused = await options(reset.split('#')[1] as string);
      expectError(refused, 400, /only when accepting an invitation/);
      expect(body(refused).data.error).toBe('link_passkey_invitation_only');
    });
  },
  { config: { publicUrl: PUBLIC_URL } },
);
