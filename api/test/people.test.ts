import { randomBytes, scryptSync } from 'node:crypto';
import { hashPassword } from '../src/lib/passwords';
import { hashToken } from '../src/lib/tokens';
import { body, DEMO, describeEachDatabase, expectError, type TestContext } from './helpers';
import { TEST_PASSWORD_HASH_COST } from './database-env';

/**
 * People: users and roles managed through the API (right manage_users), invitation and reset links
 * (single-use, expiring, stored hashed), passwords by NIST SP 800-63B, the last user manager kept,
 * and every identity event in the activity log without a secret.
 */

const STRONG = 'copper kettle whistles at dawn';

async function call(ctx: TestContext, token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.inject({ method, url, headers: token ? { authentication: token } : {}, ...(payload ? { payload } : {}) });
}

async function roleId(ctx: TestContext, name: string): Promise<number> {
  const row = await ctx.app.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** The token of a link (the part after '#'). */
function tokenOf(link: string): string {
  const token = link.split('#')[1];
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

describeEachDatabase('people', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx.login('admin');
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  async function invite(name: string, email: string, roles: string[]) {
    const ids = await Promise.all(roles.map((role) => roleId(ctx, role)));
    const response = await call(ctx, admin, 'POST', '/api/v2/users/invite', { name, email, roles: ids });
    expect(response.statusCode).toBe(200);
    return body(response).data as {
      user: { id: number; username: string; version: number; status: string };
      link: string;
      emailed: boolean;
      expires: string;
    };
  }

  describe('users list', () => {
    it('lists, searches name / username / email, filters by role and status, sorts and pages', async () => {
      const all = body(await call(ctx, admin, 'GET', '/api/v2/users?sort=username'));
      expect(all.data.map((user: { username: string }) => user.username)).toEqual(['admin', 'approver', 'editor', 'submitter']);
      expect(all.total).toBe(4);
      expect(all.data[0]).toEqual({
        id: expect.any(Number),
        username: 'admin',
        name: 'Alex Admin',
        email: 'admin@newsdesk.example',
        roles: [{ id: expect.any(Number), name: 'admin', title: 'Administrator' }],
        status: 'active',
        last_sign_in: expect.any(String),
        created: expect.any(String),
        version: 1,
        two_factor: false,
        sso_issuers: [],
      });

      const byName = body(await call(ctx, admin, 'GET', '/api/v2/users?search=AVERY'));
      expect(byName.data.map((user: { username: string }) => user.username)).toEqual(['approver']);
      const byEmail = body(await call(ctx, admin, 'GET', `/api/v2/users?search=${encodeURIComponent('editor@newsdesk')}`));
      expect(byEmail.data.map((user: { username: string }) => user.username)).toEqual(['editor']);
      const wildcard = body(await call(ctx, admin, 'GET', '/api/v2/users?search=%25'));
      expect(wildcard.total).toBe(0);

      const editors = body(await call(ctx, admin, 'GET', `/api/v2/users?role=${await roleId(ctx, 'editor')}`));
      expect(editors.data.map((user: { username: string }) => user.username)).toEqual(['editor']);

      const page = body(await call(ctx, admin, 'GET', '/api/v2/users?sort=username&dir=desc&limit=2&limitStart=1'));
      expect(page.data.map((user: { username: string }) => user.username)).toEqual(['editor', 'approver']);
      expect(page.total).toBe(4);

      expect(body(await call(ctx, admin, 'GET', '/api/v2/users?status=disabled')).total).toBe(0);
      expectError(await call(ctx, admin, 'GET', '/api/v2/users?status=gone'), 400, /status/);
    });

    it('is refused without manage_users', async () => {
      const editor = await ctx.login('editor');
      expectError(await call(ctx, editor, 'GET', '/api/v2/users'), 403, 'You do not have the right to manage users and roles');
    });
  });

  describe('invitation', () => {
    it('invites, the link shows who it is for, a weak password is refused, a good one signs in, and the link works once', async () => {
      const invited = await invite('Riley Reporter', 'riley@newsroom.example', ['submitter']);
      expect(invited.emailed).toBe(false);
      expect(invited.link).toMatch(/^http:\/\/localhost(:\d+)?\/invitation#[A-Za-z0-9_-]{43}$/);
      expect(invited.user).toMatchObject({ username: 'riley@newsroom.example', status: 'invited' });
      expect(new Date(invited.expires).getTime() - Date.now()).toBeGreaterThan(71.9 * 3_600_000);
      const token = tokenOf(invited.link);

      // Only the hash is stored.
      const stored = await ctx.app.db.selectFrom('user_links').select('token_hash').where('user_id', '=', invited.user.id).execute();
      expect(stored).toEqual([{ token_hash: hashToken(token) }]);

      const info = await call(ctx, undefined, 'POST', '/api/v2/account-link', { token });
      expect(body(info).data).toEqual({
        purpose: 'invite',
        username: 'riley@newsroom.example',
        name: 'Riley Reporter',
        email: 'riley@newsroom.example',
        expires: invited.expires,
      });

      for (const [password, code] of [
        ['short-pass', 'password_too_short'],
        ['qwerty123456', 'password_common'],
        ['Riley Reporter', 'password_personal'],
        ['aaaaaaaaaaaaaaaa', 'password_guessable'],
      ] as const) {
        const refused = await call(ctx, undefined, 'POST', '/api/v2/account-link/password', { token, password });
        expect(refused.statusCode).toBe(400);
        expect(body(refused).data).toMatchObject({ error: code, field: 'password' });
      }

      const accepted = await call(ctx, undefined, 'POST', '/api/v2/account-link/password', { token, password: STRONG });
      expect(accepted.statusCode).toBe(200);
      const session = body(accepted).data;
      expect(session).toMatchObject({
        user: { username: 'riley@newsroom.example', roles: ['submitter'] },
        permissions: ['create_article'],
      });
      expect((await ctx.get('/api/portal/articles', session.auth)).statusCode).toBe(200);
      expect((await ctx.get('/api/v2/portal/importer', session.auth)).statusCode).toBe(403);

      const again = await call(ctx, undefined, 'POST', '/api/v2/account-link/password', { token, password: 'another good passphrase' });
      expectError(again, 400, /not valid/);
      expect(body(again).data.error).toBe('link_invalid');
      expect(body(await call(ctx, undefined, 'POST', '/api/v2/account-link', { token })).data.error).toBe('link_invalid');

      const signIn = await ctx.inject({
        method: 'POST',
        url: '/api/v2/session',
        payload: { username: 'Riley@newsroom.example', password: STRONG },
      });
      expect(signIn.statusCode).toBe(200);
      const listed = body(await call(ctx, admin, 'GET', `/api/v2/users/${invited.user.id}`)).data;
      expect(listed.status).toBe('active');

      // The activity log has the invitation and its acceptance, and never the token or the password.
      const entries = await ctx.app.db
        .selectFrom('activity_log')
        .select(['action', 'actor_id', 'changes', 'details'])
        .where('entity', '=', 'user')
        .where('entity_id', '=', invited.user.id)
        .orderBy('id')
        .execute();
      expect(entries.map((entry) => entry.action)).toEqual(['invite', 'accept_invitation', 'sign_in', 'sign_in']);
      const text = JSON.stringify(entries) + ctx.logs.join('');
      expect(text).not.toContain(token);
      expect(text).not.toContain(hashToken(token));
      expect(text).not.toContain(STRONG);
      expect(entries[0]?.changes).toMatchObject({ name: { from: null, to: 'Riley Reporter' }, roles: { from: null, to: ['submitter'] } });
    });

    it('refuses a link after it expires (72 h by default)', async () => {
      const invited = await invite('Lee Late', 'lee@newsroom.example', ['submitter']);
      jest.useFakeTimers({
        now: new Date(Date.now() + 72 * 3_600_000 + 1_000),
        doNotFake: [
          'nextTick',
          'queueMicrotask',
          'setImmediate',
          'clearImmediate',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'hrtime',
          'performance',
        ],
      });
      const late = await call(ctx, undefined, 'POST', '/api/v2/account-link/password', { token: tokenOf(invited.link), password: STRONG });
      expectError(late, 400, 'This link has expired. Ask your administrator for a new one');
    });

    it('refuses unknown tokens and duplicates of a username or email', async () => {
      expect(body(await call(ctx, undefined, 'POST', '/api/v2/account-link', { token: 'x'.repeat(43) })).data.error).toBe('link_invalid');
      const taken = await call(ctx, admin, 'POST', '/api/v2/users/invite', { name: 'Copy', email: 'EDITOR@newsdesk.example', roles: [] });
      expect(taken.statusCode).toBe(409);
      expect(body(taken).data).toMatchObject({ error: 'email_taken', field: 'email' });
      const badEmail = await call(ctx, admin, 'POST', '/api/v2/users/invite', { name: 'Copy', email: 'not an email', roles: [] });
      expect(body(badEmail).data).toMatchObject({ error: 'email_invalid', field: 'email' });
      const badRole = await call(ctx, admin, 'POST', '/api/v2/users/invite', { name: 'Copy', email: 'copy@x.example', roles: [99999] });
      expect(body(badRole).data).toMatchObject({ error: 'role_unknown', field: 'roles' });
    });
  });

  describe('edit, disable, enable', () => {
    it('edits name, email and roles with the version; a stale save answers 409 with the current user', async () => {
      const invited = await invite('Pat Pending', 'pat@newsroom.example', ['submitter']);
      const id = invited.user.id;
      const saved = await call(ctx, admin, 'POST', `/api/v2/users/${id}`, {
        version: invited.user.version,
        name: 'Pat Published',
        roles: [await roleId(ctx, 'approver')],
      });
      expect(saved.statusCode).toBe(200);
      expect(body(saved).data).toMatchObject({ name: 'Pat Published', roles: [{ name: 'approver' }], version: invited.user.version + 1 });
      const stale = await call(ctx, admin, 'POST', `/api/v2/users/${id}`, { version: invited.user.version, name: 'Too late' });
      expect(stale.statusCode).toBe(409);
      expect(body(stale).data).toMatchObject({ error: 'user_stale_version', current: { name: 'Pat Published' } });
      const entry = await ctx.app.db
        .selectFrom('activity_log')
        .select('changes')
        .where('entity_id', '=', id)
        .where('action', '=', 'update')
        .executeTakeFirstOrThrow();
      expect(entry.changes).toEqual({
        name: { from: 'Pat Pending', to: 'Pat Published' },
        roles: { from: ['submitter'], to: ['approver'] },
      });
    });

    it('a role change applies to the next request of the user', async () => {
      const editor = await ctx.login('editor');
      const editorId = body(await ctx.get('/api/v2/user', editor)).data.id;
      const current = body(await call(ctx, admin, 'GET', `/api/v2/users/${editorId}`)).data;
      await call(ctx, admin, 'POST', `/api/v2/users/${editorId}`, { version: current.version, roles: [await roleId(ctx, 'submitter')] });
      expect(body(await ctx.get('/api/v2/user/permissions', editor)).data).toEqual(['create_article']);
      const again = body(await call(ctx, admin, 'GET', `/api/v2/users/${editorId}`)).data;
      await call(ctx, admin, 'POST', `/api/v2/users/${editorId}`, { version: again.version, roles: [await roleId(ctx, 'editor')] });
      expect(body(await ctx.get('/api/v2/user/permissions', editor)).data).toContain('import');
    });

    it('disabling ends the sessions at once, refuses sign-in, leaves the creators list; enabling lets them back', async () => {
      const submitter = await ctx.login('submitter');
      const id = body(await ctx.get('/api/v2/user', submitter)).data.id;
      const disabled = await call(ctx, admin, 'POST', `/api/v2/users/${id}/disable`);
      expect(body(disabled)).toMatchObject({ code: 200, message: 'Disabled', data: { status: 'disabled' } });
      expect((await ctx.get('/api/v2/user', submitter)).statusCode).toBe(401);
      expect(await ctx.app.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
      const refused = await ctx.inject({
        method: 'POST',
        url: '/api/v2/session',
        payload: { username: 'submitter', password: DEMO.submitter },
      });
      expect(refused.statusCode).toBe(401);
      const creators = body(await ctx.get('/api/v2/portal/creators', admin)).data.map((creator: { id: number }) => creator.id);
      expect(creators).not.toContain(id);
      expect(body(await call(ctx, admin, 'GET', '/api/v2/users?status=disabled')).data.map((user: { id: number }) => user.id)).toEqual([
        id,
      ]);
      expect(body(await call(ctx, admin, 'POST', `/api/v2/users/${id}/reset-link`)).data.error).toBe('user_disabled');

      expect(body(await call(ctx, admin, 'POST', `/api/v2/users/${id}/enable`)).data.status).toBe('active');
      expect(
        (await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username: 'submitter', password: DEMO.submitter } }))
          .statusCode,
      ).toBe(200);
      const actions = await ctx.app.db
        .selectFrom('activity_log')
        .select('action')
        .where('entity_id', '=', id)
        .where('action', 'in', ['disable', 'enable'])
        .orderBy('id')
        .execute();
      expect(actions.map((row) => row.action)).toEqual(['disable', 'enable']);
    });

    it('keeps at least one enabled user manager and refuses disabling oneself', async () => {
      const adminId = body(await ctx.get('/api/v2/user', admin)).data.id;
      expect(body(await call(ctx, admin, 'POST', `/api/v2/users/${adminId}/disable`)).data.error).toBe('user_disable_self');
      const me = body(await call(ctx, admin, 'GET', `/api/v2/users/${adminId}`)).data;
      const demoted = await call(ctx, admin, 'POST', `/api/v2/users/${adminId}`, {
        version: me.version,
        roles: [await roleId(ctx, 'editor')],
      });
      expectError(demoted, 409, 'At least one enabled user must keep the right to manage users');
      const roles = body(await call(ctx, admin, 'GET', '/api/v2/roles')).data as Array<{
        id: number;
        name: string;
        version: number;
        rights: string[];
      }>;
      const adminRole = roles.find((role) => role.name === 'admin') as (typeof roles)[number];
      const stripped = await call(ctx, admin, 'POST', '/api/v2/roles', {
        id: adminRole.id,
        version: adminRole.version,
        title: 'Administrator',
        rights: adminRole.rights.filter((right) => right !== 'manage_users'),
      });
      expect(body(stripped).data.error).toBe('last_user_manager');
      // Nothing changed.
      expect(body(await ctx.get('/api/v2/user/permissions', admin)).data).toContain('manage_users');
    });
  });

  describe('roles', () => {
    it('lists the seeded roles as ordinary roles, creates one, edits its rights with the version', async () => {
      const roles = body(await call(ctx, admin, 'GET', '/api/v2/roles')).data;
      expect(roles.map((role: { name: string }) => role.name)).toEqual(['admin', 'editor', 'approver', 'submitter']);
      expect(roles[3]).toEqual({
        id: expect.any(Number),
        name: 'submitter',
        title: 'Submitter',
        rights: ['create_article'],
        users: expect.any(Number),
        version: 1,
        require_2fa: false,
        scope: null,
      });

      const created = body(
        await call(ctx, admin, 'POST', '/api/v2/roles', { title: 'Sport desk', rights: ['create_article', 'view_all_articles'] }),
      ).data;
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'sport_desk',
        title: 'Sport desk',
        rights: ['create_article', 'view_all_articles'],
        users: 0,
        version: 1,
        require_2fa: false,
        scope: null,
      });
      expect(body(await call(ctx, admin, 'POST', '/api/v2/roles', { title: 'sport DESK', rights: [] })).data.error).toBe(
        'role_title_taken',
      );

      const edited = body(
        await call(ctx, admin, 'POST', '/api/v2/roles', {
          id: created.id,
          version: 1,
          require_2fa: false,
          title: 'Sport desk',
          rights: ['create_article', 'approve_article'],
        }),
      ).data;
      expect(edited).toMatchObject({ rights: ['create_article', 'approve_article'], version: 2 });
      const stale = await call(ctx, admin, 'POST', '/api/v2/roles', { id: created.id, version: 1, title: 'Sport', rights: [] });
      expect(stale.statusCode).toBe(409);
      expect(body(stale).data).toMatchObject({ error: 'role_stale_version', current: { version: 2 } });
      expect(body(await call(ctx, admin, 'POST', '/api/v2/roles', { id: created.id, title: 'Sport', rights: [] })).data.error).toBe(
        'version_required',
      );

      // A rights change applies to the role's users at their next request.
      const submitter = await ctx.login('submitter');
      const submitterRole = roles[3];
      await call(ctx, admin, 'POST', '/api/v2/roles', {
        id: submitterRole.id,
        version: 1,
        require_2fa: false,
        title: 'Submitter',
        rights: ['create_article', 'view_all_articles'],
      });
      expect(body(await ctx.get('/api/v2/user/permissions', submitter)).data).toEqual(['create_article', 'view_all_articles']);
      await call(ctx, admin, 'POST', '/api/v2/roles', { id: submitterRole.id, version: 2, title: 'Submitter', rights: ['create_article'] });
      const logged = await ctx.app.db
        .selectFrom('activity_log')
        .select(['action', 'changes'])
        .where('entity', '=', 'role')
        .where('entity_id', '=', created.id)
        .orderBy('id')
        .execute();
      expect(logged.map((entry) => entry.action)).toEqual(['create', 'update']);
    });
  });

  describe('password reset', () => {
    it('a reset link sets a new password once; the old one and the other sessions end', async () => {
      const approver = await ctx.login('approver');
      const id = body(await ctx.get('/api/v2/user', approver)).data.id;
      const made = body(await call(ctx, admin, 'POST', `/api/v2/users/${id}/reset-link`));
      expect(made.message).toBe('Link made');
      expect(made.data.link).toMatch(/\/password-reset#/);
      const token = tokenOf(made.data.link);
      expect(body(await call(ctx, undefined, 'POST', '/api/v2/account-link', { token })).data.purpose).toBe('reset');

      // A newer link replaces it.
      const newer = body(await call(ctx, admin, 'POST', `/api/v2/users/${id}/reset-link`)).data;
      expect(body(await call(ctx, undefined, 'POST', '/api/v2/account-link', { token })).data.error).toBe('link_invalid');

      const reset = await call(ctx, undefined, 'POST', '/api/v2/account-link/password', { token: tokenOf(newer.link), password: STRONG });
      expect(reset.statusCode).toBe(200);
      expect((await ctx.get('/api/v2/user', approver)).statusCode).toBe(401);
      expect(
        (await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username: 'approver', password: DEMO.approver } }))
          .statusCode,
      ).toBe(401);
      expect(
        (await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username: 'approver', password: STRONG } })).statusCode,
      ).toBe(200);
      const actions = await ctx.app.db
        .selectFrom('activity_log')
        .select('action')
        .where('entity_id', '=', id)
        .where('action', 'in', ['reset_link', 'password_reset'])
        .orderBy('id')
        .execute();
      expect(actions.map((row) => row.action)).toEqual(['reset_link', 'reset_link', 'password_reset']);
    });
  });

  describe('password hashing', () => {
    it('keeps scrypt and re-hashes a hash with other parameters than the configured ones at sign-in', async () => {
      const current = await hashPassword('x');
      expect(current).toMatch(/^scrypt\$16384\$8\$1\$/);
      // A hash as another configuration might have made it (N = 2^11), for the editor's password;
      // this app's cost is the tests' (2^10).
      const salt = randomBytes(16);
      const key = scryptSync(DEMO.editor.normalize('NFKC'), salt, 64, { N: 2048, r: 8, p: 1 });
      const old = ['scrypt', 2048, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
      await ctx.app.db.updateTable('users').set({ password_hash: old }).where('username', '=', 'editor').execute();
      await ctx.login('editor');
      const row = await ctx.app.db.selectFrom('users').select('password_hash').where('username', '=', 'editor').executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${2 ** TEST_PASSWORD_HASH_COST}\\$8\\$1\\$`));
      await ctx.login('editor');
    });
  });
});
