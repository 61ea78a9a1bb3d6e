import { RIGHTS } from 'contracts/rules/rights';
import { body, describeEachDatabase, type DemoUsername } from './helpers';

/** Every route that needs a session (all but sign-in, session restore and health). */
const PROTECTED: Array<[method: 'GET' | 'DELETE', url: string]> = [
  ['DELETE', '/api/v2/session'],
  ['GET', '/api/v2/user'],
  ['GET', '/api/v2/user/permissions'],
  ['GET', '/api/v2/portal/creators'],
  ['GET', '/api/categories/tree'],
  ['GET', '/api/portal/articles'],
  ['GET', '/api/v2/portal/importer'],
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
