// POST /api/portal/article/update, /delete and /{id}/submit: every transition and refusal for each demo
// user (admin, editor, approver, submitter; rights in docs/ARCHITECTURE.md), version/modified bumps,
// refusals that change nothing, bad input, and the trigger-kept counts staying exact.
import type { DemoUsername } from './helpers';
import { countsMismatch, post, tokens, userId } from './articles-fixtures';
import { body, describeEachDatabase } from './helpers';

const USERS: DemoUsername[] = ['admin', 'editor', 'approver', 'submitter'];

interface Case {
  name: string;
  /** The article the call acts on. */
  article: { state: number; own: boolean; access?: number; featured?: number; newsletter?: number };
  call: { url: string; payload?: Record<string, unknown> } | 'submit';
  /** Per user: the HTTP status, and on success the state/field values after the call ('gone' = deleted). */
  expect: Record<DemoUsername, number>;
  after?: Record<string, number> | 'gone';
  message?: string;
  /** The error code of a refusal, per HTTP status. */
  errors?: Partial<Record<number, string>>;
}

const update = (field: string, value: number) => ({ url: '/api/portal/article/update', payload: { field, value } });
const remove = { url: '/api/portal/article/delete', payload: {} };
const restore = { url: '/api/portal/article/restore', payload: {} };
const ALL_OK = { admin: 200, editor: 200, approver: 200, submitter: 200 };

