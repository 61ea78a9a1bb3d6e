// Importers CRUD: GET/POST /api/v2/portal/importer, GET/DELETE …/{id}, enable/disable, plugins,
// content types; the right `import` on every call; required fields and bad defaults as clear 400s.
import { sql } from 'kysely';
import { FEED_PLUGINS } from '../src/import/engine/plugins';
import { finishRun, startRun } from '../src/repositories/import-runs';
import { dueImporterIds, ensureStates } from '../src/services/import-runner';
import { body, describeEachDatabase, type DemoUsername, expectError } from './helpers';

describeEachDatabase('importers API', (ctx) => {
  const tokens = {} as Record<DemoUsername, string>;
  let creatorId = 0;

  beforeAll(async () => {
    for (const user of ['editor', 'approver', 'submitter'] as const) tokens[user] = await ctx.login(user);
    creatorId = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', tokens.editor)).data[0]!.id;
  });

  const defaults = (patch: Record<string, unknown> = {}) =>
    JSON.stringify({ contentType: 'article', user: String(creatorId), mainCategory: '100', topics: [100, 109], published: '4', ...patch });
  const valid = (patch: Record<string, unknown> = {}) => ({
    title: 'Wire feed',
    feed_url: 'https://example.com/rss.xml',
    plugin: 'rss',
    schedule: '2',
    enabled: '1',
    defaults: defaults(),
    ...patch,
  });
  const save = (payload: Record<string, unknown>, user: DemoUsername = 'editor', form = false) =>
    ctx.inject({
      method: 'POST',
      url: '/api/v2/portal/importer',
      headers: { authentication: tokens[user], ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : payload,
    });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: DemoUsername = 'editor') =>
    ctx.inject({ method, url, headers: { authentication: tokens[user] } });
  it('creates from a form body (defaults as a JSON string), reads it back, updates it', async () => {
    const created = await save(valid(), 'editor', true);
    expect(created.statusCode).toBe(200);
    expect(body(created)).toMatchObject({ code: 200, message: 'Saved', data: { id: expect.any(Number) } });
    const id = body(created).data.id as number;

    const one = body(await call('GET', `/api/v2/portal/importer/${id}`));
    expect(one.data).toMatchObject({
      id,
      title: 'Wire feed',
      feed_url: 'https://example.com/rss.xml',
      plugin: 'rss',
      schedule: 2,
      enabled: 1,
      defaults: {
        contentType: 'article',
        user: String(creatorId),
        mainCategory: '100',
        topics: [100, 109],
        published: '4',
        date: '1',
        tinyURL: '0',
      },
    });

    const updated = await save(
      valid({ id, version: one.data.version, title: 'Renamed', schedule: 4, defaults: defaults({ tags: [{ id: 1, title: 'x' }] }) }),
    );
    expect(body(updated)).toMatchObject({ code: 200, data: { id, version: one.data.version + 1 } });
    const list = body(await call('GET', '/api/v2/portal/importer'));
    expect(list.data.find((importer: { id: number }) => importer.id === id)).toMatchObject({ title: 'Renamed', schedule: 4 });
    expect(list.total).toBe(list.data.length);
  });

  it('lists each importer with its last run (null before the first)', async () => {
    const id = body(await save(valid({ title: 'With runs' }))).data.id as number;
    const find = async () =>
      (body(await call('GET', '/api/v2/portal/importer')).data as Array<{ id: number; last_run: unknown }>).find(
        (importer) => importer.id === id,
      );
    expect((await find())?.last_run).toBeNull();
    const first = await startRun(ctx.app.db, id, 'manual');
    await finishRun(ctx.app.db, first, { status: 'ok', counts: { seen: 5, created: 3, duplicates: 2, failed: 0 } });
    const second = await startRun(ctx.app.db, id, 'manual');
    await finishRun(ctx.app.db, second, {
      status: 'error',
      counts: { seen: 0, created: 0, duplicates: 0, failed: 0 },
      error: { message: 'The feed server answered HTTP 500', error: 'import_http_status', params: { status: 500 } },
    });
    expect((await find())?.last_run).toMatchObject({
      id: second,
      status: 'error',
      error: 'The feed server answered HTTP 500',
      error_code: 'import_http_status',
      error_params: { status: 500 },
      new: 0,
      finished: expect.any(String),
    });
  });

  it('accepts the defaults as an object in a JSON body; id 0 creates', async () => {
    const response = await save(valid({ id: 0, defaults: JSON.parse(defaults()) }));
    expect(body(response)).toMatchObject({ code: 200, message: 'Saved' });
  });

  it('enables, disables and deletes with the messages of the spec', async () => {
    const id = body(await save(valid())).data.id as number;
    expect(body(await call('POST', `/api/v2/portal/importer/${id}/disable`))).toMatchObject({
      code: 200,
      message: 'Disabled',
      data: { id, enabled: 0 },
    });
    expect(body(await call('POST', `/api/v2/portal/importer/${id}/enable`))).toMatchObject({
      code: 200,
      message: 'Enabled',
      data: { id, enabled: 1 },
    });
    expect(body(await call('DELETE', `/api/v2/portal/importer/${id}`))).toEqual({ code: 200, message: 'Deleted', data: null });
    expectError(await call('GET', `/api/v2/portal/importer/${id}`), 404, `Importer ${id} not found`);
    expectError(await call('DELETE', `/api/v2/portal/importer/${id}`), 404, `Importer ${id} not found`);
    expectError(await call('POST', `/api/v2/portal/importer/${id}/enable`), 404, `Importer ${id} not found`);
    expectError(await save(valid({ id })), 404, `Importer ${id} not found`);
  });

  it('saving never runs an importer: a new one, a changed schedule and one enabled again wait for their next slot', async () => {
    // Minutes (rounded) from the database's now() to the importer's next run, and whether the scheduler sees it due.
    const nextRun = async (id: number) => {
      await ensureStates(ctx.app.db);
      const row = await ctx.app.db
        .selectFrom('import_state')
        .select(sql<number>`extract(epoch from next_run_at - now())`.as('seconds'))
        .where('importer_id', '=', id)
        .executeTakeFirstOrThrow();
      return { minutes: Math.round(Number(row.seconds) / 60), due: (await dueImporterIds(ctx.app.db, 1000)).includes(id) };
    };
    const id = body(await save(valid({ schedule: '1' }))).data.id as number;
    expect(await nextRun(id)).toEqual({ minutes: 60, due: false });

    // A schedule changed to every 5 minutes starts from its own next slot, not from the old one.
    const version = body(await call('GET', `/api/v2/portal/importer/${id}`)).data.version as number;
    expect(body(await save(valid({ id, version, schedule: '4' }))).code).toBe(200);
    expect(await nextRun(id)).toEqual({ minutes: 5, due: false });

    // Off while its time passed, then on again: the next slot, not a run at once.
    expect(body(await call('POST', `/api/v2/portal/importer/${id}/disable`)).code).toBe(200);
    await ctx.app.db
      .updateTable('import_state')
      .set({ next_run_at: sql<Date>`now() - interval '1 hour'` })
      .where('importer_id', '=', id)
      .execute();
    expect((await nextRun(id)).due).toBe(false);
    expect(body(await call('POST', `/api/v2/portal/importer/${id}/enable`)).code).toBe(200);
    expect(await nextRun(id)).toEqual({ minutes: 5, due: false });
  });

  it('lists the feed plugins and the content types', async () => {
    expect(body(await call('GET', '/api/v2/portal/importer/plugins')).data).toEqual(FEED_PLUGINS.map(({ id, title }) => ({ id, title })));
    const types = body(await call('GET', '/api/v2/portal/content-types')).data as Array<{ id: string; name: string }>;
    expect(types).toContainEqual({ id: 'article', name: 'Article' });
  });

  it('every importer call needs the right import (403), and a session (401)', async () => {
    const message = 'You do not have the right to manage imports';
    for (const user of ['approver', 'submitter'] as const) {
      expectError(await call('GET', '/api/v2/portal/importer', user), 403, message);
      expectError(await call('GET', '/api/v2/portal/importer/1', user), 403, message);
      expectError(await call('GET', '/api/v2/portal/importer/plugins', user), 403, message);
      expectError(await call('GET', '/api/v2/portal/content-types', user), 403, message);
      expectError(await save(valid(), user), 403, message);
      expectError(await call('POST', '/api/v2/portal/importer/1/enable', user), 403, message);
      expectError(await call('POST', '/api/v2/portal/importer/1/disable', user), 403, message);
      expectError(await call('DELETE', '/api/v2/portal/importer/1', user), 403, message);
    }
    expectError(await ctx.inject({ method: 'GET', url: '/api/v2/portal/importer' }), 401, 'Please sign in');
  });

  it.each([
    [{ title: '' }, 'title is required'],
    [{ title: undefined }, 'title is required'],
    [{ feed_url: '' }, 'feed_url is required'],
    [{ feed_url: 'javascript:alert(1)' }, /^feed_url must be an http or https URL/],
    [{ plugin: '' }, 'plugin is required (the feed type)'],
    [{ plugin: 'nope' }, /^plugin must be one of feed, rss/],
    [{ schedule: '9' }, /^schedule must be one of 1 \(Hourly\)/],
    [{ enabled: '5' }, /^enabled must be one of 1 \(Yes\), 0 \(No\)/],
    [{ defaults: '' }, 'defaults is required (a JSON object)'],
    [{ defaults: '{"published": 1' }, /^defaults is not valid JSON/],
    [{ defaults: undefined }, 'defaults is required (a JSON object)'],
  ])('refuses %p with a clear 400', async (patch, message) => {
    expectError(await save(valid(patch)), 400, message);
  });

  it('refuses bad defaults naming the field', async () => {
    expectError(await save(valid({ defaults: defaults({ contentType: '' }) })), 400, 'defaults.contentType is required (Type of Content)');
    expectError(await save(valid({ defaults: defaults({ contentType: 'poem' }) })), 400, /^defaults\.contentType must be one of article/);
    expectError(await save(valid({ defaults: defaults({ user: '' }) })), 400, 'defaults.user is required (User)');
    expectError(await save(valid({ defaults: defaults({ user: '999999' }) })), 400, /^defaults\.user \(999999\) is not a content creator/);
    expectError(await save(valid({ defaults: defaults({ mainCategory: '' }) })), 400, 'defaults.mainCategory is required (Main Category)');
    expectError(
      await save(valid({ defaults: defaults({ mainCategory: '101' }) })),
      400,
      'defaults.mainCategory (101) must be one of the selected topics',
    );
    expectError(
      await save(valid({ defaults: defaults({ topics: [100, 999999] }) })),
      400,
      'defaults.topics has unknown categories: 999999',
    );
    expectError(await save(valid({ defaults: defaults({ published: '7' }) })), 400, 'defaults.published must be one of 0, 4, 5, 1');
    expectError(
      await save(valid({ defaults: defaults({ sourceDomain: '3' }) })),
      400,
      'defaults.sourceDomainCustom is required when Source Domain is Custom',
    );
    expectError(
      await save(valid({ defaults: defaults({ tinyURL: '3', tinyURLCustom: 'x' }) })),
      400,
      /^defaults\.tinyURLCustom must be an http or https URL/,
    );
  });

  it('refuses a bad id in the path', async () => {
    expectError(await call('GET', '/api/v2/portal/importer/abc'), 400, 'id must be a whole number');
  });
});
