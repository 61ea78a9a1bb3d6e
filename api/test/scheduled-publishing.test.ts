/**
 * Scheduled publishing (issue 15, part 3): an Unpublished article whose publish_up is ahead is
 * Scheduled (its own status filter, its times in the list); the publishing job publishes it when its
 * publish_up has come and unpublishes a Published article at its publish_down, once, as the system.
 * The job's pass (services/publishing-job.ts) is called directly: time "passes" by moving a pending
 * time into the past in SQL (the pending mark kept, as if it was saved ahead and the clock went on).
 * Two processes on one PostgreSQL: publishing-scheduler.test.ts.
 */
import { sql } from 'kysely';
import { runDuePublishing } from '../src/services/publishing-job';
import { articleChangesService } from '../src/services/article-changes';
import { SYSTEM_ACTOR } from '../src/services/system-actor';
import { categories, postJson, saveForm, upload } from './article-edit-fixtures';
import { body, describeEachDatabase } from './helpers';

/** 'YYYY-MM-DD HH:mm:ss' in UTC, how the editor sends publish times. */
function utcText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

describeEachDatabase('scheduled publishing', (ctx) => {
  let admin = '';
  let submitter = '';
  let cats: Awaited<ReturnType<typeof categories>>;
  let image = 0;

  beforeAll(async () => {
    admin = await ctx.login('admin');
    submitter = await ctx.login('submitter');
    cats = await categories(ctx);
    image = (await upload(ctx, admin, 'A photo')).id;
  });

  async function newArticle(title: string, fields: Record<string, unknown> = {}): Promise<number> {
    const response = await saveForm(ctx, admin, {
      id: 0,
      title,
      text: '<p>Body</p>',
      catid: cats.main,
      topics: [cats.main],
      main_category_id: cats.main,
      images: [{ id: image, description: 'A photo' }],
      ...fields,
    });
    if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
    return body<{ id: number }>(response).data.id;
  }

  async function setState(id: number, value: number) {
    return ctx.inject({
      method: 'POST',
      url: '/api/portal/article/update',
      headers: { authentication: admin },
      payload: { id, field: 'state', value },
    });
  }

  /** A draft, approved (1) and unpublished (0) again through the list: how an approver holds an article back. */
  async function unpublishedArticle(title: string, fields: Record<string, unknown> = {}): Promise<number> {
    const id = await newArticle(title, fields);
    expect((await setState(id, 1)).statusCode).toBe(200);
    expect((await setState(id, 0)).statusCode).toBe(200);
    return id;
  }

  async function row(id: number) {
    return ctx.app.db
      .selectFrom('articles')
      .select(['state', 'version', 'publish_up', 'publish_down', 'publish_up_pending', 'publish_down_pending'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** The clock went on: the pending time is now in the past (the mark stays, as it would). */
  async function timePasses(id: number, column: 'publish_up' | 'publish_down') {
    const pending = sql.ref(`${column}_pending`);
    await sql`update articles set ${sql.ref(column)} = now() - interval '1 minute' where id = ${id}`.execute(ctx.app.db);
    await sql`update articles set ${pending} = true where id = ${id}`.execute(ctx.app.db);
  }

  async function listed(
    status: string,
  ): Promise<Array<{ id: number; state: number; publish_up: string | null; publish_down: string | null }>> {
    const response = await ctx.get(`/api/portal/articles?status=${status}&limit=100`, admin);
    expect(response.statusCode).toBe(200);
    return body(response).data;
  }

  const ahead = () => new Date(Date.now() + 24 * 3600_000);

  it('a publish_up saved ahead makes an Unpublished article Scheduled: the Scheduled filter (-3) lists it with its UTC times', async () => {
    const up = ahead();
    up.setUTCMilliseconds(0);
    up.setUTCSeconds(0);
    const down = new Date(up.getTime() + 3600_000);
    const id = await unpublishedArticle('Scheduled for tomorrow', { publish_up: utcText(up), publish_down: utcText(down) });
    const stored = await row(id);
    expect(stored).toMatchObject({ state: 0, publish_up_pending: true, publish_down_pending: true });

    const scheduled = await listed('-3');
    const item = scheduled.find((article) => article.id === id);
    expect(item).toMatchObject({ state: 0, publish_up: up.toISOString(), publish_down: down.toISOString() });
    expect(scheduled.every((article) => article.state === 0 && new Date(article.publish_up!).getTime() > Date.now())).toBe(true);
    const total = body(await ctx.get('/api/portal/articles?status=-3&limit=5', admin)).total;
    expect(total).toBe(scheduled.length);
    // Still Unpublished by its state (the Unpublished choice lists it too); never Published.
    expect((await listed('0')).some((article) => article.id === id)).toBe(true);
    expect((await listed('1')).some((article) => article.id === id)).toBe(false);
  });

  it('an Unpublished article without publish_up ahead, or a draft with one, is not Scheduled', async () => {
    const plain = await unpublishedArticle('Unpublished, no time');
    const draft = await newArticle('Draft with a time', { publish_up: utcText(ahead()) });
    expect((await row(draft)).publish_up_pending).toBe(true);
    const ids = (await listed('-3')).map((article) => article.id);
    expect(ids).not.toContain(plain);
    expect(ids).not.toContain(draft);
  });

  it('the job publishes a Scheduled article when its publish_up has come, once, as the system', async () => {
    const id = await unpublishedArticle('Goes out by itself', { publish_up: utcText(ahead()) });
    const before = await row(id);
    await timePasses(id, 'publish_up');

    const changes = await runDuePublishing(ctx.app.db);
    expect(changes.filter((change) => change.id === id)).toEqual([
      expect.objectContaining({
        id,
        from: 0,
        to: 1,
        actions: ['publish'],
        record: expect.objectContaining({ state: 1, version: before.version + 1 }),
      }),
    ]);
    expect(await row(id)).toMatchObject({ state: 1, version: before.version + 1, publish_up_pending: false });
    // A save like any other: its revision, by no user (the system), as the state change it is.
    const revision = await ctx.app.db
      .selectFrom('article_revisions')
      .select(['user_id', 'source', 'version'])
      .where('article_id', '=', id)
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    expect(revision).toEqual({ user_id: null, source: 'list', version: before.version + 1 });
    // In the activity log as done by the system (no user), state 0 → 1.
    const activity = await ctx.get(`/api/v2/activity?entity=article&entity_id=${id}&limit=5`, admin);
    expect(activity.statusCode).toBe(200);
    expect(body(activity).data[0]).toMatchObject({ action: 'update', actor: null, changes: { state: { from: 0, to: 1 } } });
    expect((await listed('1')).some((article) => article.id === id)).toBe(true);
    expect((await listed('-3')).some((article) => article.id === id)).toBe(false);

    // Nothing is due any more: a second pass (another tick, another process) finds nothing to do.
    expect((await runDuePublishing(ctx.app.db)).filter((change) => change.id === id)).toEqual([]);
    expect((await row(id)).version).toBe(before.version + 1);
  });

  it('at publish_down a Published article is unpublished; publishing it again by hand afterwards stays', async () => {
    const id = await newArticle('Comes down by itself', { publish_down: utcText(ahead()) });
    expect((await setState(id, 1)).statusCode).toBe(200);
    await timePasses(id, 'publish_down');

    const changes = await runDuePublishing(ctx.app.db);
    expect(changes.filter((change) => change.id === id)).toEqual([expect.objectContaining({ from: 1, to: 0, actions: ['unpublish'] })]);
    expect(await row(id)).toMatchObject({ state: 0, publish_down_pending: false });

    // An approver publishes it again: the job, having acted on that publish_down, leaves it.
    expect((await setState(id, 1)).statusCode).toBe(200);
    expect((await runDuePublishing(ctx.app.db)).filter((change) => change.id === id)).toEqual([]);
    expect((await row(id)).state).toBe(1);
  });

  it('a draft is never published by the clock (the approval workflow stays); its due mark is cleared', async () => {
    const id = await newArticle('Draft at its time', { publish_up: utcText(ahead()) });
    const before = await row(id);
    await timePasses(id, 'publish_up');
    const changes = await runDuePublishing(ctx.app.db);
    expect(changes.filter((change) => change.id === id)).toEqual([
      expect.objectContaining({ from: 5, to: null, actions: [], record: null }),
    ]);
    expect(await row(id)).toMatchObject({ state: 5, version: before.version, publish_up_pending: false });
  });

  it('times saved in the past are not pending, so the job never acts on them (old articles stay as they are)', async () => {
    const id = await unpublishedArticle('Old time', { publish_up: '2020-01-01 00:00:00', publish_down: '2020-02-01 00:00:00' });
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: false, publish_down_pending: false });
    expect((await runDuePublishing(ctx.app.db)).filter((change) => change.id === id)).toEqual([]);
    expect((await row(id)).state).toBe(0);
  });

  it('a save that keeps publish_up keeps its mark; moving it ahead again marks it again', async () => {
    const id = await unpublishedArticle('Moved', { publish_up: utcText(ahead()) });
    await sql`update articles set title = 'Moved (edited)', publish_up = publish_up where id = ${id}`.execute(ctx.app.db);
    expect((await row(id)).publish_up_pending).toBe(true);
    await timePasses(id, 'publish_up');
    await runDuePublishing(ctx.app.db);
    expect(await row(id)).toMatchObject({ state: 1, publish_up_pending: false });
    await sql`update articles set publish_up = now() + interval '1 day', state = 0 where id = ${id}`.execute(ctx.app.db);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: true });
  });

  it('a time a submitter sets waits for an approver: not Scheduled, never published by the job, until an approver saves it', async () => {
    const form = {
      title: 'A time proposed by its submitter',
      text: '<p>Body</p>',
      catid: cats.main,
      topics: [cats.main],
      main_category_id: cats.main,
      images: [{ id: (await upload(ctx, submitter, 'Own photo')).id, description: 'Own photo' }],
      publish_up: utcText(ahead()),
    };
    const created = await saveForm(ctx, submitter, { ...form, id: 0 });
    expect(created.statusCode).toBe(200);
    const { id } = body<{ id: number }>(created).data;
    expect(await row(id)).toMatchObject({ state: 5, publish_up_pending: false });
    await postJson(ctx, submitter, `/api/portal/lock/${id}/release`);

    // Its submitter moves the draft to the trash and back: Unpublished (spec section 4), not Scheduled.
    const listChange = (action: string, token: string) =>
      ctx.inject({ method: 'POST', url: `/api/portal/article/${action}`, headers: { authentication: token }, payload: { id } });
    expect((await listChange('delete', submitter)).statusCode).toBe(200);
    expect((await listChange('restore', submitter)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: false });
    expect((await listed('0')).find((article) => article.id === id)).toMatchObject({ publish_up_pending: false });
    expect((await listed('-3')).map((article) => article.id)).not.toContain(id);

    // Its time comes: the job leaves it Unpublished.
    await sql`update articles set publish_up = now() - interval '1 minute' where id = ${id}`.execute(ctx.app.db);
    expect((await runDuePublishing(ctx.app.db)).map((change) => change.id)).not.toContain(id);
    expect((await row(id)).state).toBe(0);

    // An approver saves it with a time ahead: now it is Scheduled and the job will act on it.
    const accepted = await saveForm(ctx, admin, { ...form, id, version: (await row(id)).version, publish_up: utcText(ahead()) });
    expect(accepted.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: true });
    expect((await listed('-3')).find((article) => article.id === id)).toMatchObject({ publish_up_pending: true });
    await postJson(ctx, admin, `/api/portal/lock/${id}/release`);

    // Its submitter moves the time: it waits for an approver again.
    const later = new Date(ahead().getTime() + 3600_000);
    const moved = await saveForm(ctx, submitter, { ...form, id, version: (await row(id)).version, publish_up: utcText(later) });
    expect(moved.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: false });
  });

  it('the job needs approve_article like anyone who publishes (the system actor has every right)', async () => {
    const id = await unpublishedArticle('Rights', { publish_up: utcText(ahead()) });
    await timePasses(id, 'publish_up');
    const changes = articleChangesService(ctx.app.db);
    await expect(changes.applyDueSchedule({ id: 3, rights: ['create_article'] }, id)).rejects.toMatchObject({ statusCode: 403 });
    expect((await row(id)).state).toBe(0);
    expect(SYSTEM_ACTOR.id).toBe(0);
    expect(await changes.applyDueSchedule(SYSTEM_ACTOR, id)).toMatchObject({ to: 1 });
  });

  it('the Scheduled filter needs view_all_articles like every filter (403); a status that does not exist is refused (400)', async () => {
    const refused = await ctx.get('/api/portal/articles?status=-3', submitter);
    expect(refused.statusCode).toBe(403);
    const bad = await ctx.get('/api/portal/articles?status=-4', admin);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('-3');
  });
});
