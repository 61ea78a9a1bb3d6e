import type { FastifyInstance } from 'fastify';
import { totpCode } from '../src/lib/totp';
import { body, DEMO, describeTwoProcessesOnPostgres, signInTo } from './helpers';

/**
 * Two API processes on one PostgreSQL, each caching sessions for 10 minutes: disabling a user
 * through A ends their session on B within a second, and a role change through A applies to the
 * user's next request on B (NOTIFY session_revoked, migration 0020's triggers); a password changed
 * in My account on A ends the user's other session on B, and the changing session lives on; wrong
 * two-factor codes sent to A and B count toward one limit per user.
 */
describeTwoProcessesOnPostgres('people across API processes', { sessionCacheSeconds: 600 }, (processes) => {
  const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: { authentication: token } });
  const post = (app: FastifyInstance, url: string, token: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { authentication: token }, ...(payload ? { payload } : {}) });

  it('disable on A: B answers the user 401 within 1 s', async () => {
    const { a, b } = processes;
    const admin = await signInTo(a, 'admin');
    const submitter = await signInTo(b, 'submitter');
    expect((await get(b, '/api/v2/user', submitter)).statusCode).toBe(200); // cached in B now
    const id = body(await get(b, '/api/v2/user', submitter)).data.id;

    const started = Date.now();
    expect((await post(a, `/api/v2/users/${id}/disable`, admin)).statusCode).toBe(200);
    let status = (await get(b, '/api/v2/user', submitter)).statusCode;
    while (status !== 401 && Date.now() - started < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await get(b, '/api/v2/user', submitter)).statusCode;
    }
    const elapsed = Date.now() - started;
    console.log(`people across processes: disabled on A, refused on B after ${elapsed} ms`);
    expect(status).toBe(401);
    expect((await post(a, `/api/v2/users/${id}/enable`, admin)).statusCode).toBe(200);
  });

  it('a role change on A applies to the next request on B', async () => {
    const { a, b } = processes;
    const admin = await signInTo(a, 'admin');
    const approver = await signInTo(b, 'approver');
    expect(body(await get(b, '/api/v2/user/permissions', approver)).data).not.toContain('import');
    const roles = body(await get(a, '/api/v2/roles', admin)).data as Array<{
      id: number;
      name: string;
      title: string;
      version: number;
      rights: string[];
    }>;
    const role = roles.find((candidate) => candidate.name === 'approver') as (typeof roles)[number];
    const saved = await post(a, '/api/v2/roles', admin, {
      id: role.id,
      version: role.version,
      title: role.title,
      rights: [...role.rights, 'import'],
    });
    expect(saved.statusCode).toBe(200);
    // NOTIFY arrives after the commit; the next request that sees it answers with the new rights.
    const started = Date.now();
    let rights = body(await get(b, '/api/v2/user/permissions', approver)).data as string[];
    while (!rights.includes('import') && Date.now() - started < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      rights = body(await get(b, '/api/v2/user/permissions', approver)).data;
    }
    expect(rights).toContain('import');
  });

  it('a scope change on A (SQL or the Roles API) holds on B within 1 s', async () => {
    const { a, b } = processes;
    const admin = await signInTo(a, 'admin');
    const approver = await signInTo(b, 'approver');
    const news = await a.db.selectFrom('articles').select('id').where('catid', '=', 102).orderBy('id').executeTakeFirstOrThrow();
    const open = async () => (await get(b, `/api/portal/article?id=${news.id}`, approver)).statusCode;
    expect(await open()).toBe(200); // cached in B now
    const role = await a.db.selectFrom('roles').select(['id', 'title', 'version']).where('name', '=', 'approver').executeTakeFirstOrThrow();
    const within1s = async (expected: number) => {
      const started = Date.now();
      let status = await open();
      while (status !== expected && Date.now() - started < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        status = await open();
      }
      return { status, elapsed: Date.now() - started };
    };
    // By SQL on A's database: the triggers on role_scopes and roles.scoped tell B.
    await a.db.transaction().execute(async (trx) => {
      await trx.insertInto('role_scopes').values({ role_id: role.id, category_id: 200 }).execute();
      await trx.updateTable('roles').set({ scoped: true }).where('id', '=', role.id).execute();
    });
    const scoped = await within1s(403);
    console.log(`people across processes: approver scoped to Sport on A, refused the News article on B after ${scoped.elapsed} ms`);
    expect(scoped.status).toBe(403);
    // Through the Roles API: everywhere again.
    const roles = body(await get(a, '/api/v2/roles', admin)).data as Array<{ id: number; version: number; rights: string[] }>;
    const current = roles.find((candidate) => candidate.id === role.id) as (typeof roles)[number];
    const saved = await post(a, '/api/v2/roles', admin, {
      id: role.id,
      version: current.version,
      title: role.title,
      rights: current.rights,
      scope: null,
    });
    expect(saved.statusCode).toBe(200);
    expect((await within1s(200)).status).toBe(200);
  });

  it('a password changed on A: the other session of the user ends on B within 1 s, the one that changed it stays', async () => {
    const { a, b } = processes;
    const here = await signInTo(a, 'editor');
    const elsewhere = await signInTo(b, 'editor');
    expect((await get(b, '/api/v2/user', elsewhere)).statusCode).toBe(200); // cached in B now

    const started = Date.now();
    const changed = await post(a, '/api/v2/account/password', here, {
      current_password: DEMO.editor,
      password: 'lantern ferry crosses at noon',
    });
    expect(changed.statusCode).toBe(200);
    let status = (await get(b, '/api/v2/user', elsewhere)).statusCode;
    while (status !== 401 && Date.now() - started < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await get(b, '/api/v2/user', elsewhere)).statusCode;
    }
    expect(status).toBe(401);
    expect((await get(a, '/api/v2/user', here)).statusCode).toBe(200);
    expect((await get(b, '/api/v2/user', here)).statusCode).toBe(200);
  });

  it('wrong two-factor codes count per user across processes: 3 on A and 2 on B, then the right code is refused on either (429)', async () => {
    const { a, b } = processes;
    const token = await signInTo(a, 'approver');
    const { secret } = body(await post(a, '/api/v2/account/two-factor', token)).data;
    expect((await post(a, '/api/v2/account/two-factor/confirm', token, { code: totpCode(secret) })).statusCode).toBe(200);

    const passwordStep = await b.inject({
      method: 'POST',
      url: '/api/v2/session',
      payload: { username: 'approver', password: DEMO.approver },
    });
    const { challenge } = body(passwordStep).data;
    const codeStep = (app: FastifyInstance, code: string) =>
      app.inject({ method: 'POST', url: '/api/v2/session/second-factor', payload: { challenge, code } });
    for (const app of [a, a, a, b, b]) expect((await codeStep(app, '000000')).statusCode).toBe(400);
    const right = totpCode(secret, new Date(Date.now() + 30_000));
    expect((await codeStep(a, right)).statusCode).toBe(429);
    expect((await codeStep(b, right)).statusCode).toBe(429);
  });
});
