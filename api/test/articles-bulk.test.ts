// POST /api/portal/articles/bulk (issue 15, part 5): each action, the rights checked per article
// (editor, approver, submitter; rights in docs/ARCHITECTURE.md), mixed results in one call,
// refusals that change nothing, the list's totals after a bulk trash, and bad input.
import { BULK_ACTIONS, BULK_MAX_IDS } from 'contracts/rules/bulk-actions';
import type { BulkArticlesResponse } from 'contracts/schemas/bulk';
import { countsMismatch, insertColleague, insertTestArticle, list, post, readArticleFlags, tokens, userId } from './articles-fixtures';
import { body, describeEachDatabase, type DemoUsername } from './helpers';

const URL = '/api/portal/articles/bulk';

describeEachDatabase('article bulk actions', (ctx) => {
  const as = tokens(ctx);
  const ids: Partial<Record<DemoUsername, number>> = {};
  let other: number;

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'approver', 'submitter'] as const) ids[user] = await userId(ctx, user);
    other = await insertColleague(ctx, 'bulk-colleague', 'Bea Bulk');
  });

  const makeArticle = (values: { state: number; createdBy?: number | null; featured?: number }) =>
    insertTestArticle(ctx, { ...values, createdBy: values.createdBy === undefined ? other : values.createdBy }, 'Bulk test');
  const read = (id: number) => readArticleFlags(ctx, id);

  async function bulk(user: DemoUsername, payload: Record<string, unknown>) {
    const response = await post(ctx, await as(user), URL, payload);
    return { status: response.statusCode, envelope: body<BulkArticlesResponse>(response) };
  }

  /** The outcome of each id, as "outcome" or "refused:<status>:<code>". */
  const outcomes = (data: BulkArticlesResponse) =>
    data.results.map((result) => (result.outcome === 'refused' ? `refused:${result.status}:${result.error}` : result.outcome));

  // Per action, as admin (every right): the articles in each state and what becomes of them.
  const ACTION_CASES: Array<{ action: (typeof BULK_ACTIONS)[number]; before: Array<[number, number]>; after: string[] }> = [
    // [state, featured] → outcome; the field after is checked below.
    {
      action: 'approve',
      before: [
        [0, 0],
        [4, 0],
        [5, 0],
        [1, 0],
      ],
      after: ['done', 'done', 'done', 'unchanged'],
    },
    {
      action: 'unpublish',
      before: [
        [1, 0],
        [0, 0],
        [4, 0],
      ],
      after: ['done', 'unchanged', 'refused:409:unpublish_not_published'],
    },
    {
      action: 'trash',
      before: [
        [1, 0],
        [4, 0],
        [-2, 0],
      ],
      after: ['done', 'done', 'unchanged'],
    },
    {
      action: 'restore',
      before: [
        [-2, 0],
        [1, 0],
      ],
      after: ['done', 'refused:409:article_restore_not_in_trash'],
    },
    {
      action: 'feature',
      before: [
        [1, 0],
        [0, 1],
      ],
      after: ['done', 'unchanged'],
    },
    {
      action: 'unfeature',
      before: [
        [1, 1],
        [-2, 0],
      ],
      after: ['done', 'unchanged'],
    },
  ];
  const EXPECTED_AFTER: Record<(typeof BULK_ACTIONS)[number], { field: 'state' | 'featured'; value: number }> = {
    approve: { field: 'state', value: 1 },
    unpublish: { field: 'state', value: 0 },
    trash: { field: 'state', value: -2 },
    restore: { field: 'state', value: 0 },
    feature: { field: 'featured', value: 1 },
    unfeature: { field: 'featured', value: 0 },
  };

  it('covers every action', () => {
    expect(ACTION_CASES.map((testCase) => testCase.action).sort()).toEqual([...BULK_ACTIONS].sort());
  });

  it.each(ACTION_CASES)('$action: each article in its own way, in the order given', async ({ action, before, after }) => {
    const articleIds: number[] = [];
    for (const [state, featured] of before) articleIds.push(await makeArticle({ state, featured }));
    const rows = await Promise.all(articleIds.map(read));

    const { status, envelope } = await bulk('admin', { ids: articleIds, action });
    expect(status).toBe(200);
    expect(envelope.code).toBe(200);
    const { data } = envelope;
    expect(data.action).toBe(action);
    expect(data.results.map((result) => result.id)).toEqual(articleIds);
    expect(outcomes(data)).toEqual(after);
    expect([data.done, data.unchanged, data.refused]).toEqual(
      ['done', 'unchanged', 'refused'].map((outcome) => after.filter((text) => text.startsWith(outcome)).length),
    );
    expect(envelope.message).toBe(`${data.done} done, ${data.unchanged} unchanged, ${data.refused} refused`);

    const { field, value } = EXPECTED_AFTER[action];
    for (const [index, id] of articleIds.entries()) {
      const now = await read(id);
      const result = data.results[index]!;
      if (result.outcome === 'done') {
        expect(now?.[field]).toBe(value);
        expect(now?.version).toBe((rows[index]?.version as number) + 1);
        expect(result.article).toEqual({
          id,
          state: now?.state,
          access: now?.access,
          featured: now?.featured,
          newsletter: now?.newsletter,
          version: now?.version,
          modified: new Date(now?.modified as Date).toISOString(),
        });
      } else {
        // Unchanged and refused rows are left exactly as they were (a trashed one is never deleted for good).
        expect(now).toEqual(rows[index]);
        if (result.outcome === 'refused') {
          expect(result.article).toBeUndefined();
        }
      }
    }
    expect(await countsMismatch(ctx)).toEqual([]);
  });

  it('checks the rights per article: a submitter trashes their own articles only, an editor both', async () => {
    const submitter = ids.submitter as number;
    const own = await makeArticle({ state: 4, createdBy: submitter });
    const theirs = await makeArticle({ state: 4 });
    const ownDraft = await makeArticle({ state: 5, createdBy: submitter });

    const asSubmitter = await bulk('submitter', { ids: [own, theirs, ownDraft], action: 'trash' });
    expect(asSubmitter.status).toBe(200);
    // Another's article, which the submitter may not see, is refused as an unknown id would be.
    expect(outcomes(asSubmitter.envelope.data)).toEqual(['done', 'refused:404:article_not_found', 'done']);
    expect(asSubmitter.envelope.data.results[1]).toEqual({
      id: theirs,
      outcome: 'refused',
      status: 404,
      error: 'article_not_found',
      params: { id: theirs },
    });
    expect((await read(theirs))?.state).toBe(4);
    expect((await read(own))?.state).toBe(-2);

    // Restore: the submitter gets their own back as it was (awaiting approval), not someone else's (trashed by the editor).
    const editorTrash = await bulk('editor', { ids: [theirs], action: 'trash' });
    expect(outcomes(editorTrash.envelope.data)).toEqual(['done']);
    const restore = await bulk('submitter', { ids: [own, theirs], action: 'restore' });
    expect(outcomes(restore.envelope.data)).toEqual(['done', 'refused:404:article_not_found']);
    expect((await read(own))?.state).toBe(4);
    expect((await read(theirs))?.state).toBe(-2);
    const editorRestore = await bulk('editor', { ids: [theirs], action: 'restore' });
    expect(outcomes(editorRestore.envelope.data)).toEqual(['done']);
  });

  it('refuses each action the user has no right to, article by article, with the right it needs', async () => {
    const submitter = ids.submitter as number;
    const mine = await makeArticle({ state: 0, createdBy: submitter });
    const a = await makeArticle({ state: 0 });
    const cases: Array<[DemoUsername, (typeof BULK_ACTIONS)[number], number[], string[]]> = [
      ['submitter', 'approve', [mine, a], ['refused:403:no_right', 'refused:404:article_not_found']],
      ['submitter', 'feature', [mine], ['refused:403:no_right']],
      ['editor', 'approve', [a], ['refused:403:no_right']],
      ['editor', 'unpublish', [a], ['refused:403:no_right']],
      ['approver', 'feature', [a], ['refused:403:no_right']],
      ['approver', 'unfeature', [a], ['refused:403:no_right']],
      ['approver', 'trash', [a], ['refused:403:delete_not_yours']],
    ];
    for (const [user, action, articleIds, expected] of cases) {
      const before = await Promise.all(articleIds.map(read));
      const { status, envelope } = await bulk(user, { ids: articleIds, action });
      expect({ user, action, status, outcomes: outcomes(envelope.data) }).toEqual({ user, action, status: 200, outcomes: expected });
      expect(await Promise.all(articleIds.map(read))).toEqual(before);
    }
    const { envelope } = await bulk('submitter', { ids: [mine], action: 'approve' });
    expect(envelope.data.results[0]?.params).toEqual({ right: 'approve_article' });
    // What each right allows: the approver approves, the editor features.
    expect(outcomes((await bulk('approver', { ids: [a], action: 'approve' })).envelope.data)).toEqual(['done']);
    expect(outcomes((await bulk('editor', { ids: [a], action: 'feature' })).envelope.data)).toEqual(['done']);
  });

  it('mixed results in one call: done, unchanged, not found and refused, each with its reason', async () => {
    const published = await makeArticle({ state: 1 });
    const unpublished = await makeArticle({ state: 0 });
    const draft = await makeArticle({ state: 5 });
    const missing = 2_000_000_000;
    const { envelope } = await bulk('admin', { ids: [unpublished, missing, published, draft], action: 'unpublish' });
    expect(envelope.data.results).toEqual([
      { id: unpublished, outcome: 'unchanged', article: expect.objectContaining({ id: unpublished, state: 0 }) },
      { id: missing, outcome: 'refused', status: 404, error: 'article_not_found', params: { id: missing } },
      { id: published, outcome: 'done', article: expect.objectContaining({ id: published, state: 0 }) },
      {
        id: draft,
        outcome: 'refused',
        status: 409,
        error: 'unpublish_not_published',
        params: { state: 5 },
      },
    ]);
    expect([envelope.data.done, envelope.data.unchanged, envelope.data.refused]).toEqual([1, 1, 2]);
  });

  it("answers another user's article, for a user who may not see it, exactly as an unknown id (bulk and list calls)", async () => {
    const theirs = await makeArticle({ state: 1 });
    const missing = 2_000_000_001;
    const without = ({ id: _id, ...rest }: Record<string, unknown>) => ({ ...rest, params: { ...(rest.params as object), id: 'x' } });
    for (const action of ['trash', 'restore', 'approve', 'unpublish', 'feature', 'unfeature'] as const) {
      const { envelope } = await bulk('submitter', { ids: [theirs, missing], action });
      const [seen, unknown] = envelope.data.results as unknown as Array<Record<string, unknown>>;
      expect({ action, seen: without(seen!) }).toEqual({ action, seen: without(unknown!) });
    }
    const token = await as('submitter');
    const calls = [
      (id: number) => ({ url: '/api/portal/article/update', payload: { id, field: 'state', value: -2 } }),
      (id: number) => ({ url: '/api/portal/article/delete', payload: { id } }),
      (id: number) => ({ url: '/api/portal/article/restore', payload: { id } }),
      (id: number) => ({ url: `/api/portal/article/${id}/submit`, payload: {} }),
    ];
    for (const call of calls) {
      const [seen, unknown] = await Promise.all(
        [theirs, missing].map(async (id) => {
          const response = await ctx.inject({ method: 'POST', headers: { authentication: token }, ...call(id) });
          const { data, message } = response.json();
          return { status: response.statusCode, error: data?.error, message: String(message).replace(String(id), 'x') };
        }),
      );
      expect({ url: call(0).url, seen }).toEqual({ url: call(0).url, seen: unknown });
    }
    expect((await read(theirs))?.state).toBe(1);
  });

  it('a bulk trash takes the rows out of the list and its total', async () => {
    const token = await as('editor');
    const before = await list(ctx, token, 'limit=100');
    const three = before.data.slice(0, 3).map((item) => item.id);
    expect(three).toHaveLength(3);
    const { envelope } = await bulk('editor', { ids: three, action: 'trash' });
    expect(outcomes(envelope.data)).toEqual(['done', 'done', 'done']);
    const after = await list(ctx, token, 'limit=100');
    expect(after.total).toBe(before.total - 3);
    expect(after.data.map((item) => item.id).filter((id) => three.includes(id))).toEqual([]);
    const trash = await list(ctx, token, 'status=-2&limit=100');
    expect(trash.data.map((item) => item.id)).toEqual(expect.arrayContaining(three));
    expect(await countsMismatch(ctx)).toEqual([]);
  });

  it('takes up to the largest page of ids', async () => {
    const many = await Promise.all(Array.from({ length: BULK_MAX_IDS }, () => makeArticle({ state: 0 })));
    const { status, envelope } = await bulk('editor', { ids: many, action: 'feature' });
    expect(status).toBe(200);
    expect(envelope.data.done).toBe(BULK_MAX_IDS);
  });

  const BAD: Array<[string, Record<string, unknown>, { error: string; field?: string; params?: Record<string, unknown> }]> = [
    ['no ids', { action: 'trash' }, { error: 'field_required', field: 'ids' }],
    ['no action', { ids: [1] }, { error: 'field_required', field: 'action' }],
    ['an empty list', { ids: [], action: 'trash' }, { error: 'field_min_items', field: 'ids', params: { field: 'ids', limit: 1 } }],
    [
      'too many ids',
      { ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1), action: 'trash' },
      { error: 'field_max_items', field: 'ids', params: { field: 'ids', limit: BULK_MAX_IDS } },
    ],
    ['an id twice', { ids: [5, 6, 5], action: 'trash' }, { error: 'field_unique_items', field: 'ids' }],
    ['an id that is no number', { ids: [1, 'x'], action: 'trash' }, { error: 'field_integer', field: 'ids.1' }],
    ['id 0', { ids: [0], action: 'trash' }, { error: 'field_minimum', field: 'ids.0' }],
    ['an id past int4', { ids: [2_147_483_648], action: 'trash' }, { error: 'field_maximum', field: 'ids.0' }],
    ['an unknown action', { ids: [1], action: 'delete' }, { error: 'field_enum', field: 'action' }],
    ['ids as an object', { ids: { 0: 1 }, action: 'trash' }, { error: 'field_array', field: 'ids' }],
  ];

  it.each(BAD)('bad input: %s → 400 with its code, nothing changed', async (_name, payload, expected) => {
    const probe = await makeArticle({ state: 1 });
    const before = await read(probe);
    const { status, envelope } = await bulk('admin', payload);
    expect(status).toBe(400);
    expect(envelope.code).toBe(400);
    expect(envelope.data).toMatchObject(expected);
    expect(envelope.message.length).toBeGreaterThan(5);
    expect(await read(probe)).toEqual(before);
  });

  it('a bad call changes no article, even when most ids are fine', async () => {
    const a = await makeArticle({ state: 1 });
    const before = await read(a);
    const { status } = await bulk('admin', { ids: [a, a], action: 'trash' });
    expect(status).toBe(400);
    expect(await read(a)).toEqual(before);
  });

  it('needs a session (401)', async () => {
    const a = await makeArticle({ state: 1 });
    const response = await ctx.inject({ method: 'POST', url: URL, payload: { ids: [a], action: 'trash' } });
    expect(response.statusCode).toBe(401);
    expect(body(response).data).toMatchObject({ error: expect.any(String) });
    expect((await read(a))?.state).toBe(1);
  });
});
