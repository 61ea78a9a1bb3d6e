// POST /api/portal/article/update, /delete and /{id}/submit: every transition and refusal for each demo
// user (admin, editor, approver, submitter; rights in docs/ARCHITECTURE.md), version/modified bumps,
// refusals that change nothing, bad input, and the trigger-kept counts staying exact.
import type { DemoUsername } from './helpers';
import {
  countsMismatch,
  insertColleague,
  insertTestArticle,
  post,
  readArticleFlags,
  tokens,
  userId,
  type TestArticle,
} from './articles-fixtures';
import { body, describeEachDatabase } from './helpers';

const USERS: DemoUsername[] = ['admin', 'editor', 'approver', 'submitter'];

type ArticleSpec = { state: number; own: boolean; access?: number; featured?: number; newsletter?: number };
type Call = { url: string; payload?: Record<string, unknown> } | 'submit';
/** The HTTP status per user. */
type Statuses = Record<DemoUsername, number>;

/**
 * One call on one article, made by each demo user. On success: the state/field values after it
 * ('gone' = deleted) and the message; on a refusal, the error code per HTTP status where it matters.
 */
type Case = [
  name: string,
  article: ArticleSpec,
  call: Call,
  expect: Statuses,
  after?: Record<string, number> | 'gone',
  message?: string,
  errors?: Partial<Record<number, string>>,
];

const mine = (state: number, values: Partial<ArticleSpec> = {}): ArticleSpec => ({ state, own: true, ...values });
const theirs = (state: number, values: Partial<ArticleSpec> = {}): ArticleSpec => ({ state, own: false, ...values });
const update = (field: string, value: number) => ({ url: '/api/portal/article/update', payload: { field, value } });
const remove = { url: '/api/portal/article/delete', payload: {} };
const restore = { url: '/api/portal/article/restore', payload: {} };

// Who may make the call (200); the others get 403.
const ALL_OK: Statuses = { admin: 200, editor: 200, approver: 200, submitter: 200 };
const APPROVERS: Statuses = { admin: 200, editor: 403, approver: 200, submitter: 403 };
const EDITORS: Statuses = { admin: 200, editor: 200, approver: 403, submitter: 403 };
const NOT_SUBMITTER: Statuses = { admin: 200, editor: 200, approver: 200, submitter: 403 };
/** Whoever may not see another's article gets the 404 of an unknown id for it, whatever the call (no existence oracle). */
const SEES_OTHERS: Record<DemoUsername, boolean> = { admin: true, editor: true, approver: true, submitter: false };
/** Those who may make the call get `status` (the call itself is wrong), the others still 403. */
const refused = (status: number, allowed: Statuses): Statuses =>
  Object.fromEntries(USERS.map((user) => [user, allowed[user] === 200 ? status : 403])) as Statuses;

