/**
 * Scheduled publishing: an approver schedules a draft, an awaiting or an Unpublished article for a
 * time ahead (POST /api/portal/article/{id}/schedule): it is Scheduled (state 0 with its publish_up
 * pending; its own status filter) without going live, and the publishing job publishes it at that
 * time and unpublishes a Published article at a pending publish_down, once, as the system. A
 * submitter's time is a request; a later manual state change or a content change by a user without
 * approve_article withdraws the schedule (contracts/rules/article-schedule.ts).
 * The job's pass (services/publishing-job.ts) is called directly: time "passes" by moving a pending
 * time into the past in SQL (the pending mark kept, as if the clock went on).
 * Two processes on one PostgreSQL: publishing-scheduler.test.ts. Random sequences: schedule-property.test.ts.
 */
import { sql } from 'kysely';
import { runDuePublishing } from '../src/services/publishing-job';
import { ArticleChangesService } from '../src/services/article-changes';
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

  async function setState(id: number, value: number, token = admin) {
    return ctx.inject({
      method: 'POST',
      url: '/api/portal/article/update',
      headers: { authentication: token },
      payload: { id, field: 'state', value },
    });
  }

  /** An approver's Schedule of the version they have seen (the stored one unless given). */
  async function schedule(id: number, fields: { version?: number; publish_up?: string } = {}, token = admin) {
    const version = fields.version ?? (await row(id)).version;
    return postJson(ctx, token, `/api/portal/article/${id}/schedule`, {
      version,
      ...(fields.publish_up ? { publish_up: fields.publish_up } : {}),
    });
  }

  /** A draft saved with a time ahead, then scheduled by an approver. */
  async function scheduledArticle(title: string, fields: Record<string, unknown> = {}): Promise<number> {
    const id = await newArticle(title, { publish_up: utcText(ahead()), ...fields });
    const scheduled = await schedule(id);
    expect(scheduled.statusCode).toBe(200);
    return id;
  }

  async function bulk(ids: number[], action: string, token = admin) {
    const response = await postJson(ctx, token, '/api/portal/articles/bulk', { ids, action });
    expect(response.statusCode).toBe(200);
    return body<{ results: Array<{ id: number; outcome: string; error?: string }> }>(response).data.results;
  }

  /** The editor's form of a submitter's own article (one image of theirs, the main category). */
  async function submitterForm(title: string, fields: Record<string, unknown> = {}) {
    return {
      title,
      text: '<p>Body</p>',
      catid: cats.main,
      topics: [cats.main],
      main_category_id: cats.main,
      images: [{ id: (await upload(ctx, submitter, 'Own photo')).id, description: 'Own photo' }],
      ...fields,
    };
  }

  async function submitterArticle(form: Record<string, unknown>): Promise<number> {
    const created = await saveForm(ctx, submitter, { ...form, id: 0 });
    expect(created.statusCode).toBe(200);
    const { id } = body<{ id: number }>(created).data;
    await postJson(ctx, submitter, `/api/portal/lock/${id}/release`);
    return id;
  }

  const ahead = () => new Date(Date.now() + 24 * 3600_000);
  const published = async (id: number) => (await runDuePublishing(ctx.app.db)).filter((change) => change.id === id && change.to === 1);

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

  /** The clock went on past publish_up or publish_down; the marks stay as the writes left them. */
  async function clockPasses(id: number, column: 'publish_up' | 'publish_down') {
    await sql`update articles set ${sql.ref(column)} = now() - interval '1 minute' where id = ${id}`.execute(ctx.app.db);
  }

  async function listed(
    status: string,
  ): Promise<Array<{ id: number; state: number; publish_up: string | null; publish_down: string | null }>> {
    const response = await ctx.get(`/api/portal/articles?status=${status}&limit=100`, admin);
    expect(response.statusCode).toBe(200);
    return body(response).data;
  }

  it('Schedule makes a draft Scheduled without it going live: the Scheduled filter (-3) lists it with its UTC times, the editor reads its mark', async () => {
    const up = ahead();
    up.setUTCMilliseconds(0);
    up.setUTCSeconds(0);
    const down = new Date(up.getTime() + 3600_000);
    const id = await newArticle('Scheduled for tomorrow', { publish_up: utcText(up), publish_down: utcText(down) });
    // Saved with a time, a draft is only a draft: nothing is pending, it is not Scheduled.
    expect(await row(id)).toMatchObject({ state: 5, publish_up_pending: false, publish_down_pending: false });
    expect((await listed('-3')).map((article) => article.id)).not.toContain(id);

    const scheduled = await schedule(id);
    expect(scheduled.statusCode).toBe(200);
    expect(body(scheduled).message).toBe('Article scheduled');
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: true, publish_down_pending: true });
    const items = await listed('-3');
    expect(items.find((article) => article.id === id)).toMatchObject({
      state: 0,
      publish_up: up.toISOString(),
      publish_down: down.toISOString(),
    });
    const total = body(await ctx.get('/api/portal/articles?status=-3&limit=5', admin)).total;
    expect(total).toBe(items.length);
    expect((await listed('1')).some((article) => article.id === id)).toBe(false);
    const edit = await ctx.get(`/api/portal/article?id=${id}`, admin);
    expect(body(edit).data.article).toMatchObject({ state: 0, publish_up_pending: true, publish_down_pending: true });
  });

  it('an approver schedules an article awaiting approval with a time given in the call; the job publishes it at that time, once, as the system', async () => {
    const id = await newArticle('Goes out by itself');
    expect((await postJson(ctx, admin, `/api/portal/article/${id}/submit`)).statusCode).toBe(200);
    const scheduled = await schedule(id, { publish_up: ahead().toISOString() });
    expect(scheduled.statusCode).toBe(200);
    const before = await row(id);
    expect(before).toMatchObject({ state: 0, publish_up_pending: true });
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
    expect((await listed('-3')).some((article) => article.id === id)).toBe(false);

    // Nothing is due any more: a second pass (another tick, another process) finds nothing to do.
    expect((await runDuePublishing(ctx.app.db)).filter((change) => change.id === id)).toEqual([]);
    expect((await row(id)).version).toBe(before.version + 1);
  });

  it('Schedule is refused with a coded reason: no right, a Published or trashed article, a time not ahead, a version the approver has not seen', async () => {
    const id = await newArticle('Refusals', { publish_up: utcText(ahead()) });
    const own = await submitterArticle(await submitterForm('Own', { publish_up: utcText(ahead()) }));
    expect(body(await schedule(own, {}, submitter)).data).toMatchObject({ error: 'no_right' });
    expect((await schedule(own, {}, submitter)).statusCode).toBe(403);
    const stale = await schedule(id, { version: (await row(id)).version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).data).toMatchObject({ error: 'schedule_article_changed' });
    const past = await schedule(id, { publish_up: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(body(past).data).toMatchObject({ error: 'schedule_time_not_ahead' });
    expect((await setState(id, 1)).statusCode).toBe(200);
    const live = await schedule(id);
    expect(live.statusCode).toBe(409);
    expect(body(live).data).toMatchObject({ error: 'schedule_state', params: { state: 1 } });
    expect(await row(id)).toMatchObject({ state: 1, publish_up_pending: false });
  });

  it('a time that passed is never acted on after an approver decided by hand: a draft with start and finish, submitted, approved, unpublished', async () => {
    const id = await newArticle('Pulled by an approver', {
      publish_up: utcText(ahead()),
      publish_down: utcText(new Date(ahead().getTime() + 3600_000)),
    });
    await clockPasses(id, 'publish_up');
    expect((await postJson(ctx, admin, `/api/portal/article/${id}/submit`)).statusCode).toBe(200);
    expect((await setState(id, 1)).statusCode).toBe(200);
    expect((await setState(id, 0)).statusCode).toBe(200);
    expect(await published(id)).toEqual([]);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: false, publish_down_pending: false });
    await clockPasses(id, 'publish_down');
    expect((await runDuePublishing(ctx.app.db)).filter((change) => change.id === id)).toEqual([]);
    expect((await row(id)).state).toBe(0);
  });

  it('every manual state change withdraws a schedule: approve and unpublish, trash and restore, bulk unpublish', async () => {
    const pulled = await scheduledArticle('Published by hand, then pulled');
    await timePasses(pulled, 'publish_up');
    expect((await setState(pulled, 1)).statusCode).toBe(200);
    expect((await setState(pulled, 0)).statusCode).toBe(200);
    const trashed = await scheduledArticle('Trashed and back');
    expect((await postJson(ctx, admin, '/api/portal/article/delete', { id: trashed })).statusCode).toBe(200);
    expect((await postJson(ctx, admin, '/api/portal/article/restore', { id: trashed })).statusCode).toBe(200);
    const bulked = await scheduledArticle('Unpublished in bulk');
    expect(await bulk([bulked], 'unpublish')).toEqual([expect.objectContaining({ id: bulked, outcome: 'done' })]);
    for (const id of [pulled, trashed, bulked]) {
      expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: false });
      await clockPasses(id, 'publish_up');
      expect(await published(id)).toEqual([]);
    }
  });

  it('at publish_down an article an approver published is unpublished; publishing it again by hand afterwards stays', async () => {
    const id = await newArticle('Comes down by itself', { publish_down: utcText(ahead()) });
    expect((await setState(id, 1)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ publish_down_pending: true });
    await timePasses(id, 'publish_down');

    const changes = await runDuePublishing(ctx.app.db);
    expect(changes.filter((change) => change.id === id)).toEqual([expect.objectContaining({ from: 1, to: 0, actions: ['unpublish'] })]);
    expect(await row(id)).toMatchObject({ state: 0, publish_down_pending: false });

    // An approver publishes it again: its finish has passed, so nothing is armed and the job leaves it.
    expect((await setState(id, 1)).statusCode).toBe(200);
    expect((await runDuePublishing(ctx.app.db)).filter((change) => change.id === id)).toEqual([]);
    expect((await row(id)).state).toBe(1);
  });

  it('the job never publishes a draft, even with a mark left over; the mark is cleared', async () => {
    const id = await newArticle('Draft at its time', { publish_up: utcText(ahead()) });
    const before = await row(id);
    await timePasses(id, 'publish_up');
    const changes = await runDuePublishing(ctx.app.db);
    expect(changes.filter((change) => change.id === id)).toEqual([
      expect.objectContaining({ from: 5, to: null, actions: [], record: null }),
    ]);
    expect(await row(id)).toMatchObject({ state: 5, version: before.version, publish_up_pending: false });
  });

  it("an approver's save keeps the schedule, moving its time moves it, clearing the time withdraws it", async () => {
    const id = await scheduledArticle('Edited by an approver');
    const form = {
      id,
      title: 'Edited by an approver (checked)',
      text: '<p>Checked</p>',
      catid: cats.main,
      topics: [cats.main],
      main_category_id: cats.main,
      images: [{ id: image, description: 'A photo' }],
    };
    const later = new Date(ahead().getTime() + 7200_000);
    expect((await saveForm(ctx, admin, { ...form, version: (await row(id)).version, publish_up: utcText(later) })).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: true });
    expect(new Date((await row(id)).publish_up as Date).getTime()).toBe(Math.floor(later.getTime() / 1000) * 1000);
    expect((await saveForm(ctx, admin, { ...form, version: (await row(id)).version, publish_up: '' })).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: false });
  });

  it("a submitter's time is a request: not Scheduled, never published by the job, until an approver schedules it", async () => {
    const form = await submitterForm('A time proposed by its submitter', { publish_up: utcText(ahead()) });
    const id = await submitterArticle(form);
    expect(await row(id)).toMatchObject({ state: 5, publish_up_pending: false });
    expect((await postJson(ctx, submitter, `/api/portal/article/${id}/submit`)).statusCode).toBe(200);
    // Approvers see the request: the list carries the time, not pending.
    expect((await listed('4')).find((article) => article.id === id)).toMatchObject({ publish_up_pending: false });
    expect((await listed('-3')).map((article) => article.id)).not.toContain(id);
    await sql`update articles set publish_up = now() - interval '1 minute' where id = ${id}`.execute(ctx.app.db);
    expect((await runDuePublishing(ctx.app.db)).map((change) => change.id)).not.toContain(id);
    expect((await row(id)).state).toBe(4);

    // An approver accepts it with a time ahead: Scheduled.
    expect((await schedule(id, { publish_up: ahead().toISOString() })).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: true });
  });

  it('a scheduled article never publishes text no approver saw: a content change by its submitter (save or revision restore) withdraws the schedule', async () => {
    const form = await submitterForm('Checked by an approver', { publish_up: utcText(ahead()) });
    const id = await submitterArticle(form);
    expect((await postJson(ctx, submitter, `/api/portal/article/${id}/submit`)).statusCode).toBe(200);
    expect((await schedule(id)).statusCode).toBe(200);

    // Its submitter rewrites title and text, leaving the time as it was.
    const rewritten = await saveForm(ctx, submitter, {
      ...form,
      id,
      version: (await row(id)).version,
      title: 'Rewritten',
      text: '<p>Other</p>',
    });
    expect(rewritten.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ state: 0, publish_up_pending: false });
    await clockPasses(id, 'publish_up');
    expect(await published(id)).toEqual([]);

    // Rescheduled by an approver, then its submitter restores an older revision: withdrawn again.
    await sql`update articles set publish_up = now() + interval '1 day' where id = ${id}`.execute(ctx.app.db);
    expect((await schedule(id)).statusCode).toBe(200);
    await postJson(ctx, admin, `/api/portal/lock/${id}/release`);
    await postJson(ctx, submitter, `/api/portal/lock/${id}/release`);
    const first = await ctx.app.db
      .selectFrom('article_revisions')
      .select('id')
      .where('article_id', '=', id)
      .orderBy('version')
      .executeTakeFirstOrThrow();
    const restored = await postJson(ctx, submitter, `/api/portal/article/${id}/revisions/${first.id}/restore`, {
      version: (await row(id)).version,
    });
    expect(restored.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ publish_up_pending: false });
    // A save that changes nothing keeps what the approver decided.
    expect((await schedule(id, { publish_up: ahead().toISOString() })).statusCode).toBe(200);
    await postJson(ctx, submitter, `/api/portal/lock/${id}/release`);
    const current = body(await ctx.get(`/api/portal/article?id=${id}`, submitter)).data.article;
    await postJson(ctx, submitter, `/api/portal/lock/${id}/release`);
    const same = await saveForm(ctx, submitter, {
      ...form,
      id,
      version: current.version,
      title: current.title,
      text: current.text,
      publish_up: current.publish_up,
      images: current.images.map((item: { id: number }) => ({ id: item.id, description: 'Own photo' })),
    });
    expect(same.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ publish_up_pending: true });
  });

  it('trash and restore bring an article back to the state it had; a revision is not restored into the trash; bulk approve refuses a trashed article', async () => {
    const draft = await submitterArticle(await submitterForm('Never approved'));
    const listChange = (action: string, id: number, token = submitter) => postJson(ctx, token, `/api/portal/article/${action}`, { id });
    expect((await listChange('delete', draft)).statusCode).toBe(200);

    const revision = await ctx.app.db
      .selectFrom('article_revisions')
      .select('id')
      .where('article_id', '=', draft)
      .executeTakeFirstOrThrow();
    const intoTrash = await postJson(ctx, submitter, `/api/portal/article/${draft}/revisions/${revision.id}/restore`, {
      version: (await row(draft)).version,
    });
    expect(intoTrash.statusCode).toBe(409);
    expect(body(intoTrash).data).toMatchObject({ error: 'revision_restore_trashed' });
    expect((await row(draft)).state).toBe(-2);

    expect(await bulk([draft], 'approve')).toEqual([expect.objectContaining({ id: draft, outcome: 'refused', error: 'approve_trashed' })]);
    expect((await row(draft)).state).toBe(-2);

    expect((await listChange('restore', draft)).statusCode).toBe(200);
    expect((await row(draft)).state).toBe(5);

    // Awaiting approval comes back awaiting; Published comes back Published only for an approver.
    expect((await postJson(ctx, submitter, `/api/portal/article/${draft}/submit`)).statusCode).toBe(200);
    expect((await listChange('delete', draft)).statusCode).toBe(200);
    expect((await listChange('restore', draft)).statusCode).toBe(200);
    expect((await row(draft)).state).toBe(4);
    expect((await setState(draft, 1)).statusCode).toBe(200);
    expect((await listChange('delete', draft)).statusCode).toBe(200);
    expect((await listChange('restore', draft)).statusCode).toBe(200);
    expect((await row(draft)).state).toBe(0);
    const live = await newArticle('Published, trashed, restored by an approver');
    expect((await setState(live, 1)).statusCode).toBe(200);
    expect((await listChange('delete', live, admin)).statusCode).toBe(200);
    expect(await bulk([live], 'restore')).toEqual([
      expect.objectContaining({ outcome: 'done', article: expect.objectContaining({ state: 1 }) }),
    ]);
  });

  it('bulk Unpublish of a draft says it is not published (not what approving would do)', async () => {
    const id = await newArticle('Draft in bulk');
    const [result] = await bulk([id], 'unpublish');
    expect(result).toMatchObject({ outcome: 'refused', error: 'unpublish_not_published', params: { state: 5 } });
    const single = await setState(id, 0);
    expect(single.statusCode).toBe(409);
    expect(body(single).message).toBe('Only a published or scheduled article can be unpublished; this article is Draft (5)');
  });

  it('the job needs approve_article like anyone who publishes (the system actor has every right)', async () => {
    const id = await scheduledArticle('Rights');
    await timePasses(id, 'publish_up');
    const changes = new ArticleChangesService(ctx.app.db);
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
