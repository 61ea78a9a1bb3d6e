import { RIGHTS } from 'contracts/rules/rights';
import { body, DEMO, describeEachDatabase, type DemoUsername } from './helpers';

/** Every route that needs a session (all but sign-in, session restore and health). */
const PROTECTED: Array<[method: 'GET' | 'POST' | 'DELETE', url: string]> = [
  ['DELETE', '/api/v2/session'],
  ['GET', '/api/v2/user'],
  ['GET', '/api/v2/user/permissions'],
  ['GET', '/api/v2/portal/creators'],
  ['GET', '/api/categories/tree'],
  ['GET', '/api/portal/articles'],
  ['GET', '/api/v2/portal/importer'],
  ['GET', '/api/v2/users'],
  ['GET', '/api/v2/roles'],
  ['GET', '/api/v2/account'],
  ['GET', '/api/v2/account/sessions'],
  ['DELETE', '/api/v2/account/sessions/1'],
  ['GET', '/api/v2/account/passkeys'],
  ['POST', '/api/v2/account/two-factor/recovery-codes'],
  ['GET', '/api/v2/desks'],
  ['GET', '/api/v2/desks/1/board'],
  ['GET', '/api/v2/articles/1/working-copy'],
  ['DELETE', '/api/v2/articles/1/working-copy'],
  ['GET', '/api/v2/articles/1/planning'],
  ['GET', '/api/v2/webhooks'],
  ['GET', '/api/v2/webhooks/1/deliveries'],
];

/**
 * The people operations (right manage_users), each with a request that would succeed for a holder
 * ({target}: a user made for this matrix): only the admin gets past the right; everyone else is
 * refused 403 before anything changes.
 */
const PEOPLE_OPERATIONS: Array<[method: 'GET' | 'POST', url: string, payload?: object]> = [
  ['GET', '/api/v2/users'],
  ['GET', '/api/v2/users/{target}'],
  ['POST', '/api/v2/users/invite', { name: 'Matrix Person', email: 'matrix@example.com', roles: [] }],
  ['POST', '/api/v2/users/{target}', { version: 1, name: 'Matrix Target' }],
  ['POST', '/api/v2/users/{target}/disable'],
  ['POST', '/api/v2/users/{target}/enable'],
  ['POST', '/api/v2/users/{target}/reset-link'],
  ['GET', '/api/v2/roles'],
  ['POST', '/api/v2/roles', { title: 'Matrix role', rights: [] }],
  ['POST', '/api/v2/roles', { title: 'Matrix scoped role', rights: ['approve_article'], scope: [200] }],
];

/** The desk operations that need manage_desks ({desk}: the demo desk Sport, id 2); members only read and move. */
const DESK_OPERATIONS: Array<[method: 'POST', url: string, payload: object]> = [
  ['POST', '/api/v2/desks', { name: 'Matrix desk' }],
  ['POST', '/api/v2/desks/2', { version: 1, name: 'Sport' }],
];

/** The webhook operations, all needing manage_webhooks ({webhook}: a subscription made for this matrix). */
const WEBHOOK_OPERATIONS: Array<[method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object]> = [
  ['GET', '/api/v2/webhooks'],
  ['POST', '/api/v2/webhooks', { name: 'Matrix hook', url: 'https://example.com/hook', events: ['article.published'] }],
  ['GET', '/api/v2/webhooks/{webhook}'],
  ['POST', '/api/v2/webhooks/{webhook}', { version: 1, name: 'Matrix hook' }],
  ['GET', '/api/v2/webhooks/{webhook}/deliveries'],
  ['DELETE', '/api/v2/webhooks/{webhook}?version=2'],
];

const EXPECTED_RIGHTS: Record<DemoUsername, string[]> = {
  // The admin holds every right there is, in the order the contract lists them.
  admin: [...RIGHTS],
  editor: ['import', 'create_article', 'edit_all_articles', 'view_all_articles', 'set_access', 'feature_article', 'manage_categories'],
  approver: ['create_article', 'view_all_articles', 'approve_article', 'set_access'],
  submitter: ['create_article'],
};