const CASES: Case[] = [
  {
    name: 'approve an article awaiting approval (4 → 1)',
    article: { state: 4, own: false },
    call: update('state', 1),
    expect: { admin: 200, editor: 403, approver: 200, submitter: 403 },
    after: { state: 1 },
    message: 'Article approved',
  },
  {
    name: 'approve an unpublished article (0 → 1)',
    article: { state: 0, own: true },
    call: update('state', 1),
    expect: { admin: 200, editor: 403, approver: 200, submitter: 403 },
    after: { state: 1 },
    message: 'Article approved',
  },
  {
    name: 'approve a draft directly (5 → 1)',
    article: { state: 5, own: false },
    call: update('state', 1),
    expect: { admin: 200, editor: 403, approver: 200, submitter: 403 },
    after: { state: 1 },
  },
  {
    name: 'approve a trashed article (-2 → 1)',
    article: { state: -2, own: false },
    call: update('state', 1),
    expect: { admin: 200, editor: 403, approver: 200, submitter: 403 },
    after: { state: 1 },
  },
  {
    name: 'approve a published article unpublishes it (1 → 0)',
    article: { state: 1, own: false },
    call: update('state', 0),
    expect: { admin: 200, editor: 403, approver: 200, submitter: 403 },
    after: { state: 0 },
    message: 'Article unpublished',
  },
  {
    name: 'unpublish an article awaiting approval is not what approve does (409)',
    article: { state: 4, own: true },
    call: update('state', 0),
    expect: { admin: 409, editor: 403, approver: 409, submitter: 403 },
  },
  {
    name: 'submit my draft (5 → 4)',
    article: { state: 5, own: true },
    call: 'submit',
    expect: ALL_OK,
    after: { state: 4 },
    message: 'Article submitted',
  },
  {
    name: "submit someone else's draft",
    article: { state: 5, own: false },
    call: 'submit',
    expect: { admin: 200, editor: 200, approver: 403, submitter: 403 },
    after: { state: 4 },
    message: 'Article submitted',
  },
  {
    name: 'submit my published article (409)',
    article: { state: 1, own: true },
    call: 'submit',
    expect: { admin: 409, editor: 409, approver: 409, submitter: 409 },
  },
  {
    name: 'submit my article awaiting approval (409)',
    article: { state: 4, own: true },
    call: 'submit',
    expect: { admin: 409, editor: 409, approver: 409, submitter: 409 },
  },
  {
    name: 'submit through update (state=4)',
    article: { state: 5, own: true },
    call: update('state', 4),
    expect: ALL_OK,
    after: { state: 4 },
    message: 'Article submitted',
  },
  {
    name: 'trash my published article (1 → -2)',
    article: { state: 1, own: true },
    call: remove,
    expect: ALL_OK,
    after: { state: -2 },
    message: 'Article moved to the trash',
  },
  {
    name: "trash someone else's article",
    article: { state: 4, own: false },
    call: remove,
    expect: { admin: 200, editor: 200, approver: 403, submitter: 403 },
    after: { state: -2 },
  },
  {
    name: 'trash through update (state=-2)',
    article: { state: 0, own: true },
    call: update('state', -2),
    expect: ALL_OK,
    after: { state: -2 },
    message: 'Article moved to the trash',
  },
  {
    name: 'delete my trashed article for good',
    article: { state: -2, own: true },
    call: remove,
    expect: ALL_OK,
    after: 'gone',
    message: 'Article deleted permanently',
  },
  {
    name: "delete someone else's trashed article for good",
    article: { state: -2, own: false },
    call: remove,
    expect: { admin: 200, editor: 200, approver: 403, submitter: 403 },
    after: 'gone',
  },
  {
    name: 'restore my trashed article (-2 → 0 Unpublished)',
    article: { state: -2, own: true },
    call: restore,
    expect: ALL_OK,
    after: { state: 0 },
    message: 'Article restored',
  },
  {
    name: "restore someone else's trashed article",
    article: { state: -2, own: false },
    call: restore,
    expect: { admin: 200, editor: 200, approver: 403, submitter: 403 },
    after: { state: 0 },
    errors: { 403: 'article_restore_not_yours' },
  },
  {
    name: 'restore an article that is not in the trash (409)',
    article: { state: 1, own: true },
    call: restore,
    expect: { admin: 409, editor: 409, approver: 409, submitter: 409 },
    errors: { 409: 'article_restore_not_in_trash' },
  },
  {
    name: 'access 2 → 1',
    article: { state: 1, own: false, access: 2 },
    call: update('access', 1),
    expect: { admin: 200, editor: 200, approver: 200, submitter: 403 },
    after: { access: 1 },
    message: 'Access set to Public',
  },
  {
    name: 'access 1 → 2 on my article',
    article: { state: 1, own: true, access: 1 },
    call: update('access', 2),
    expect: { admin: 200, editor: 200, approver: 200, submitter: 403 },
    after: { access: 2 },
    message: 'Access set to Registered',
  },
  {
    name: 'access of a Premium article is kept (409)',
    article: { state: 1, own: false, access: 3 },
    call: update('access', 1),
    expect: { admin: 409, editor: 409, approver: 409, submitter: 403 },
  },
  {
    name: 'access 3 cannot be set from the list (400)',
    article: { state: 1, own: false, access: 2 },
    call: update('access', 3),
    expect: { admin: 400, editor: 400, approver: 400, submitter: 403 },
  },
  {
    name: 'newsletter on',
    article: { state: 1, own: false, newsletter: 0 },
    call: update('newsletter', 1),
    expect: { admin: 200, editor: 200, approver: 200, submitter: 403 },
    after: { newsletter: 1 },
  },
  {
    name: 'newsletter off on my article',
    article: { state: 1, own: true, newsletter: 1 },
    call: update('newsletter', 0),
    expect: { admin: 200, editor: 200, approver: 200, submitter: 403 },
    after: { newsletter: 0 },
  },
  {
    name: 'feature',
    article: { state: 1, own: false, featured: 0 },
    call: update('featured', 1),
    expect: { admin: 200, editor: 200, approver: 403, submitter: 403 },
    after: { featured: 1 },
    message: 'Article featured',
  },
  {
    name: 'unfeature my article',
    article: { state: 1, own: true, featured: 1 },
    call: update('featured', 0),
    expect: { admin: 200, editor: 200, approver: 403, submitter: 403 },
    after: { featured: 0 },
  },
  {
    name: 'featured 2 (400)',
    article: { state: 1, own: false },
    call: update('featured', 2),
    expect: { admin: 400, editor: 400, approver: 403, submitter: 403 },
  },
  {
    name: 'state 3 (400)',
    article: { state: 1, own: true },
    call: update('state', 3),
    expect: { admin: 400, editor: 400, approver: 400, submitter: 400 },
  },
];