const CASES: Case[] = [
  ['approve an article awaiting approval (4 → 1)', theirs(4), update('state', 1), APPROVERS, { state: 1 }, 'Article approved'],
  ['approve an unpublished article (0 → 1)', mine(0), update('state', 1), APPROVERS, { state: 1 }, 'Article approved'],
  ['approve a draft directly (5 → 1)', theirs(5), update('state', 1), APPROVERS, { state: 1 }],
  [
    'approve a trashed article is refused: it is restored first (409)',
    theirs(-2),
    update('state', 1),
    refused(409, APPROVERS),
    undefined,
    undefined,
    { 409: 'approve_trashed' },
  ],
  ['approve a published article unpublishes it (1 → 0)', theirs(1), update('state', 0), APPROVERS, { state: 0 }, 'Article unpublished'],
  [
    'unpublish an article awaiting approval: it is not published (409)',
    mine(4),
    update('state', 0),
    refused(409, APPROVERS),
    undefined,
    undefined,
    { 409: 'unpublish_not_published' },
  ],
  ['submit my draft (5 → 4)', mine(5), 'submit', ALL_OK, { state: 4 }, 'Article submitted'],
  ["submit someone else's draft", theirs(5), 'submit', EDITORS, { state: 4 }, 'Article submitted'],
  ['submit my published article (409)', mine(1), 'submit', refused(409, ALL_OK)],
  ['submit my article awaiting approval (409)', mine(4), 'submit', refused(409, ALL_OK)],
  ['submit through update (state=4)', mine(5), update('state', 4), ALL_OK, { state: 4 }, 'Article submitted'],
  ['trash my published article (1 → -2)', mine(1), remove, ALL_OK, { state: -2 }, 'Article moved to the trash'],
  ["trash someone else's article", theirs(4), remove, EDITORS, { state: -2 }],
  ['trash through update (state=-2)', mine(0), update('state', -2), ALL_OK, { state: -2 }, 'Article moved to the trash'],
  ['delete my trashed article for good', mine(-2), remove, ALL_OK, 'gone', 'Article deleted permanently'],
  ["delete someone else's trashed article for good", theirs(-2), remove, EDITORS, 'gone'],
  ['restore my trashed article (-2 → 0 Unpublished)', mine(-2), restore, ALL_OK, { state: 0 }, 'Article restored'],
  ["restore someone else's trashed article", theirs(-2), restore, EDITORS, { state: 0 }, undefined, { 403: 'article_restore_not_yours' }],
  [
    'restore an article that is not in the trash (409)',
    mine(1),
    restore,
    refused(409, ALL_OK),
    undefined,
    undefined,
    { 409: 'article_restore_not_in_trash' },
  ],
  ['access 2 → 1', theirs(1, { access: 2 }), update('access', 1), NOT_SUBMITTER, { access: 1 }, 'Access set to Public'],
  ['access 1 → 2 on my article', mine(1, { access: 1 }), update('access', 2), NOT_SUBMITTER, { access: 2 }, 'Access set to Registered'],
  ['access of a Premium article is kept (409)', theirs(1, { access: 3 }), update('access', 1), refused(409, NOT_SUBMITTER)],
  ['access 3 cannot be set from the list (400)', theirs(1, { access: 2 }), update('access', 3), refused(400, NOT_SUBMITTER)],
  ['newsletter on', theirs(1, { newsletter: 0 }), update('newsletter', 1), NOT_SUBMITTER, { newsletter: 1 }],
  ['newsletter off on my article', mine(1, { newsletter: 1 }), update('newsletter', 0), NOT_SUBMITTER, { newsletter: 0 }],
  ['feature', theirs(1, { featured: 0 }), update('featured', 1), EDITORS, { featured: 1 }, 'Article featured'],
  ['unfeature my article', mine(1, { featured: 1 }), update('featured', 0), EDITORS, { featured: 0 }],
  ['featured 2 (400)', theirs(1), update('featured', 2), refused(400, EDITORS)],
  ['state 3 (400)', mine(1), update('state', 3), refused(400, ALL_OK)],
];

describeEachDatabase('article changes', (ctx) => {
  const as = tokens(ctx);
  const ids: Partial<Record<DemoUsername, number>> = {};
  let other: number;

  beforeAll(async () => {
    for (const user of USERS) ids[user] = await userId(ctx, user);
    other = await insertColleague(ctx, 'colleague', 'Casey Colleague');
  });

  const makeArticle = (values: TestArticle) => insertTestArticle(ctx, values);
  const read = (id: number) => readArticleFlags(ctx, id);

  const table = CASES.flatMap((testCase) => USERS.map((user) => [testCase[0], user, testCase] as const));
  it.each(table)('%s, as %s', async (_name, user, [, article, call, statuses, expected, message, errors]) => {
    const { own, ...values } = article;
    const id = await makeArticle({ ...values, createdBy: own ? (ids[user] as number) : other });
    const before = await read(id);
    const token = await as(user);
    const response =
      call === 'submit'
        ? await ctx.inject({ method: 'POST', url: `/api/portal/article/${id}/submit`, headers: { authentication: token } })
        : await post(ctx, token, call.url, { id, ...call.payload });
    const status = own || SEES_OTHERS[user] ? statuses[user] : 404;
    const result = body(response);
    expect({ status: response.statusCode, code: result.code }).toEqual({ status, code: status });
    const after = await read(id);
    if (status !== 200) {
      // A refusal is a clear error envelope with its machine code and changes nothing.
      const error = status === 404 ? 'article_not_found' : (errors?.[status] ?? expect.stringMatching(/^[a-z][a-z0-9_]*$/));
      expect(result.data).toEqual(expect.objectContaining({ error }));
      expect(result.message.length).toBeGreaterThan(10);
      expect(after).toEqual(before);
      return;
    }
    if (message) expect(result.message).toBe(message);
    if (expected === 'gone') {
      expect(after).toBeUndefined();
      expect(result.data).toBeNull();
      return;
    }
    expect(after).toMatchObject(expected ?? {});
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
