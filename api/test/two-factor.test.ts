import { totpCode } from '../src/lib/totp';
import { body, DEMO, describeEachDatabase, expectError } from './helpers';

/**
 * Two-factor sign-in by TOTP: enrolment from My account (the code computed here from the secret the
 * API shows, as an authenticator app would), 10 single-use recovery codes stored hashed, sign-in in
 * two steps (no session before the code), wrong codes limited per user in the database, removal
 * with a code or the password, and a role that requires it (its members may only enrol until they have).
 */

/** The code of this 30-second step or the next (both accepted): a code works once, so a second use in a test takes the next. */
function codeAt(secret: string, stepsAhead: 0 | 1): string {
  return totpCode(secret, new Date(Date.now() + stepsAhead * 30_000));
}

describeEachDatabase('two-factor sign-in', (ctx) => {
  const call = (token: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.inject({ method, url, headers: token ? { authentication: token } : {}, ...(payload ? { payload } : {}) });
  const passwordStep = (username: keyof typeof DEMO) => call(undefined, 'POST', '/api/v2/session', { username, password: DEMO[username] });

  async function enrol(username: keyof typeof DEMO) {
    const token = body(await passwordStep(username)).data.auth as string;
    const setup = await call(token, 'POST', '/api/v2/account/two-factor');
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qr } = body(setup).data;
    expect(uri).toMatch(new RegExp(`^otpauth://totp/Newsdesk:${username}\\?`));
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.slice(qr.indexOf(',') + 1), 'base64').toString()).toMatch(/^<svg [^>]*viewBox=/);
    const confirmed = await call(token, 'POST', '/api/v2/account/two-factor/confirm', { code: codeAt(secret, 0) });
    expect(confirmed.statusCode).toBe(200);
    return { token, secret: secret as string, recovery: body(confirmed).data.recovery_codes as string[] };
  }

  it('enrols with a code of the shown secret; 10 different recovery codes, stored hashed; the account and the Users list say so', async () => {
    const { token, secret, recovery } = await enrol('approver');
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const stored = await ctx.app.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const code of recovery) expect(JSON.stringify(stored)).not.toContain(code);
    expect(body(await call(token, 'GET', '/api/v2/account')).data).toMatchObject({ two_factor: true, recovery_codes_left: 10 });
    // A second enrolment needs removal first.
    expect(body(await call(token, 'POST', '/api/v2/account/two-factor')).data.error).toBe('two_factor_already_on');

    const admin = body(await passwordStep('admin')).data.auth as string;
    const on = body(await call(admin, 'GET', '/api/v2/users?two_factor=on')).data as Array<{ username: string; two_factor: boolean }>;
    expect(on.map((user) => user.username)).toEqual(['approver']);
    const off = body(await call(admin, 'GET', '/api/v2/users?two_factor=off')).data as Array<{ username: string }>;
    expect(off.map((user) => user.username)).not.toContain('approver');

    const logged = JSON.stringify(await ctx.app.db.selectFrom('activity_log').selectAll().execute()) + ctx.logs.join('');
    expect(logged).not.toContain(secret);
    for (const code of recovery) expect(logged).not.toContain(code);
  });

  it('a wrong code does not enrol', async () => {
    const token = body(await passwordStep('submitter')).data.auth as string;
    expect((await call(token, 'POST', '/api/v2/account/two-factor/confirm', { code: '123456' })).statusCode).toBe(409);
    const { secret } = body(await call(token, 'POST', '/api/v2/account/two-factor')).data;
    const wrong = String((Number(codeAt(secret, 0)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(token, 'POST', '/api/v2/account/two-factor/confirm', { code: wrong });
    expectError(refused, 400, /This code is not right/);
    expect(body(await call(token, 'GET', '/api/v2/account')).data.two_factor).toBe(false);
  });

  it('signs in in two steps: no session before the code; a TOTP code and a recovery code each work once', async () => {
    const { secret, recovery } = await enrol('editor');
    const sessionsBefore = await ctx.app.db.selectFrom('sessions').select('id').execute();
    const first = await passwordStep('editor');
    expect(first.statusCode).toBe(200);
    expect(body(first)).toMatchObject({ message: 'Code needed', data: { second_factor: 'totp', challenge: expect.any(String) } });
    expect(body(first).data.auth).toBeUndefined();
    expect(await ctx.app.db.selectFrom('sessions').select('id').execute()).toHaveLength(sessionsBefore.length);

    const code = codeAt(secret, 1);
    const second = await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge: body(first).data.challenge, code });
    expect(second.statusCode).toBe(200);
    const token = body(second).data.auth as string;
    expect((await call(token, 'GET', '/api/v2/portal/importer')).statusCode).toBe(200);
    // The challenge is used up; the same code does not work twice.
    expect(
      body(await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge: body(first).data.challenge, code })).data.error,
    ).toBe('sign_in_challenge_invalid');
    const again = body(await passwordStep('editor')).data.challenge as string;
    expect(body(await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge: again, code })).data.error).toBe(
      'second_factor_code_wrong',
    );
    // A recovery code (any case, with the dash) works once.
    const recovered = await call(undefined, 'POST', '/api/v2/session/second-factor', {
      challenge: again,
      code: recovery[0]!.toUpperCase(),
    });
    expect(recovered.statusCode).toBe(200);
    const next = body(await passwordStep('editor')).data.challenge as string;
    expect((await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge: next, code: recovery[0] })).statusCode).toBe(400);
    expect(body(await call(body(recovered).data.auth, 'GET', '/api/v2/account')).data.recovery_codes_left).toBe(9);

    // Removal needs a current code or the password.
    const mine = body(recovered).data.auth as string;
    expect((await call(mine, 'POST', '/api/v2/account/two-factor/remove', { password: 'not the password' })).statusCode).toBe(400);
    expect((await call(mine, 'POST', '/api/v2/account/two-factor/remove', { password: DEMO.editor })).statusCode).toBe(200);
    expect(body(await passwordStep('editor')).data.auth).toEqual(expect.any(String));
    const actions = (await ctx.app.db.selectFrom('activity_log').select('action').where('action', 'like', 'two_factor%').execute()).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['two_factor_enrol', 'two_factor_refused', 'two_factor_remove']));
  });

  it('a password chosen through a reset link does not pass the second factor: the link answers the second step', async () => {
    const { secret } = await enrol('editor');
    const admin = body(await passwordStep('admin')).data.auth as string;
    const { id } = await ctx.app.db.selectFrom('users').select('id').where('username', '=', 'editor').executeTakeFirstOrThrow();
    const link = body(await call(admin, 'POST', `/api/v2/users/${id}/reset-link`)).data.link as string;
    const chosen = await call(undefined, 'POST', '/api/v2/account-link/password', {
      token: link.split('#')[1],
      password: 'a brand new passphrase',
    });
    expect(chosen.statusCode).toBe(200);
    expect(body(chosen)).toMatchObject({
      message: 'Code needed',
      data: { second_factor: 'totp', methods: ['totp'], challenge: expect.any(String) },
    });
    expect(body(chosen).data.auth).toBeUndefined();
    expect(await ctx.app.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);

    const second = await call(undefined, 'POST', '/api/v2/session/second-factor', {
      challenge: body(chosen).data.challenge,
      code: codeAt(secret, 1),
    });
    expect(second.statusCode).toBe(200);
    expect((await call(body(second).data.auth as string, 'GET', '/api/v2/account')).statusCode).toBe(200);
    // The chosen password is the password now (and still asks for the code).
    const again = await call(undefined, 'POST', '/api/v2/session', { username: 'editor', password: 'a brand new passphrase' });
    expect(body(again).message).toBe('Code needed');
  });

  it('limits wrong codes per user in the database: after 5 the right code is refused too (429)', async () => {
    const { secret } = await enrol('submitter');
    const challenge = body(await passwordStep('submitter')).data.challenge as string;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge, code: '000000' })).statusCode).toBe(400);
    }
    const limited = await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge, code: codeAt(secret, 1) });
    expect(limited.statusCode).toBe(429);
    expect(body(limited).data.error).toBe('too_many_second_factor_attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const counted = await ctx.app.db.selectFrom('second_factor_failures').select('id').execute();
    expect(counted.length).toBeGreaterThanOrEqual(5);
    // The window passed (as the database sees it): the right code works.
    await ctx.app.db.deleteFrom('second_factor_failures').execute();
    expect((await call(undefined, 'POST', '/api/v2/session/second-factor', { challenge, code: codeAt(secret, 1) })).statusCode).toBe(200);
  });

  it('a role requiring two-factor: its member without it may only enrol, then everything the rights allow; it cannot be removed', async () => {
    const admin = body(await passwordStep('admin')).data.auth as string;
    const roles = body(await call(admin, 'GET', '/api/v2/roles')).data as Array<{
      id: number;
      name: string;
      title: string;
      version: number;
      rights: string[];
    }>;
    const role = roles.find((candidate) => candidate.name === 'admin')!;
    const saved = await call(admin, 'POST', '/api/v2/roles', {
      id: role.id,
      version: role.version,
      title: role.title,
      rights: role.rights,
      require_2fa: true,
    });
    expect(body(saved).data.require_2fa).toBe(true);

    const signedIn = body(await passwordStep('admin')).data;
    expect(signedIn.second_factor_enrolment).toBe(true);
    const token = signedIn.auth as string;
    const refused = await call(token, 'GET', '/api/v2/users');
    expectError(refused, 403, 'Your role requires two-factor sign-in: set it up in My account first');
    expect((await call(token, 'GET', '/api/v2/user')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/v2/account')).statusCode).toBe(200);

    const { secret } = body(await call(token, 'POST', '/api/v2/account/two-factor')).data;
    expect((await call(token, 'POST', '/api/v2/account/two-factor/confirm', { code: codeAt(secret, 0) })).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/v2/users')).statusCode).toBe(200);
    const kept = await call(token, 'POST', '/api/v2/account/two-factor/remove', { code: codeAt(secret, 1) });
    expect(body(kept).data.error).toBe('two_factor_required_by_role');
  });
});