describeEachDatabase('access control', (ctx) => {
  describe.each(PROTECTED)('%s %s', (method, url) => {
    it('answers 401 "Please sign in" without the AUTHENTICATION header', async () => {
      const response = await ctx.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(body(response)).toEqual({ code: 401, data: { error: 'unauthorized' }, message: 'Please sign in' });
    });

    it('answers 401 "Session expired or invalid" with a bad token', async () => {
      const response = await ctx.inject({ method, url, headers: { authentication: 'not-a-real-token' } });
      expect(response.statusCode).toBe(401);
      expect(body(response)).toEqual({ code: 401, data: { error: 'session_expired' }, message: 'Session expired or invalid' });
    });
  });

  it('treats a blank header as missing', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: '   ' } });
    expect(body(response).message).toBe('Please sign in');
  });

  it('accepts the header in any letter case and with a Bearer prefix', async () => {
    const token = await ctx.login('editor');
    const upper = await ctx.inject({ method: 'GET', url: '/api/v2/user', headers: { AUTHENTICATION: token } });
    expect(upper.statusCode).toBe(200);
    const bearer = await ctx.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
  });

  it('serves the health check without a session', async () => {
    const response = await ctx.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ code: 200, data: { status: 'ok', database: ctx.kind }, message: 'OK' });
  });

  it('serves liveness and readiness without a session', async () => {
    expect((await ctx.get('/api/health/live')).statusCode).toBe(200);
    expect((await ctx.get('/api/health/ready')).statusCode).toBe(200);
  });

  it('single sign-on: public calls that grant nothing by themselves (off here: no button, 404 sso_not_configured)', async () => {
    expect(body(await ctx.get('/api/v2/sso')).data).toEqual({ enabled: false, name: null, start: null });
    for (const [method, url, payload] of [
      ['GET', '/api/v2/sso/start'],
      ['GET', '/api/v2/sso/callback?state=x&code=y'],
      ['POST', '/api/v2/sso/session', { handoff: 'not-a-hand-off' }],
    ] as const) {
      const response = await ctx.inject({ method, url, ...(payload ? { payload } : {}) });
      expect({ url, status: response.statusCode, error: body(response).data.error }).toEqual({
        url,
        status: 404,
        error: 'sso_not_configured',
      });
    }
  });

  describe.each(Object.keys(EXPECTED_RIGHTS) as DemoUsername[])('demo user %s', (username) => {
    it('gets the profile', async () => {
      const token = await ctx.login(username);
      const response = await ctx.get('/api/v2/user', token);
      expect(response.statusCode).toBe(200);
      expect(body(response).data).toEqual({
        id: expect.any(Number),
        username,
        name: expect.any(String),
        email: `${username}@newsdesk.example`,
        roles: [username],
      });
    });

    it('has exactly the documented rights', async () => {
      const token = await ctx.login(username);
      const response = await ctx.get('/api/v2/user/permissions', token);
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({ code: 200, data: EXPECTED_RIGHTS[username], message: 'OK' });
    });

    it(`${EXPECTED_RIGHTS[username].includes('import') ? 'may' : 'may not'} list the importers`, async () => {
      const token = await ctx.login(username);
      const response = await ctx.get('/api/v2/portal/importer', token);
      if (EXPECTED_RIGHTS[username].includes('import')) {
        expect(response.statusCode).toBe(200);
      } else {
        expect(response.statusCode).toBe(403);
        expect(body(response)).toEqual({
          code: 403,
          data: { error: 'no_right', params: { right: 'import' } },
          message: 'You do not have the right to manage imports',
        });
      }
    });
  });

  describe('rights matrix of the people operations (manage_users)', () => {
    // One sign-in each (the sign-in flood guard counts them).
    const tokens = {} as Record<DemoUsername, string>;
    let target = 0;
    beforeAll(async () => {
      for (const username of ['submitter', 'approver', 'editor', 'admin'] as const) tokens[username] = await ctx.login(username);
      const row = await ctx.app.db
        .insertInto('users')
        .values({ username: 'matrix-target', name: 'Matrix Target', email: 'target@example.com', password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      target = row.id;
    });
    const activityCount = async () =>
      Number(
        (
          await ctx.app.db
            .selectFrom('activity_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    describe.each(PEOPLE_OPERATIONS)('%s %s', (method, path, payload) => {
      const request = (username: DemoUsername) =>
        ctx.inject({
          method,
          url: path.replace('{target}', String(target)),
          headers: { authentication: tokens[username] },
          ...(payload ? { payload } : {}),
        });

      it.each(['submitter', 'approver', 'editor'] as const)('refuses %s with 403 and changes nothing', async (username) => {
        const before = await activityCount();
        const response = await request(username);
        expect(response.statusCode).toBe(403);
        expect(body(response)).toEqual({
          code: 403,
          data: { error: 'no_right', params: { right: 'manage_users' } },
          message: 'You do not have the right to manage users and roles',
        });
        expect(await activityCount()).toBe(before);
      });

      it('lets the admin through', async () => {
        expect((await request('admin')).statusCode).toBe(200);
      });
    });
  });

  describe('rights matrix of the webhook operations (manage_webhooks)', () => {
    const tokens = {} as Record<DemoUsername, string>;
    let webhook = 0;
    beforeAll(async () => {
      for (const username of ['submitter', 'approver', 'editor', 'admin'] as const) tokens[username] = await ctx.login(username);
      const created = await ctx.inject({
        method: 'POST',
        url: '/api/v2/webhooks',
        headers: { authentication: tokens.admin },
        payload: { name: 'Matrix target', url: 'https://example.com/target', events: ['import.failed'] },
      });
      webhook = body(created).data.id;
    });
    describe.each(WEBHOOK_OPERATIONS)('%s %s', (method, url, payload) => {
      const request = (username: DemoUsername) =>
        ctx.inject({
          method,
          url: url.replace('{webhook}', String(webhook)),
          headers: { authentication: tokens[username] },
          ...(payload ? { payload } : {}),
        });
      it.each(['submitter', 'approver', 'editor'] as const)('refuses %s with 403 and changes nothing', async (username) => {
        const webhooks = async () => body(await ctx.get('/api/v2/webhooks', tokens.admin)).data;
        const before = await webhooks();
        expect(body(await request(username))).toEqual({
          code: 403,
          data: { error: 'no_right', params: { right: 'manage_webhooks' } },
          message: 'You do not have the right to manage webhooks',
        });
        expect(await webhooks()).toEqual(before);
      });
      it('lets the admin through', async () => {
        expect((await request('admin')).statusCode).toBe(200);
      });
    });
  });

  describe('rights matrix of the desk operations (manage_desks)', () => {
    const tokens = {} as Record<DemoUsername, string>;
    beforeAll(async () => {
      for (const username of ['submitter', 'approver', 'editor', 'admin'] as const) tokens[username] = await ctx.login(username);
    });
    describe.each(DESK_OPERATIONS)('%s %s', (method, url, payload) => {
      const request = (username: DemoUsername) => ctx.inject({ method, url, headers: { authentication: tokens[username] }, payload });
      it.each(['submitter', 'approver', 'editor'] as const)('refuses %s with 403 and changes nothing', async (username) => {
        const desks = async () => body(await ctx.get('/api/v2/desks', tokens.admin)).data;
        const before = await desks();
        expect(body(await request(username))).toEqual({
          code: 403,
          data: { error: 'no_right', params: { right: 'manage_desks' } },
          message: 'You do not have the right to manage desks',
        });
        expect(await desks()).toEqual(before);
      });
      it('lets the admin through', async () => {
        expect((await request('admin')).statusCode).toBe(200);
      });
    });
    it('plans a story: whoever may edit it or works on its desk and sees it; one who may not see it gets 404', async () => {
      // A story of the editor's on no desk, and one on News that neither the approver nor the submitter wrote (all three work there).
      const editorId = body(await ctx.get('/api/v2/user', tokens.editor)).data.id;
      const approverId = body(await ctx.get('/api/v2/user', tokens.approver)).data.id;
      const submitterId = body(await ctx.get('/api/v2/user', tokens.submitter)).data.id;
      const offDesk = await ctx.app.db
        .selectFrom('articles')
        .select('id')
        .where('desk_id', 'is', null)
        .where('created_by', '=', editorId)
        .where('state', '<>', -2)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const onNews = await ctx.app.db
        .selectFrom('articles')
        .select('id')
        .where('desk_id', '=', 1)
        .where('created_by', 'not in', [approverId, submitterId])
        .where('state', '<>', -2)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const expected: Record<DemoUsername, [offDesk: number, onNews: number]> = {
        submitter: [404, 404],
        approver: [403, 200],
        editor: [200, 200],
        admin: [200, 200],
      };
      for (const username of ['submitter', 'approver', 'editor', 'admin'] as const) {
        const outcome: number[] = [];
        for (const article of [offDesk, onNews]) {
          const url = `/api/v2/articles/${article.id}/planning`;
          const current = body(await ctx.get(url, tokens.admin)).data;
          const saved = await ctx.inject({
            method: 'POST',
            url,
            headers: { authentication: tokens[username] },
            payload: { planning_version: current.planning_version, assignees: [], deadline: null, planned_slot: null, target_words: 250 },
          });
          outcome.push(saved.statusCode);
          if (saved.statusCode !== 200) expect(body(await ctx.get(url, tokens.admin)).data).toEqual(current);
        }
        expect([username, ...outcome]).toEqual([username, ...expected[username]]);
      }
    });
    it('shows a board only to its members (404 as for a desk that does not exist)', async () => {
      expect((await ctx.get('/api/v2/desks/2/board', tokens.submitter)).statusCode).toBe(404);
      expect((await ctx.get('/api/v2/desks/2/board', tokens.approver)).statusCode).toBe(200);
      expect((await ctx.get('/api/v2/desks/2/board', tokens.admin)).statusCode).toBe(200);
    });
  });

  describe('rights matrix of the working copy operations (the rights of editing the article)', () => {
    const tokens = {} as Record<DemoUsername, string>;
    let articleId = 0;
    beforeAll(async () => {
      for (const username of ['submitter', 'approver', 'editor', 'admin'] as const) tokens[username] = await ctx.login(username);
      const submitter = body(await ctx.get('/api/v2/user', tokens.submitter)).data.id as number;
      // An article someone else made: only edit_all_articles opens it for editing.
      const row = await ctx.app.db
        .selectFrom('articles')
        .select(['id', 'version'])
        .where((eb) => eb.or([eb('created_by', '!=', submitter), eb('created_by', 'is', null)]))
        .where('state', '!=', -2)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      articleId = row.id;
    });
    const OPERATIONS = [
      ['PUT', { base_version: 1, fields: { title: 'Matrix' } }],
      ['GET', undefined],
      ['DELETE', undefined],
    ] as const;
    describe.each(OPERATIONS)('%s /api/v2/articles/{id}/working-copy', (method, payload) => {
      const request = (username: DemoUsername) =>
        ctx.inject({
          method,
          url: `/api/v2/articles/${articleId}/working-copy`,
          headers: { authentication: tokens[username] },
          ...(payload ? { payload } : {}),
        });
      it.each(['submitter', 'approver'] as const)(
        'refuses %s (not theirs, no edit_all_articles) with 403 and keeps nothing',
        async (username) => {
          const response = await request(username);
          expect(response.statusCode).toBe(403);
          expect(body(response).data.error).toBe('article_not_yours');
          const kept = await ctx.app.db.selectFrom('working_copies').select('user_id').where('article_id', '=', articleId).execute();
          expect(kept.map((row) => row.user_id)).not.toContain(body(await ctx.get('/api/v2/user', tokens[username])).data.id);
        },
      );
      it.each(['editor', 'admin'] as const)('lets %s through', async (username) => {
        expect((await request(username)).statusCode).toBe(200);
      });
    });
  });

  describe('rights matrix of My account (every signed-in user, about themselves only)', () => {
    const USERS = ['submitter', 'approver', 'editor', 'admin'] as const;
    const tokens = {} as Record<DemoUsername, string>;
    const ids = {} as Record<DemoUsername, number>;
    beforeAll(async () => {
      for (const username of USERS) {
        tokens[username] = await ctx.login(username);
        ids[username] = body(await ctx.get('/api/v2/user', tokens[username])).data.id;
      }
    });
    const call = (username: DemoUsername, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx.inject({ method, url, headers: { authentication: tokens[username] }, ...(payload ? { payload } : {}) });
    const sessionsOf = async (userId: number) =>
      (await ctx.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map((row) => row.id);
    const versions = async () =>
      Object.fromEntries((await ctx.app.db.selectFrom('users').select(['id', 'version']).execute()).map((row) => [row.id, row.version]));

    describe.each(USERS)('%s', (username) => {
      const others = () => USERS.filter((other) => other !== username);

      it('reads and saves only their own account', async () => {
        const own = body(await call(username, 'GET', '/api/v2/account')).data;
        expect(own.id).toBe(ids[username]);
        const before = await versions();
        expect((await call(username, 'POST', '/api/v2/account', { version: own.version, language: 'en' })).statusCode).toBe(200);
        const after = await versions();
        for (const other of others()) expect(after[ids[other]]).toBe(before[ids[other]]);
        expect(after[ids[username]]).toBe(own.version + 1);
      });

      it("lists only their own sessions and cannot end another user's (404, the session lives on)", async () => {
        const listed = (body(await call(username, 'GET', '/api/v2/account/sessions')).data as Array<{ id: number }>).map((s) => s.id);
        expect(listed.sort()).toEqual((await sessionsOf(ids[username])).sort());
        for (const other of others()) {
          const [foreign] = await sessionsOf(ids[other]);
          if (foreign === undefined) throw new Error(`${other} has no session`);
          expect((await call(username, 'DELETE', `/api/v2/account/sessions/${foreign}`)).statusCode).toBe(404);
          expect((await call(other, 'GET', '/api/v2/user')).statusCode).toBe(200);
        }
      });

      it("lists and adds only their own passkeys and cannot remove another user's (404, the passkey stays)", async () => {
        expect(body(await call(username, 'GET', '/api/v2/account/passkeys')).data).toEqual([]);
        expect((await call(username, 'POST', '/api/v2/account/passkeys/options')).statusCode).toBe(200);
        const [challenge] = await ctx.app.db
          .selectFrom('webauthn_challenges')
          .select(['user_id', 'purpose'])
          .orderBy('id', 'desc')
          .limit(1)
          .execute();
        expect(challenge).toEqual({ user_id: ids[username], purpose: 'register' });
        for (const other of others()) {
          const { id } = await ctx.app.db
            .insertInto('passkeys')
            .values({
              user_id: ids[other],
              credential_id: `matrix-${username}-${other}`,
              public_key: 'AA',
              device_type: 'singleDevice',
              name: 'Matrix',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const refused = await call(username, 'POST', `/api/v2/account/passkeys/${id}/remove`, { password: DEMO[username] });
          expect(refused.statusCode).toBe(404);
          expect(await ctx.app.db.selectFrom('passkeys').select('id').where('id', '=', id).execute()).toHaveLength(1);
          await ctx.app.db.deleteFrom('passkeys').where('id', '=', id).execute();
        }
      });

      it("renews only their own recovery codes: another user's stay as they were", async () => {
        // Two-factor is off for the demo users: the call is refused (409) and no one's codes change.
        const before = await ctx.app.db.selectFrom('recovery_codes').select(['user_id', 'code_hash']).orderBy('id').execute();
        const answer = await call(username, 'POST', '/api/v2/account/two-factor/recovery-codes', { password: DEMO[username] });
        expect(answer.statusCode).toBe(409);
        expect(body(answer).data.error).toBe('two_factor_not_on');
        expect(await ctx.app.db.selectFrom('recovery_codes').select(['user_id', 'code_hash']).orderBy('id').execute()).toEqual(before);
      });

      it("signs out everywhere else without touching another user's sessions", async () => {
        const before = await Promise.all(others().map((other) => sessionsOf(ids[other])));
        expect((await call(username, 'POST', '/api/v2/account/sessions/end-others')).statusCode).toBe(200);
        expect(await Promise.all(others().map((other) => sessionsOf(ids[other])))).toEqual(before);
        expect((await call(username, 'GET', '/api/v2/user')).statusCode).toBe(200);
      });
    });
  });

  describe('GET /api/v2/portal/creators', () => {
    it('lists the users who may create content, by name', async () => {
      const token = await ctx.login('submitter');
      const response = await ctx.get('/api/v2/portal/creators', token);
      expect(response.statusCode).toBe(200);
      const { data } = body<Array<{ id: number; name: string }>>(response);
      expect(data.map((creator) => creator.name)).toEqual(['Alex Admin', 'Avery Approver', 'Erin Editor', 'Sam Submitter']);
      for (const creator of data) expect(Object.keys(creator).sort()).toEqual(['id', 'name']);
    });

    it('leaves out disabled users and users without create_article', async () => {
      await ctx.app.db.insertInto('users').values({ username: 'reader', name: 'Riley Reader', email: null, password_hash: null }).execute();
      await ctx.app.db.updateTable('users').set({ enabled: false }).where('username', '=', 'approver').execute();
      try {
        const token = await ctx.login('editor');
        const names = body<Array<{ name: string }>>(await ctx.get('/api/v2/portal/creators', token)).data.map((c) => c.name);
        expect(names).toEqual(['Alex Admin', 'Erin Editor', 'Sam Submitter']);
      } finally {
        await ctx.app.db.updateTable('users').set({ enabled: true }).where('username', '=', 'approver').execute();
        await ctx.app.db.deleteFrom('users').where('username', '=', 'reader').execute();
      }
    });
  });

  it('ends the sessions of a disabled user', async () => {
    const token = await ctx.login('approver');
    await ctx.app.db.updateTable('users').set({ enabled: false }).where('username', '=', 'approver').execute();
    try {
      expect((await ctx.get('/api/v2/user', token)).statusCode).toBe(401);
      const again = await ctx.inject({
        method: 'POST',
        url: '/api/v2/session',
        payload: { username: 'approver', password: 'approver-demo' },
      });
      expect(body(again)).toEqual({ code: 401, data: { error: 'invalid_credentials' }, message: 'Invalid username or password' });
    } finally {
      await ctx.app.db.updateTable('users').set({ enabled: true }).where('username', '=', 'approver').execute();
    }
  });
});
