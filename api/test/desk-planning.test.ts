import type { PlanningEvent, PresenceEvent } from 'contracts/schemas/events';
import { runOverdueFlagging } from '../src/services/desk-planning';
import { body, describeEachDatabase, type DemoUsername } from './helpers';
import { openEventStream } from './presence-stream';

/**
 * A story's planning (migration 0038): assignees, deadline, planned slot, target length with their own
 * version; the article list's planning filters; the overdue job. The demo seed: News (id 1: editor,
 * approver, submitter) and Sport (id 2: editor, approver), stages Pitch → Ready.
 */
describeEachDatabase('desk planning', (ctx) => {
  const tokens = {} as Record<DemoUsername, string>;
  const ids = {} as Record<DemoUsername, number>;
  beforeAll(async () => {
    for (const username of ['submitter', 'approver', 'editor', 'admin'] as const) {
      tokens[username] = await ctx.login(username);
      ids[username] = body(await ctx.get('/api/v2/user', tokens[username])).data.id;
    }
  });
  const call = (username: DemoUsername, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.inject({ method, url, headers: { authentication: tokens[username] }, ...(payload ? { payload } : {}) });
  const planning = async (id: number, username: DemoUsername = 'editor') =>
    body(await call(username, 'GET', `/api/v2/articles/${id}/planning`)).data;
  const plan = (username: DemoUsername, id: number, fields: object) => call(username, 'POST', `/api/v2/articles/${id}/planning`, fields);
  const empty = { assignees: [], deadline: null, planned_slot: null, target_words: null };

  /** A story on News, not the submitter's, in a stage other than the last, not in the trash. */
  async function newsStory(offset = 0, stageName?: string) {
    let query = ctx.app.db
      .selectFrom('articles as a')
      .innerJoin('desk_stages as s', 's.id', 'a.stage_id')
      .select(['a.id', 'a.version', 'a.stage_id', 'a.planning_version'])
      .where('a.desk_id', '=', 1)
      .where('a.state', '<>', -2)
      .where('a.created_by', '<>', ids.submitter)
      .orderBy('a.id')
      .offset(offset)
      .limit(1);
    query = stageName ? query.where('s.name', '=', stageName) : query.where('s.name', '<>', 'Ready');
    return query.executeTakeFirstOrThrow();
  }

  it('saves the planning with its own version: the article version stays, a stale save is a 409, the log has it', async () => {
    const story = await newsStory(0);
    const before = await planning(story.id);
    expect(before).toEqual({
      article_id: story.id,
      planning_version: story.planning_version,
      desk_id: 1,
      stage_id: story.stage_id,
      assignees: [],
      deadline: null,
      planned_slot: null,
      target_words: null,
      overdue: false,
      may_plan: true,
    });
    const saved = await plan('editor', story.id, {
      planning_version: before.planning_version,
      assignees: [ids.approver],
      deadline: '2030-05-01T10:00:00Z',
      planned_slot: '2030-05-01T16:30:00.000Z',
      target_words: 600,
    });
    expect(body(saved)).toEqual({
      code: 200,
      data: {
        ...before,
        planning_version: before.planning_version + 1,
        assignees: [{ id: ids.approver, name: 'Avery Approver' }],
        deadline: '2030-05-01T10:00:00.000Z',
        planned_slot: '2030-05-01T16:30:00.000Z',
        target_words: 600,
      },
      message: 'Planned',
    });
    const article = await ctx.app.db.selectFrom('articles').select('version').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(article.version).toBe(story.version);

    const stale = await plan('approver', story.id, { planning_version: before.planning_version, ...empty });
    expect(stale.statusCode).toBe(409);
    expect(body(stale)).toMatchObject({
      data: { error: 'planning_stale_version', field: 'planning_version', current: { planning_version: before.planning_version + 1 } },
      message: 'Someone else has changed the planning of this story in the meantime',
    });
    const log = await ctx.app.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'article')
      .where('entity_id', '=', story.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({
      action: 'plan',
      changes: {
        assignees: { from: [], to: [ids.approver] },
        deadline: { from: null, to: '2030-05-01T10:00:00.000Z' },
        planned_slot: { from: null, to: '2030-05-01T16:30:00.000Z' },
        target_words: { from: null, to: 600 },
      },
    });
  });

  it('refuses an assignee who may not see the article, an unknown user, a slot before the deadline, a bad target', async () => {
    const story = await newsStory(1);
    const version = (await planning(story.id)).planning_version;
    const blind = await plan('editor', story.id, { planning_version: version, ...empty, assignees: [ids.submitter] });
    expect(body(blind)).toEqual({
      code: 400,
      data: { error: 'planning_assignee_cannot_see', field: 'assignees', params: { id: ids.submitter } },
      message: `User ${ids.submitter} may not see this article and cannot be assigned to it`,
    });
    const unknown = await plan('editor', story.id, { planning_version: version, ...empty, assignees: [999_999] });
    expect(body(unknown).data).toMatchObject({ error: 'desk_unknown_member', field: 'assignees' });
    const early = await plan('editor', story.id, {
      planning_version: version,
      ...empty,
      deadline: '2030-05-02T10:00:00Z',
      planned_slot: '2030-05-01T10:00:00Z',
    });
    expect(body(early).data).toMatchObject({ error: 'planning_slot_before_deadline', field: 'planned_slot' });
    for (const target_words of [-5, 100_001, 1.5, 'many']) {
      const bad = await plan('editor', story.id, { planning_version: version, ...empty, target_words });
      expect([target_words, bad.statusCode, body(bad).data]).toEqual([target_words, 400, expect.anything()]);
    }
    expect((await plan('editor', story.id, { planning_version: version, ...empty, deadline: 'tomorrow' })).statusCode).toBe(400);
    expect((await planning(story.id)).planning_version).toBe(version);
  });

  it('lets the desk plan: a member who sees the story may, a reader off the desk may not, one who may not see it gets 404', async () => {
    const story = await newsStory(2);
    const version = (await planning(story.id)).planning_version;
    // The approver does not own it and may not edit all articles, but works on News and sees it.
    expect((await planning(story.id, 'approver')).may_plan).toBe(true);
    const byMember = await plan('approver', story.id, { planning_version: version, ...empty, target_words: 300 });
    expect(byMember.statusCode).toBe(200);
    // Off the desks, only whoever may edit it plans it.
    const moved = await call('admin', 'POST', `/api/v2/articles/${story.id}/stage`, { version: story.version, stage_id: null });
    expect(moved.statusCode).toBe(200);
    expect((await planning(story.id, 'approver')).may_plan).toBe(false);
    const refused = await plan('approver', story.id, { planning_version: version + 1, ...empty });
    expect(body(refused)).toMatchObject({ code: 403, data: { error: 'planning_not_allowed' } });
    const hidden = await call('submitter', 'GET', `/api/v2/articles/${story.id}/planning`);
    expect(hidden.statusCode).toBe(404);
    expect((await plan('submitter', story.id, { planning_version: version + 1, ...empty })).statusCode).toBe(404);
  });

  it('shows the planning on the board cards with the words written', async () => {
    const story = await newsStory(3);
    const version = (await planning(story.id)).planning_version;
    await ctx.app.db
      .updateTable('articles')
      .set({ introtext: '<p>One two</p>', text: '<p>three &amp; four.</p>' })
      .where('id', '=', story.id)
      .execute();
    await plan('editor', story.id, { planning_version: version, ...empty, assignees: [ids.editor, ids.approver], target_words: 800 });
    const board = body(await call('editor', 'GET', '/api/v2/desks/1/board')).data;
    expect(board.cards.find((card: { id: number }) => card.id === story.id)).toMatchObject({
      assignees: [
        { id: ids.approver, name: 'Avery Approver' },
        { id: ids.editor, name: 'Erin Editor' },
      ],
      target_words: 800,
      words: 4,
      overdue: false,
    });
  });

  it('filters the list by mine, desk, stage and overdue, for every user; a stage of another desk is refused', async () => {
    const list = async (username: DemoUsername, query: string) => {
      const response = await call(username, 'GET', `/api/portal/articles?limit=100&${query}`);
      expect(response.statusCode).toBe(200);
      return body(response) as {
        data: Array<{ id: number; desk_id: number | null; stage_id: number | null; assignees: Array<{ id: number }> }>;
        total?: number;
      };
    };
    const mine = await list('approver', 'mine=1');
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((item) => item.assignees.some((user) => user.id === ids.approver))).toBe(true);
    const assigned = await ctx.app.db.selectFrom('article_assignees').select('article_id').where('user_id', '=', ids.approver).execute();
    expect(mine.data.map((item) => item.id).sort()).toEqual(assigned.map((row) => row.article_id).sort());
    expect(mine.total).toBe(assigned.length);

    const onNews = await list('editor', 'desk=1');
    expect(onNews.data.length).toBeGreaterThan(0);
    expect(onNews.data.every((item) => item.desk_id === 1)).toBe(true);
    const story = await newsStory(0);
    const inStage = await list('editor', `desk=1&stage=${story.stage_id}`);
    expect(inStage.data.every((item) => item.stage_id === story.stage_id)).toBe(true);
    expect(inStage.data.some((item) => item.id === story.id)).toBe(true);

    // A submitter, who may not filter the list otherwise, filters their own stories by the desk.
    const own = await list('submitter', 'desk=1');
    expect(own.data.length).toBeGreaterThan(0);
    const sport = body(await call('admin', 'GET', '/api/v2/desks/2')).data;
    const wrong = await call('editor', 'GET', `/api/portal/articles?desk=1&stage=${sport.stages[0].id}`);
    expect(body(wrong)).toEqual({
      code: 400,
      data: { error: 'planning_stage_not_on_desk', field: 'stage' },
      message: 'This stage belongs to another desk than the one filtered',
    });
    expect((await call('editor', 'GET', '/api/portal/articles?mine=2')).statusCode).toBe(400);
    expect((await call('editor', 'GET', '/api/portal/articles?desk=abc')).statusCode).toBe(400);
  });

  it('flags a story past its deadline once, tells open boards, lists it as overdue; the last stage and a new deadline clear it', async () => {
    const story = await newsStory(4);
    const ready = await newsStory(0, 'Ready');
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const each of [story, ready]) {
      const version = (await planning(each.id)).planning_version;
      expect((await plan('editor', each.id, { planning_version: version, ...empty, deadline: past })).statusCode).toBe(200);
    }
    const stream = await openEventStream(ctx.app, tokens.approver);
    try {
      await stream.next((event) => event.type === 'snapshot');
      const first = await runOverdueFlagging(ctx.app.db);
      expect(first.map((flagged) => flagged.id)).toContain(story.id);
      expect(first.map((flagged) => flagged.id)).not.toContain(ready.id);
      expect((await runOverdueFlagging(ctx.app.db)).map((flagged) => flagged.id)).not.toContain(story.id);
      const isFlag = (event: PresenceEvent): event is PlanningEvent =>
        event.type === 'planning' && event.article_id === story.id && event.overdue;
      expect(await stream.next(isFlag)).toEqual({
        type: 'planning',
        article_id: story.id,
        desk_id: 1,
        planning_version: expect.any(Number),
        overdue: true,
      });
    } finally {
      stream.close();
    }
    const logged = await ctx.app.db
      .selectFrom('activity_log')
      .select(['actor_id', 'details'])
      .where('entity_id', '=', story.id)
      .where('action', '=', 'overdue')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.actor_id).toBeNull();

    const overdue = body(await call('editor', 'GET', '/api/portal/articles?overdue=1&limit=100')).data as Array<{
      id: number;
      overdue: boolean;
    }>;
    expect(overdue.map((item) => item.id)).toContain(story.id);
    expect(overdue.every((item) => item.overdue)).toBe(true);
    const notOverdue = body(await call('editor', 'GET', '/api/portal/articles?overdue=0&desk=1&limit=100')).data as Array<{ id: number }>;
    expect(notOverdue.map((item) => item.id)).not.toContain(story.id);
    expect((await planning(story.id)).overdue).toBe(true);
    const card = body(await call('editor', 'GET', '/api/v2/desks/1/board')).data.cards.find((each: { id: number }) => each.id === story.id);
    expect(card.overdue).toBe(true);

    // Moved to the last stage it is no longer overdue; a new deadline clears the flag.
    const desk = body(await call('editor', 'GET', '/api/v2/desks/1')).data;
    const version = (await ctx.app.db.selectFrom('articles').select('version').where('id', '=', story.id).executeTakeFirstOrThrow())
      .version;
    const toReady = await call('admin', 'POST', `/api/v2/articles/${story.id}/stage`, { version, stage_id: desk.stages.at(-1).id });
    expect(toReady.statusCode).toBe(200);
    expect((await planning(story.id)).overdue).toBe(false);
    const later = await plan('editor', story.id, {
      planning_version: (await planning(story.id)).planning_version,
      ...empty,
      deadline: '2031-01-01T00:00:00Z',
    });
    expect(body(later).data.overdue).toBe(false);
    const flag = await ctx.app.db.selectFrom('articles').select('overdue_at').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(flag.overdue_at).toBeNull();
  });
});
