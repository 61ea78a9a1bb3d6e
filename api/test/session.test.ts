import { hashToken } from '../src/lib/tokens';
import { body, describeEachDatabase, type TestContext } from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FORM = 'application/x-www-form-urlencoded';

/** POST /api/v2/session: an object goes as JSON, a string as a form body unless another content type is given. */
function signIn(
  ctx: TestContext,
  payload?: Record<string, unknown> | string,
  options: { contentType?: string; remoteAddress?: string } = {},
) {
  const contentType = options.contentType ?? (typeof payload === 'string' ? FORM : undefined);
  return ctx.inject({
    method: 'POST',
    url: '/api/v2/session',
    payload,
    remoteAddress: options.remoteAddress,
    headers: contentType ? { 'content-type': contentType } : {},
  });
}

describeEachDatabase(
  'sessions',
  (ctx) => {
    const expireSession = (token: string, at: Date) =>
      ctx.app.db.updateTable('sessions').set({ expires_at: at }).where('token_hash', '=', hashToken(token)).execute();

    beforeEach(async () => {
      await ctx.app.db.deleteFrom('login_failures').execute();
    });

    describe('POST /api/v2/session', () => {
      it('signs in with a form body and returns token, user, expiry and the rights', async () => {
        const response = await signIn(ctx, 'username=editor&password=editor-demo');
        expect(response.statusCode).toBe(200);
        const { code, data, message } = body(response);
        expect(code).toBe(200);
        expect(message).toBe('Signed in');
        expect(data.auth).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(data.user).toEqual({
          id: expect.any(Number),
          username: 'editor',
          name: 'Erin Editor',
          email: 'editor@newsdesk.example',
          roles: ['editor'],
        });
        expect(Number.isNaN(Date.parse(data.expires))).toBe(false);
        // The same rights GET /api/v2/user/permissions answers: signing in needs no second call.
        const permissions = await ctx.get('/api/v2/user/permissions', data.auth);
        expect(data.permissions).toEqual(body(permissions).data);
        expect(data.permissions).toEqual(expect.arrayContaining(['import', 'manage_categories']));
        expect(data.permissions).not.toContain('approve_article');
      });

      it('signs in with a JSON body, username case-insensitive', async () => {
        const response = await signIn(ctx, { username: 'Admin', password: 'admin-demo' });
        expect(response.statusCode).toBe(200);
        expect(body(response).data.user.username).toBe('admin');
      });

      it('stores only the SHA-256 of the token', async () => {
        const token = await ctx.login('approver');
        const rows = await ctx.app.db.selectFrom('sessions').select('token_hash').execute();
        expect(rows.map((row) => row.token_hash)).toContain(hashToken(token));
        expect(rows.map((row) => row.token_hash)).not.toContain(token);
      });

      it.each([
        ['refuses a wrong password', { username: 'editor', password: 'wrong' }],
        ['gives an unknown user the very same answer', 'username=nobody&password=whatever'],
      ])('%s: 401 "Invalid username or password"', async (_case, payload) => {
        const response = await signIn(ctx, payload);
        expect(response.statusCode).toBe(401);
        expect(body(response)).toEqual({ code: 401, data: { error: 'invalid_credentials' }, message: 'Invalid username or password' });
      });

      it.each([
        ['form, no password', FORM, 'username=editor', 'password is required'],
        ['form, no username', FORM, 'password=x', 'username is required'],
        ['form, empty username', FORM, 'username=&password=x', 'username is required'],
        ['JSON, no password', 'application/json', JSON.stringify({ username: 'editor' }), 'password is required'],
        ['JSON, no username', 'application/json', JSON.stringify({ password: 'x' }), 'username is required'],
        ['JSON, username not text', 'application/json', JSON.stringify({ username: { a: 1 }, password: 'x' }), 'username must be text'],
      ])('answers 400 naming the field (%s)', async (_case, contentType, payload, message) => {
        const response = await signIn(ctx, payload, { contentType });
        expect(response.statusCode).toBe(400);
        expect(body(response)).toEqual({
          code: 400,
          data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
          message,
        });
      });

      it('answers 400 for an empty request', async () => {
        const response = await signIn(ctx);
        expect(response.statusCode).toBe(400);
        expect(body(response)).toEqual({
          code: 400,
          data: { error: 'field_required', field: 'username', params: { field: 'username' } },
          message: 'username is required',
        });
      });

      it('answers 400 for broken JSON, without a stack trace', async () => {
        const response = await signIn(ctx, '{"username": ', { contentType: 'application/json' });
        expect(response.statusCode).toBe(400);
        const result = body(response);
        expect(result.code).toBe(400);
        expect(result.data).toEqual({ error: 'bad_json' });
        expect(response.body).not.toMatch(/stack|at .*\.js/i);
      });

      it('keeps a session 12 hours, or 30 days with remember = "1"', async () => {
        const before = Date.now();
        const plain = body(await signIn(ctx, { username: 'submitter', password: 'submitter-demo' })).data;
        const remembered = body(await signIn(ctx, 'username=submitter&password=submitter-demo&remember=1')).data;
        const after = Date.now();
        expect(Date.parse(plain.expires)).toBeGreaterThanOrEqual(before + 12 * HOUR - 1000);
        expect(Date.parse(plain.expires)).toBeLessThanOrEqual(after + 12 * HOUR + 1000);
        expect(Date.parse(remembered.expires)).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
        expect(Date.parse(remembered.expires)).toBeLessThanOrEqual(after + 30 * DAY + 1000);
      });

      it('accepts remember as JSON true', async () => {
        const response = await signIn(ctx, { username: 'submitter', password: 'submitter-demo', remember: true });
        expect(Date.parse(body(response).data.expires)).toBeGreaterThan(Date.now() + 29 * DAY);
      });
    });

    describe('failed sign-in limit', () => {
      const attempt = (username: string, password: string, remoteAddress = '10.1.1.1') =>
        signIn(ctx, { username, password }, { remoteAddress });
      /** Five failed attempts by approver from 10.1.1.1, made `minutesAgo`. */
      const recordFailures = (minutesAgo: number) =>
        ctx.app.db
          .insertInto('login_failures')
          .values(
            Array.from({ length: 5 }, () => ({
              ip: '10.1.1.1',
              // The throttle keys a name by its hash (what was typed is never stored).
              username: hashToken('approver'),
              failed_at: new Date(Date.now() - minutesAgo * 60_000),
            })),
          )
          .execute();

      it('answers 429 after 5 failures for one IP + username, even with the right password', async () => {
        for (let i = 0; i < 5; i += 1) expect((await attempt('approver', 'nope')).statusCode).toBe(401);
        const limited = await attempt('approver', 'approver-demo');
        expect(limited.statusCode).toBe(429);
        expect(body(limited)).toEqual({
          code: 429,
          data: { error: 'too_many_sign_in_attempts', params: { minutes: 15 } },
          message: 'Too many failed sign-in attempts, try again in 15 minutes',
        });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
        // Another IP, or another username from this IP, is not affected.
        expect((await attempt('approver', 'approver-demo', '10.2.2.2')).statusCode).toBe(200);
        expect((await attempt('editor', 'editor-demo')).statusCode).toBe(200);
      });

      it('holds under parallel attempts', async () => {
        const results = await Promise.all(Array.from({ length: 10 }, () => attempt('approver', 'nope')));
        const codes = results.map((response) => response.statusCode);
        expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(5);
        expect(codes.filter((code) => code !== 401).every((code) => code === 429)).toBe(true);
        // At most 5 passwords were checked; the refused attempts leave no trace.
        const recorded = await ctx.app.db.selectFrom('login_failures').select('id').execute();
        expect(recorded.length).toBe(codes.filter((code) => code === 401).length);
      });

      it('counts only the failures inside the window', async () => {
        await recordFailures(16);
        expect((await attempt('approver', 'approver-demo')).statusCode).toBe(200);
      });

      it('tells how long is left', async () => {
        await recordFailures(10);
        expect(body(await attempt('approver', 'approver-demo')).message).toBe('Too many failed sign-in attempts, try again in 5 minutes');
      });

      it('forgets the failures after a successful sign-in', async () => {
        for (let i = 0; i < 4; i += 1) await attempt('approver', 'nope');
        expect((await attempt('approver', 'approver-demo')).statusCode).toBe(200);
        for (let i = 0; i < 4; i += 1) expect((await attempt('approver', 'nope')).statusCode).toBe(401);
        expect((await attempt('approver', 'approver-demo')).statusCode).toBe(200);
      });

      it('treats usernames case-insensitively', async () => {
        for (const name of ['Approver', 'APPROVER', 'approver', 'aPPROVER', 'approveR']) await attempt(name, 'nope');
        expect((await attempt('approver', 'approver-demo')).statusCode).toBe(429);
      });
    });

    describe('GET /api/v2/session?auth=', () => {
      it('restores a session', async () => {
        const token = await ctx.login('approver');
        const response = await ctx.get(`/api/v2/session?auth=${encodeURIComponent(token)}`);
        expect(response.statusCode).toBe(200);
        const { data } = body(response);
        expect(data.auth).toBe(token);
        expect(data.user.username).toBe('approver');
        expect(data.user.roles).toEqual(['approver']);
        expect(data.permissions).toEqual(body(await ctx.get('/api/v2/user/permissions', token)).data);
        expect(data.permissions).toContain('approve_article');
        expect(Date.parse(data.expires)).toBeGreaterThan(Date.now());
      });

      it('refuses an expired session', async () => {
        const token = await ctx.login('approver');
        await expireSession(token, new Date(Date.now() - 60_000));
        const response = await ctx.get(`/api/v2/session?auth=${token}`);
        expect(response.statusCode).toBe(401);
        expect(body(response)).toEqual({ code: 401, data: { error: 'session_expired' }, message: 'Session expired or invalid' });
        expect((await ctx.get('/api/v2/user', token)).statusCode).toBe(401);
      });

      it.each(['garbage', 'x'.repeat(43), '%00%01', "' or 1=1 --"])('refuses the token %j', async (token) => {
        const response = await ctx.get(`/api/v2/session?auth=${encodeURIComponent(token)}`);
        expect(response.statusCode).toBe(401);
        expect(body(response).message).toBe('Session expired or invalid');
      });

      it('answers 400 without the auth parameter', async () => {
        const response = await ctx.get('/api/v2/session');
        expect(response.statusCode).toBe(400);
        expect(body(response)).toEqual({
          code: 400,
          data: { error: 'field_required', field: 'auth', params: { field: 'auth' } },
          message: 'auth is required',
        });
      });
    });

    describe('sliding expiry', () => {
      /** When the token's session expires now (ms). */
      const expiresAt = async (token: string) => {
        const row = await ctx.app.db
          .selectFrom('sessions')
          .select('expires_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow();
        return new Date(row.expires_at).getTime();
      };

      it('pushes the expiry forward when the session is used', async () => {
        const token = await ctx.login('editor');
        const soon = new Date(Date.now() + HOUR);
        await ctx.app.db
          .updateTable('sessions')
          .set({ expires_at: soon, renewed_at: new Date(Date.now() - 10 * 60_000) })
          .where('token_hash', '=', hashToken(token))
          .execute();
        expect((await ctx.get('/api/v2/user', token)).statusCode).toBe(200);
        expect(await expiresAt(token)).toBeGreaterThan(Date.now() + 11 * HOUR);
      });

      it('does not write on every request', async () => {
        const token = await ctx.login('editor');
        const soon = new Date(Date.now() + HOUR);
        await expireSession(token, soon);
        expect((await ctx.get('/api/v2/user', token)).statusCode).toBe(200);
        expect(await expiresAt(token)).toBe(soon.getTime());
      });
    });

    describe('DELETE /api/v2/session', () => {
      it('revokes the session', async () => {
        const token = await ctx.login('submitter');
        const response = await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } });
        expect(response.statusCode).toBe(200);
        expect(body(response)).toEqual({ code: 200, data: null, message: 'Signed out' });
        expect((await ctx.get('/api/v2/user', token)).statusCode).toBe(401);
        expect((await ctx.get(`/api/v2/session?auth=${token}`)).statusCode).toBe(401);
      });

      it('leaves the other sessions of the user alone', async () => {
        const first = await ctx.login('submitter');
        const second = await ctx.login('submitter');
        await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: first } });
        expect((await ctx.get('/api/v2/user', second)).statusCode).toBe(200);
      });

      it('needs a session', async () => {
        const response = await ctx.inject({ method: 'DELETE', url: '/api/v2/session' });
        expect(response.statusCode).toBe(401);
        expect(body(response).message).toBe('Please sign in');
      });
    });
  },
  { config: {} },
);
