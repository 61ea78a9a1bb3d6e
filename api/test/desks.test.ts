import type { PresenceEvent, StageEvent } from 'contracts/schemas/events';
import { body, describeEachDatabase, type DemoUsername } from './helpers';
import { openEventStream } from './presence-stream';

/** The demo seed: News (id 1: editor, approver, submitter) and Sport (id 2: editor, approver), stages Pitch → Ready; Copy needs approve_article to leave. */
describeEachDatabase('desks', (ctx) => {
  const tokens = {} as Record<DemoUsername, string>;
  beforeAll(async () => {
    for (const username of ['submitter', 'approver', 'editor', 'admin'] as const) tokens[username] = await ctx.login(username);
  });
  const call = (username: DemoUsername, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.inject({ method, url, headers: { authentication: tokens[username] }, ...(payload ? { payload } : {}) });
  const board = async (username: DemoUsername, deskId = 1) => body(await call(username, 'GET', `/api/v2/desks/${deskId}/board`)).data;
  const stageId = (desk: { stages: Array<{ id: number; name: string }> }, name: string) =>
    desk.stages.find((stage) => stage.name === name)?.id as number;

  it('lists the desks a user works on, every desk for manage_desks', async () => {
    const names = async (username: DemoUsername) =>
      body(await call(username, 'GET', '/api/v2/desks')).data.map((desk: { name: string }) => desk.name);
    expect(await names('submitter')).toEqual(['News']);
    expect(await names('editor')).toEqual(['News', 'Sport']);
    expect(await names('admin')).toEqual(['News', 'Sport']);
    const [news] = body(await call('editor', 'GET', '/api/v2/desks')).data;
    expect(news.stages.map((stage: { name: string; position: number }) => [stage.position, stage.name])).toEqual([
      [1, 'Pitch'],
      [2, 'Writing'],
      [3, 'Editing'],
      [4, 'Copy'],
      [5, 'Ready'],
    ]);
    expect(news.stages.find((stage: { name: string }) => stage.name === 'Copy').leave_right).toBe('approve_article');
    expect(news.members.map((member: { name: string }) => member.name)).toEqual(['Avery Approver', 'Erin Editor', 'Sam Submitter']);
  });

  it('shows a board to its members only; a submitter sees only their own stories', async () => {
    const editorBoard = await board('editor');
    expect(editorBoard.cards.length).toBeGreaterThan(0);
    expect(editorBoard.cards[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      stage_id: expect.any(Number),
      state: expect.any(Number),
      version: expect.any(Number),
      assignees: [],
      deadline: null,
      planned_slot: null,
      target_words: null,
      overdue: false,
      words: expect.any(Number),
      lock: null,
    });
    const submitter = body(await call('submitter', 'GET', '/api/v2/user')).data.id;
    const own = await ctx.app.db.selectFrom('articles').select('id').where('desk_id', '=', 1).where('created_by', '=', submitter).execute();
    expect((await board('submitter')).cards.map((card: { id: number }) => card.id).sort()).toEqual(own.map((row) => row.id).sort());
    const refused = await call('submitter', 'GET', '/api/v2/desks/2/board');
    expect(refused.statusCode).toBe(404);
    expect(body(refused).data.error).toBe('desk_not_found');
  });

  it('moves a story between stages without a revision, logs it and refuses a stale move with 409', async () => {
    const { desk, cards } = await board('editor');
    const card = cards.find((each: { stage_id: number }) => each.stage_id === stageId(desk, 'Pitch'));
    const revisions = async () =>
      Number(
        (
          await ctx.app.db
            .selectFrom('article_revisions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('article_id', '=', card.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await revisions();
    const moved = await call('editor', 'POST', `/api/v2/articles/${card.id}/stage`, {
      version: card.version,
      stage_id: stageId(desk, 'Writing'),
    });
    expect(body(moved)).toEqual({
      code: 200,
      data: { article_id: card.id, desk_id: 1, stage_id: stageId(desk, 'Writing'), version: card.version + 1 },
      message: 'Moved',
    });
    expect(await revisions()).toBe(before);
    const log = await ctx.app.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'article')
      .where('entity_id', '=', card.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ action: 'move', changes: { stage: { from: 'Pitch', to: 'Writing' } } });

    const stale = await call('approver', 'POST', `/api/v2/articles/${card.id}/stage`, {
      version: card.version,
      stage_id: stageId(desk, 'Editing'),
    });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).data).toMatchObject({
      error: 'article_stage_stale_version',
      current: { article_id: card.id, stage_id: stageId(desk, 'Writing'), version: card.version + 1 },
    });
    const staler = await ctx.inject({
      method: 'POST',
      url: `/api/v2/articles/${card.id}/stage`,
      headers: { authentication: tokens.approver },
      payload: { version: 999, stage_id: null },
    });
    expect(body(staler).message).toBe('Someone else has changed this story in the meantime: it was reloaded');
  });

  it('lets only holders of the leave right move a story out of Copy; anyone on the desk moves one in', async () => {
    const { desk, cards } = await board('editor');
    const card = cards[0];
    const toCopy = await call('editor', 'POST', `/api/v2/articles/${card.id}/stage`, {
      version: card.version,
      stage_id: stageId(desk, 'Copy'),
    });
    expect(toCopy.statusCode).toBe(200);
    const refused = await call('editor', 'POST', `/api/v2/articles/${card.id}/stage`, {
      version: body(toCopy).data.version,
      stage_id: stageId(desk, 'Ready'),
    });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toEqual({
      code: 403,
      data: { error: 'desk_stage_leave_right', params: { stage: 'Copy', right: 'approve_article' } },
      message: 'Only someone with the right to approve articles may move a story out of Copy',
    });
    const approved = await call('approver', 'POST', `/api/v2/articles/${card.id}/stage`, {
      version: body(toCopy).data.version,
      stage_id: stageId(desk, 'Ready'),
    });
    expect(approved.statusCode).toBe(200);
  });

  it('refuses a move onto a desk the mover does not work on, and an unknown stage', async () => {
    const { cards } = await board('submitter');
    const card = cards[0];
    const sport = body(await call('admin', 'GET', '/api/v2/desks/2')).data;
    const refused = await call('submitter', 'POST', `/api/v2/articles/${card.id}/stage`, {
      version: card.version,
      stage_id: sport.stages[0].id,
    });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).data).toEqual({ error: 'desk_not_member', params: { desk: 2 } });
    const unknown = await call('submitter', 'POST', `/api/v2/articles/${card.id}/stage`, { version: card.version, stage_id: 999_999 });
    expect(body(unknown).data).toMatchObject({ error: 'desk_stage_not_found', field: 'stage_id' });
  });

  it('sends a move to the open event streams of those who may see the story, and only a move', async () => {
    const { desk, cards } = await board('editor');
    const submitter = body(await call('submitter', 'GET', '/api/v2/user')).data.id;
    const card = await ctx.app.db
      .selectFrom('articles')
      .select(['id', 'version', 'stage_id'])
      .where('desk_id', '=', 1)
      .where('stage_id', '<>', stageId(desk, 'Copy'))
      .where('created_by', '<>', submitter)
      .where('state', '<>', -2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(cards.some((each: { id: number }) => each.id === card.id)).toBe(true);
    const approver = await openEventStream(ctx.app, tokens.approver);
    const other = await openEventStream(ctx.app, tokens.submitter);
    try {
      await approver.next((event) => event.type === 'snapshot');
      await other.next((event) => event.type === 'snapshot');
      const to = desk.stages.find((stage: { id: number; name: string }) => stage.id !== card.stage_id && stage.name !== 'Copy').id;
      const moved = await call('editor', 'POST', `/api/v2/articles/${card.id}/stage`, { version: card.version, stage_id: to });
      expect(moved.statusCode).toBe(200);
      const isMove = (event: PresenceEvent): event is StageEvent => event.type === 'stage' && event.article_id === card.id;
      expect(await approver.next(isMove)).toEqual({
        type: 'stage',
        article_id: card.id,
        desk_id: 1,
        stage_id: to,
        version: card.version + 1,
      });
      // An edit that moves nothing sends its article event only.
      await ctx.app.db.updateTable('articles').set({ featured: 1 }).where('id', '=', card.id).execute();
      await approver.next((event) => event.type === 'article' && event.article_id === card.id && event.version === card.version + 1);
      expect(approver.events.filter(isMove)).toHaveLength(1);
      // The submitter may not see another's story: nothing about it reaches their stream.
      const mine = await ctx.app.db
        .selectFrom('articles')
        .select(['id', 'version'])
        .where('created_by', '=', submitter)
        .where('desk_id', '=', 1)
        .where('stage_id', '<>', stageId(desk, 'Copy'))
        .where('state', '<>', -2)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const own = await call('submitter', 'POST', `/api/v2/articles/${mine.id}/stage`, { version: mine.version, stage_id: null });
      expect(own.statusCode).toBe(200);
      await other.next((event) => event.type === 'stage' && event.article_id === mine.id);
      expect(other.events.some((event) => 'article_id' in event && event.article_id === card.id)).toBe(false);
    } finally {
      approver.close();
      other.close();
    }
  });

  it('lets manage_desks create and edit desks: default stages, members, reorder, stale and in-use refusals', async () => {
    const created = await call('admin', 'POST', '/api/v2/desks', { name: 'Culture', members: [] });
    expect(created.statusCode).toBe(200);
    const desk = body(created).data;
    expect(desk.stages.map((stage: { name: string }) => stage.name)).toEqual(['Pitch', 'Writing', 'Editing', 'Copy', 'Ready']);
    expect(body(await call('admin', 'POST', '/api/v2/desks', { name: ' culture ' })).data).toMatchObject({ error: 'desk_name_taken' });
    expect((await call('editor', 'POST', '/api/v2/desks', { name: 'Editor desk' })).statusCode).toBe(403);

    const editor = body(await call('editor', 'GET', '/api/v2/user')).data.id;
    const reversed = [...desk.stages].reverse().map((stage: { id: number; name: string }) => ({ id: stage.id, name: stage.name }));
    const saved = await call('admin', 'POST', `/api/v2/desks/${desk.id}`, { version: desk.version, members: [editor], stages: reversed });
    expect(body(saved).data).toMatchObject({
      version: desk.version + 1,
      members: [{ id: editor, name: 'Erin Editor' }],
      stages: reversed.map((stage, index) => ({ ...stage, position: index + 1, leave_right: null })),
    });
    const stale = await call('admin', 'POST', `/api/v2/desks/${desk.id}`, { version: desk.version, name: 'Arts' });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).data.error).toBe('desk_stale_version');

    const article = (await board('editor')).cards[0];
    const onCulture = await call('editor', 'POST', `/api/v2/articles/${article.id}/stage`, {
      version: article.version,
      stage_id: reversed[0]?.id,
    });
    expect(onCulture.statusCode).toBe(200);
    const dropStage = await call('admin', 'POST', `/api/v2/desks/${desk.id}`, { version: desk.version + 1, stages: reversed.slice(1) });
    expect(dropStage.statusCode).toBe(409);
    expect(body(dropStage).data).toMatchObject({ error: 'desk_stage_in_use', params: { stage: reversed[0]?.name } });
    const duplicate = await call('admin', 'POST', `/api/v2/desks/${desk.id}`, {
      version: desk.version + 1,
      stages: [{ name: 'A' }, { name: 'a' }],
    });
    expect(body(duplicate).data).toMatchObject({ error: 'desk_stage_duplicate' });
  });
});