describeEachDatabase('article changes', (ctx) => {
  const as = tokens(ctx);
  const ids: Partial<Record<DemoUsername, number>> = {};
  let other: number;

  beforeAll(async () => {
    for (const user of USERS) ids[user] = await userId(ctx, user);
    // "Someone else": a user none of the demo users is.
    other = (
      await ctx.app.db
        .insertInto('users')
        .values({ username: 'colleague', name: 'Casey Colleague', email: null, password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  async function makeArticle(values: { state: number; createdBy: number | null; access?: number; featured?: number; newsletter?: number }) {
    const row = await ctx.app.db
      .insertInto('articles')
      .values({
        title: `Test article ${Math.random().toString(36).slice(2, 8)}`,
        date: new Date(),
        catid: 102,
        state: values.state,
        access: values.access ?? 2,
        featured: values.featured ?? 0,
        newsletter: values.newsletter ?? 0,
        created_by: values.createdBy,
        url: 'https://www.newsdesk.example/test',
        modified: new Date(Date.now() - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  function read(id: number) {
    return ctx.app.db
      .selectFrom('articles')
      .select(['id', 'state', 'access', 'featured', 'newsletter', 'version', 'modified'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  const table = CASES.flatMap((testCase) => USERS.map((user) => [testCase.name, user, testCase] as const));
  it.each(table)('%s, as %s', async (_name, user, testCase) => {
    const id = await makeArticle({ ...testCase.article, createdBy: testCase.article.own ? (ids[user] as number) : other });
    const before = await read(id);
    const token = await as(user);
    const response =
      testCase.call === 'submit'
        ? await ctx.inject({ method: 'POST', url: `/api/portal/article/${id}/submit`, headers: { authentication: token } })
        : await post(ctx, token, testCase.call.url, { id, ...testCase.call.payload });
    const status = testCase.expect[user];
    const result = body(response);
    expect({ status: response.statusCode, code: result.code }).toEqual({ status, code: status });
    const after = await read(id);
    if (status !== 200) {
      // A refusal is a clear error envelope with its machine code and changes nothing.
      expect(result.data).toEqual(
        expect.objectContaining({ error: testCase.errors?.[status] ?? expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
      );
      expect(result.message.length).toBeGreaterThan(10);
      expect(after).toEqual(before);
      return;
    }
    if (testCase.message) expect(result.message).toBe(testCase.message);
    if (testCase.after === 'gone') {
      expect(after).toBeUndefined();
      expect(result.data).toBeNull();
      return;
    }
    expect(after).toMatchObject(testCase.after ?? {});
    expect(after?.version).toBe((before?.version as number) + 1);
    expect(new Date(after?.modified as Date).getTime()).toBeGreaterThan(new Date(before?.modified as Date).getTime());
    expect(result.data).toEqual({
      id,
      state: after?.state,
      access: after?.access,
      featured: after?.featured,
      newsletter: after?.newsletter,
      version: after?.version,
      modified: new Date(after?.modified as Date).toISOString(),
    });
  });

  it('asking for the value already there changes nothing (no version bump)', async () => {
    const token = await as('admin');
    const id = await makeArticle({ state: 1, createdBy: other, access: 1, featured: 1, newsletter: 1 });
    const before = await read(id);
    for (const [field, value] of [
      ['state', 1],
      ['access', 1],
      ['featured', 1],
      ['newsletter', 1],
    ] as const) {
      const response = await post(ctx, token, '/api/portal/article/update', { id, field, value });
      expect(response.statusCode).toBe(200);
      expect(body(response).message).toBe('No change');
    }
    expect(await read(id)).toEqual(before);
  });

  it('two approvers approving at once publish once (the value is the target, not a toggle)', async () => {
    const id = await makeArticle({ state: 4, createdBy: other });
    const [a, b] = await Promise.all([
      post(ctx, await as('approver'), '/api/portal/article/update', { id, field: 'state', value: 1 }),
      post(ctx, await as('admin'), '/api/portal/article/update', { id, field: 'state', value: 1 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([body(a).message, body(b).message].sort()).toEqual(['Article approved', 'No change']);
    expect(await read(id)).toMatchObject({ state: 1, version: 2 });
  });

  it('takes form bodies too', async () => {
    const token = await as('editor');
    const id = await makeArticle({ state: 1, createdBy: other, access: 2 });
    const response = await post(ctx, token, '/api/portal/article/update', `id=${id}&field=access&value=1`);
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toMatchObject({ id, access: 1, version: 2 });
    const trashed = await post(ctx, token, '/api/portal/article/delete', `id=${id}`);
    expect(body(trashed).data).toMatchObject({ id, state: -2, version: 3 });
  });

  it('moves the totals of the list with every change', async () => {
    const token = await as('admin');
    const total = async (query: string) => body(await ctx.get(`/api/portal/articles?${query}`, token)).total as number;
    const id = await makeArticle({ state: 5, createdBy: ids.submitter as number });
    const drafts = await total('status=5');
    const waiting = await total('status=4');
    await ctx.inject({ method: 'POST', url: `/api/portal/article/${id}/submit`, headers: { authentication: await as('submitter') } });
    expect(await total('status=5')).toBe(drafts - 1);
    expect(await total('status=4')).toBe(waiting + 1);
    const featured = await total('featured=1');
    await post(ctx, token, '/api/portal/article/update', { id, field: 'featured', value: 1 });
    expect(await total('featured=1')).toBe(featured + 1);
    const all = await total('');
    await post(ctx, token, '/api/portal/article/delete', { id });
    await post(ctx, token, '/api/portal/article/delete', { id });
    expect(await total('')).toBe(all - 1);
    expect(await countsMismatch(ctx)).toEqual([]);
  });

  it('keeps article_counts exact after all of the above', async () => {
    expect(await countsMismatch(ctx)).toEqual([]);
  });

  describe('unknown and bad ids, fields and values', () => {
    it.each([
      ['/api/portal/article/update', { id: 999999, field: 'featured', value: 1 }, 404, 'Article 999999 not found'],
      ['/api/portal/article/delete', { id: 999999 }, 404, 'Article 999999 not found'],
      ['/api/portal/article/update', { id: 'abc', field: 'featured', value: 1 }, 400, 'id must be a whole number'],
      ['/api/portal/article/update', { id: -3, field: 'featured', value: 1 }, 400, 'id must be 1 or more'],
      ['/api/portal/article/update', { id: 1, field: 'title', value: 1 }, 400, 'field must be one of access, newsletter, featured, state'],
      ['/api/portal/article/update', { id: 1, field: 'featured', value: 'yes' }, 400, 'value must be a whole number'],
      ['/api/portal/article/update', { id: 1, field: 'featured' }, 400, 'value is required'],
      ['/api/portal/article/update', { field: 'featured', value: 1 }, 400, 'id is required'],
      ['/api/portal/article/delete', { id: 'x1' }, 400, 'id must be a whole number'],
      ['/api/portal/article/delete', {}, 400, 'id is required'],
    ] as const)('POST %s %j → %i', async (url, payload, status, message) => {
      const response = await post(ctx, await as('admin'), url, payload as Record<string, unknown>);
      expect(response.statusCode).toBe(status);
      expect(body(response)).toEqual({
        code: status,
        data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
        message,
      });
    });

    it.each([
      ['0', 400, 'Save the article before submitting it (id 0 is a new article)'],
      ['abc', 400, 'id must be a whole number'],
      ['-1', 400, 'id must be 0 or more'],
      ['999999', 404, 'Article 999999 not found'],
    ] as const)('POST /api/portal/article/%s/submit → %i', async (id, status, message) => {
      const response = await ctx.inject({
        method: 'POST',
        url: `/api/portal/article/${id}/submit`,
        headers: { authentication: await as('submitter') },
      });
      expect(response.statusCode).toBe(status);
      expect(body(response)).toEqual({
        code: status,
        data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
        message,
      });
    });

    it('needs a session', async () => {
      for (const url of ['/api/portal/article/update', '/api/portal/article/delete', '/api/portal/article/1/submit']) {
        const response = await ctx.inject({ method: 'POST', url, payload: { id: 1 } });
        expect(response.statusCode).toBe(401);
      }
    });
  });
});
