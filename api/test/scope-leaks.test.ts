// Scoped readers see nothing of articles outside their desks on the paths beside the list and the
// editor: the live event stream (locks, changes and its snapshot), the trash count and list, the
// desk board, and the main categories the editor offers. Demo tree: 100 News (101 World …), 200 Sport
// (201 Football …). "sportreader" reads only under Sport; "reader" reads everywhere (the control).
import type { PresenceEvent, PresenceSnapshot } from 'contracts/schemas/events';
import { hashPassword } from '../src/lib/passwords';
import { articleScopeRepository } from '../src/repositories/article-scope';
import { body, describeEachDatabase, describeTwoProcessesOnPostgres, signInTo, type TestContext } from './helpers';
import { openEventStream } from './presence-stream';

const SPORT = 200;
const NEWS = 100;
const isSnapshot = (event: PresenceEvent): event is PresenceSnapshot => event.type === 'snapshot';

async function addUser(ctx: TestContext, username: string, roleIds: number[]): Promise<{ id: number; token: string }> {
  const user = await ctx.app.db
    .insertInto('users')
    .values({ username, name: `Test ${username}`, email: null, password_hash: await hashPassword(`${username}-pw`) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.app.db
    .insertInto('user_roles')
    .values(roleIds.map((roleId) => ({ user_id: user.id, role_id: roleId })))
    .execute();
  const response = await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username, password: `${username}-pw` } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { id: user.id, token: body<{ auth: string }>(response).data.auth };
}

describeEachDatabase('scoped readers on the live stream, the trash, the board and the editor', (ctx) => {
  let admin: string;
  let sportReader: { id: number; token: string };
  let sportWriter: { id: number; token: string };
  let reader: { id: number; token: string };
  const article = { inside: 0, outside: 0 };
  const get = (token: string, url: string) => ctx.inject({ method: 'GET', url, headers: { authentication: token } });
  const saveRole = async (payload: object) =>
    body(await ctx.inject({ method: 'POST', url: '/api/v2/roles', headers: { authentication: admin }, payload })).data as { id: number };

  /** A demo article (not in the trash) whose scope category lies under `root`. */
  async function articleUnder(root: number): Promise<number> {
    const under = await articleScopeRepository.subtrees(ctx.app.db, [root]);
    const row = await ctx.app.db
      .selectFrom('articles')
      .select('id')
      .where((eb) => eb(eb.fn.coalesce('catid', 'main_category_id'), 'in', under))
      .where('state', '<>', -2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    admin = await ctx.login('admin');
    const sportRead = await saveRole({ title: 'Sport reader', rights: ['view_all_articles'], scope: [SPORT] });
    const sportWrite = await saveRole({ title: 'Sport writer', rights: ['create_article', 'edit_all_articles'], scope: [SPORT] });
    const readAll = await saveRole({ title: 'Reader', rights: ['view_all_articles'] });
    sportReader = await addUser(ctx, 'sportreader', [sportRead.id]);
    sportWriter = await addUser(ctx, 'sportwriter', [sportWrite.id]);
    reader = await addUser(ctx, 'reader', [readAll.id]);
    article.inside = await articleUnder(SPORT);
    article.outside = await articleUnder(NEWS);
  });

  it('the event stream and its snapshot carry locks and changes of articles under the desks only', async () => {
    const adminId = (await ctx.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const lock = (articleId: number) =>
      ctx.app.db.insertInto('article_locks').values({ article_id: articleId, user_id: adminId }).execute();
    const touch = (articleId: number) =>
      ctx.app.db
        .updateTable('articles')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', articleId)
        .execute();
    await lock(article.outside);
    const scoped = await openEventStream(ctx.app, sportReader.token);
    const control = await openEventStream(ctx.app, reader.token);
    try {
      const [scopedSnapshot, controlSnapshot] = await Promise.all([scoped.next(isSnapshot), control.next(isSnapshot)]);
      expect(controlSnapshot.locks.map((held) => held.article_id)).toContain(article.outside);
      expect(scopedSnapshot.locks.map((held) => held.article_id)).not.toContain(article.outside);

      // Outside first, then inside: each stream gets its events in order, so once the inside ones are
      // there, the outside ones would have come before them.
      await ctx.app.db.deleteFrom('article_locks').where('article_id', '=', article.outside).execute();
      await touch(article.outside);
      await lock(article.inside);
      await touch(article.inside);
      const about = (id: number, type: PresenceEvent['type']) => (event: PresenceEvent) =>
        event.type === type && 'article_id' in event && event.article_id === id;
      await control.next(about(article.outside, 'lock'));
      await control.next(about(article.outside, 'article'));
      await scoped.next(about(article.inside, 'lock'));
      await scoped.next(about(article.inside, 'article'));
      await control.next(about(article.inside, 'article'));
      expect(scoped.events.filter((event) => 'article_id' in event && event.article_id === article.outside)).toEqual([]);
    } finally {
      scoped.close();
      control.close();
      await ctx.app.db.deleteFrom('article_locks').execute();
    }
  });

  it('the trash count and list hold only what lies under the desks', async () => {
    await ctx.app.db.updateTable('articles').set({ state: -2 }).where('id', 'in', [article.inside, article.outside]).execute();
    try {
      const trashOf = async (token: string) => {
        const answer = body(await get(token, '/api/portal/articles?status=-2&limit=100'));
        return {
          ids: (answer.data as Array<{ id: number }>).map((row) => row.id),
          total: (answer as { trash_total?: number }).trash_total,
        };
      };
      const everyone = await trashOf(reader.token);
      const scoped = await trashOf(sportReader.token);
      expect(everyone.ids).toEqual(expect.arrayContaining([article.inside, article.outside]));
      expect(scoped.ids).toContain(article.inside);
      expect(scoped.ids).not.toContain(article.outside);
      const sportTrash = await ctx.app.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', -2)
        .where('catid', 'in', await articleScopeRepository.subtrees(ctx.app.db, [SPORT]))
        .executeTakeFirstOrThrow();
      expect(scoped.total).toBe(Number(sportTrash.n));
      expect(scoped.total).toBeLessThan(everyone.total as number);
    } finally {
      await ctx.app.db.updateTable('articles').set({ state: 0 }).where('id', 'in', [article.inside, article.outside]).execute();
    }
  });

  it('the desk board shows a scoped member only the stories under their desks (and their own)', async () => {
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/v2/desks',
      headers: { authentication: admin },
      payload: { name: 'Mixed desk', members: [sportReader.id] },
    });
    expect(created.statusCode).toBe(200);
    const desk = body(created).data as { id: number; stages: Array<{ id: number }> };
    const own = await ctx.app.db
      .selectFrom('articles')
      .select('id')
      .where('id', 'not in', [article.inside, article.outside])
      .where('state', '<>', -2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await ctx.app.db.updateTable('articles').set({ created_by: sportReader.id }).where('id', '=', own.id).execute();
    await ctx.app.db
      .updateTable('articles')
      .set({ desk_id: desk.id, stage_id: desk.stages[0]!.id })
      .where('id', 'in', [article.inside, article.outside, own.id])
      .execute();
    const cards = async (token: string) =>
      (body(await get(token, `/api/v2/desks/${desk.id}/board`)).data.cards as Array<{ id: number }>).map((card) => card.id).sort();
    expect(await cards(admin)).toEqual([article.inside, article.outside, own.id].sort());
    const ownOutside = (await articleScopeRepository.subtrees(ctx.app.db, [SPORT])).includes(
      (await ctx.app.db.selectFrom('articles').select('catid').where('id', '=', own.id).executeTakeFirstOrThrow()).catid ?? -1,
    );
    expect(ownOutside).toBe(false);
    expect(await cards(sportReader.token)).toEqual([article.inside, own.id].sort());
  });

  it('the editor offers a scoped writer only the categories under their desks; an unscoped one gets no list', async () => {
    const opened = body(await get(sportWriter.token, '/api/portal/article?id=0')).data as { allowed_category_ids?: number[] };
    const sport = await articleScopeRepository.subtrees(ctx.app.db, [SPORT]);
    expect(opened.allowed_category_ids).toEqual(sport);
    expect(opened.allowed_category_ids).not.toContain(NEWS);
    // Another's article under Sport: where edit_all_articles holds (Sport); outside it opens read-only.
    const inside = body(await get(sportWriter.token, `/api/portal/article?id=${article.inside}`)).data;
    expect(inside.allowed_category_ids).toEqual(sport);
    expect(body(await get(admin, '/api/portal/article?id=0')).data.allowed_category_ids).toBeUndefined();
  });

  it("a change of a role's scope alone ends its members' open streams (they reconnect and see what the new scope allows)", async () => {
    const stream = await openEventStream(ctx.app, sportReader.token);
    try {
      await stream.next(isSnapshot);
      const roles = body(await get(admin, '/api/v2/roles')).data as Array<{ id: number; title: string; version: number }>;
      const role = roles.find((one) => one.title === 'Sport reader')!;
      const saved = await ctx.inject({
        method: 'POST',
        url: '/api/v2/roles',
        headers: { authentication: admin },
        payload: { id: role.id, version: role.version, title: role.title, rights: ['view_all_articles'], scope: [NEWS] },
      });
      expect(saved.statusCode).toBe(200);
      await stream.ended;
    } finally {
      stream.close();
    }
  });
});

describeTwoProcessesOnPostgres('scoped readers on the live stream across API processes', {}, (processes) => {
  it('locks taken through process A reach a scoped stream on process B only under its desks', async () => {
    const { a, b } = processes;
    const admin = await signInTo(a, 'admin');
    const role = body(
      await a.inject({
        method: 'POST',
        url: '/api/v2/roles',
        headers: { authentication: admin },
        payload: { title: 'Sport reader', rights: ['view_all_articles'], scope: [SPORT] },
      }),
    ).data as { id: number };
    const user = await a.db
      .insertInto('users')
      .values({ username: 'sportreader', name: 'Sport Reader', email: null, password_hash: await hashPassword('sportreader-pw') })
      .returning('id')
      .executeTakeFirstOrThrow();
    await a.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    const signedIn = await b.inject({
      method: 'POST',
      url: '/api/v2/session',
      payload: { username: 'sportreader', password: 'sportreader-pw' },
    });
    const firstUnder = async (root: number) => {
      const under = await articleScopeRepository.subtrees(a.db, [root]);
      return (
        await a.db
          .selectFrom('articles')
          .select('id')
          .where((eb) => eb(eb.fn.coalesce('catid', 'main_category_id'), 'in', under))
          .where('state', '<>', -2)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const [inside, outside] = [await firstUnder(SPORT), await firstUnder(NEWS)];
    const scoped = await openEventStream(b, body<{ auth: string }>(signedIn).data.auth);
    const control = await openEventStream(b, await signInTo(b, 'approver'));
    try {
      await Promise.all([scoped.next(isSnapshot), control.next(isSnapshot)]);
      const adminId = (await a.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      for (const id of [outside, inside]) {
        await a.db.insertInto('article_locks').values({ article_id: id, user_id: adminId }).execute();
      }
      const lockOn = (id: number) => (event: PresenceEvent) => event.type === 'lock' && event.article_id === id;
      await control.next(lockOn(outside));
      await control.next(lockOn(inside));
      await scoped.next(lockOn(inside));
      expect(scoped.events.filter((event) => 'article_id' in event && event.article_id === outside)).toEqual([]);
    } finally {
      scoped.close();
      control.close();
    }
  });
});
