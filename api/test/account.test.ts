import { body, DEMO, describeEachDatabase, expectError } from './helpers';

/**
 * My account: every signed-in user's own name, email, interface language (answered at every
 * sign-in), password change (the current password needed; the other sessions end, this one stays)
 * and own sessions (list, sign one out, sign out everywhere else), each an identity event in the
 * activity log without a secret.
 */

const NEW_PASSWORD = 'lantern ferry crosses at noon';

describeEachDatabase('my account', (ctx) => {
  const call = (token: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, userAgent?: string) =>
    ctx.inject({
      method,
      url,
      headers: { ...(token ? { authentication: token } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** A sign-in from a named device; answers the whole session answer. */
  async function signIn(username: keyof typeof DEMO, password: string = DEMO[username], userAgent = 'Test browser') {
    const response = await call(undefined, 'POST', '/api/v2/session', { username, password }, userAgent);
    expect(response.statusCode).toBe(200);
    return body(response).data as { auth: string; language: string | null; user: { id: number } };
  }

  async function activity(userId: number) {
    return ctx.app.db
      .selectFrom('activity_log')
      .select(['action', 'actor_id', 'changes', 'details'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  it('needs a session for every operation', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/account'],
      ['POST', '/api/v2/account'],
      ['POST', '/api/v2/account/password'],
      ['GET', '/api/v2/account/sessions'],
      ['DELETE', '/api/v2/account/sessions/1'],
      ['POST', '/api/v2/account/sessions/end-others'],
    ] as const) {
      expect((await call(undefined, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }
  });

  it('saves name, email and language with the version; a stale save is 409 with the account as it is; the language comes with every sign-in', async () => {
    const first = await signIn('submitter');
    expect(first.language).toBeNull();
    const loaded = body(await call(first.auth, 'GET', '/api/v2/account')).data;
    expect(loaded).toEqual({
      id: first.user.id,
      username: 'submitter',
      name: expect.any(String),
      email: expect.any(String),
      language: null,
      version: expect.any(Number),
      two_factor: false,
      two_factor_required: false,
      recovery_codes_left: 0,
    });

    const saved = await call(first.auth, 'POST', '/api/v2/account', { version: loaded.version, name: 'Sasha Submitter', language: 'de' });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toMatchObject({ name: 'Sasha Submitter', language: 'de', version: loaded.version + 1 });

    // Another tab still holding the first version is refused, and told what the account is now.
    const stale = await call(first.auth, 'POST', '/api/v2/account', { version: loaded.version, name: 'Other' });
    expectError(stale, 409, /changed meanwhile/);
    expect(body(stale).data).toMatchObject({ error: 'account_stale_version', current: { name: 'Sasha Submitter', language: 'de' } });

    // Any other device: the language comes with the sign-in and with a restored session.
    const second = await signIn('submitter', DEMO.submitter, 'Another device');
    expect(second.language).toBe('de');
    expect(body(await call(undefined, 'GET', `/api/v2/session?auth=${second.auth}`)).data.language).toBe('de');
    expect(body(await call(second.auth, 'GET', '/api/v2/user')).data.name).toBe('Sasha Submitter');

    const entries = await activity(first.user.id);
    expect(entries.filter((entry) => entry.action === 'update').at(-1)).toMatchObject({
      actor_id: first.user.id,
      changes: { name: { from: expect.any(String), to: 'Sasha Submitter' }, language: { from: null, to: 'de' } },
    });
  });

  it('refuses a bad name or email, another user’s email, and an unknown language', async () => {
    const { auth } = await signIn('approver');
    const { version } = body(await call(auth, 'GET', '/api/v2/account')).data;
    expect(body(await call(auth, 'POST', '/api/v2/account', { version, email: 'not-an-address' })).data.error).toBe('email_invalid');
    expect(body(await call(auth, 'POST', '/api/v2/account', { version, name: '   ' })).data.error).toBe('name_invalid');
    const taken = await call(auth, 'POST', '/api/v2/account', { version, email: 'admin@newsdesk.example' });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).data.error).toBe('email_taken');
    expect((await call(auth, 'POST', '/api/v2/account', { version, language: 'fr' })).statusCode).toBe(400);
    expect((await call(auth, 'POST', '/api/v2/account', { name: 'No version' })).statusCode).toBe(400);
    expect(body(await call(auth, 'GET', '/api/v2/account')).data.version).toBe(version);
  });

  it('lists own sessions with device, address, last seen and this device; signs one out; 404 for another user’s', async () => {
    const here = await signIn('editor', DEMO.editor, 'Laptop browser');
    const phone = await signIn('editor', DEMO.editor, 'Phone browser');
    const admin = await signIn('admin');
    const sessions = body(await call(here.auth, 'GET', '/api/v2/account/sessions')).data as Array<{
      id: number;
      user_agent: string;
      current: boolean;
      ip: string;
      last_seen: string;
    }>;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const current = sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ user_agent: 'Laptop browser', ip: expect.any(String), last_seen: expect.any(String) });
    const phoneSession = sessions.find((session) => session.user_agent === 'Phone browser');
    if (!phoneSession) throw new Error('The phone session is not listed');

    // The admin cannot end the editor's session through their own account: an unknown id to them.
    const foreign = await call(admin.auth, 'DELETE', `/api/v2/account/sessions/${phoneSession.id}`);
    expectError(foreign, 404, `Session ${phoneSession.id} not found (it has ended already)`);
    expect((await call(phone.auth, 'GET', '/api/v2/user')).statusCode).toBe(200);

    expect((await call(here.auth, 'DELETE', `/api/v2/account/sessions/${phoneSession.id}`)).statusCode).toBe(200);
    expect((await call(phone.auth, 'GET', '/api/v2/user')).statusCode).toBe(401);
    expect((await call(here.auth, 'GET', '/api/v2/user')).statusCode).toBe(200);
    expect((await call(here.auth, 'DELETE', `/api/v2/account/sessions/${phoneSession.id}`)).statusCode).toBe(404);
    expect((await activity(here.user.id)).at(-1)).toMatchObject({
      action: 'end_sessions',
      details: { sessions_ended: 1, this_device: false },
    });
  });

  it('signs out everywhere else: every other session ends, this one stays', async () => {
    const others = [await signIn('approver', DEMO.approver, 'Tablet'), await signIn('approver', DEMO.approver, 'Desktop')];
    const here = await signIn('approver', DEMO.approver, 'Here');
    const answer = await call(here.auth, 'POST', '/api/v2/account/sessions/end-others');
    expect(answer.statusCode).toBe(200);
    expect(body(answer).data.ended).toBeGreaterThanOrEqual(2);
    for (const other of others) expect((await call(other.auth, 'GET', '/api/v2/user')).statusCode).toBe(401);
    const left = body(await call(here.auth, 'GET', '/api/v2/account/sessions')).data;
    expect(left).toEqual([expect.objectContaining({ user_agent: 'Here', current: true })]);
  });

  it('limits wrong current passwords per user like wrong codes: after 5 the right one is refused too (429)', async () => {
    const here = await signIn('approver');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await call(here.auth, 'POST', '/api/v2/account/password', {
        current_password: `wrong ${attempt}`,
        password: NEW_PASSWORD,
      });
      expect(body(wrong).data.error).toBe('password_current_wrong');
    }
    const limited = await call(here.auth, 'POST', '/api/v2/account/password', { current_password: DEMO.approver, password: NEW_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(body(limited).data.error).toBe('too_many_second_factor_attempts');
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // Removing two-factor with a wrong password counts too (the same limit): still refused.
    const remove = await call(here.auth, 'POST', '/api/v2/account/two-factor/remove', { password: 'wrong again' });
    expect(remove.statusCode).toBe(429);
  });

  it('changes the password only with the current one; the other sessions end, this one stays; nothing secret is logged', async () => {
    const elsewhere = await signIn('admin', DEMO.admin, 'Elsewhere');
    const here = await signIn('admin', DEMO.admin, 'Here');

    const wrong = await call(here.auth, 'POST', '/api/v2/account/password', { current_password: 'not it at all', password: NEW_PASSWORD });
    expectError(wrong, 400, 'The current password is not correct');
    expect(body(wrong).data.field).toBe('current_password');
    const weak = await call(here.auth, 'POST', '/api/v2/account/password', { current_password: DEMO.admin, password: 'short' });
    expect(body(weak).data).toMatchObject({ error: 'password_too_short', field: 'password' });
    expect((await call(elsewhere.auth, 'GET', '/api/v2/user')).statusCode).toBe(200);

    const changed = await call(here.auth, 'POST', '/api/v2/account/password', { current_password: DEMO.admin, password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(body(changed)).toMatchObject({ message: 'Password changed', data: { ended: expect.any(Number) } });
    expect((await call(elsewhere.auth, 'GET', '/api/v2/user')).statusCode).toBe(401);
    expect((await call(here.auth, 'GET', '/api/v2/user')).statusCode).toBe(200);

    // The old password no longer signs in; the new one does.
    expect((await call(undefined, 'POST', '/api/v2/session', { username: 'admin', password: DEMO.admin })).statusCode).toBe(401);
    await signIn('admin', NEW_PASSWORD);

    const entries = await activity(here.user.id);
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['password_change_refused', 'password_change']));
    const logged = JSON.stringify(entries) + ctx.logs.join('');
    expect(logged).not.toContain(NEW_PASSWORD);
    expect(logged).not.toContain('not it at all');
  });
});
