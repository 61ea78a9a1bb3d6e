// Working copies (the editor's autosave on the server) and the merge material of a stale save:
// PUT/GET/DELETE /api/v2/articles/{id}/working-copy (rights, scope, limits, the article's version and
// lock untouched, discarded on save, pruned after the retention), and the 409's data.merge merged by
// contracts' rule: one side changed, both sides in different words, both sides in the same words.
// Runs on PGlite and (with TEST_DATABASE_URL) PostgreSQL, and across two API processes on PostgreSQL.
import { mergeFields } from 'contracts/rules/article-merge';
import { REVISION_FIELDS } from 'contracts/rules/revision-fields';
import type { RevisionField } from 'contracts/schemas/revisions';
import { hashPassword } from '../src/lib/passwords';
import { pruneWorkingCopies } from '../src/services/working-copies';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { categories, loginAs, makeUser, postJson, saveForm, upload } from './article-edit-fixtures';
import { body, describeEachDatabase, describeTwoProcessesOnPostgres, signInTo, type TestContext } from './helpers';

type Data = Record<string, any>;
const SPORT = 200;
const NEWS = 100;

function copyUrl(id: number | string): string {
  return `/api/v2/articles/${id}/working-copy`;
}

describeEachDatabase('working copies and the merge of a stale save', (ctx) => {
  const tokens: Record<string, string> = {};
  let imageId = 0;

  const put = (token: string, id: number | string, payload: unknown) =>
    ctx.inject({ method: 'PUT', url: copyUrl(id), payload: payload as Record<string, unknown>, headers: { authentication: token } });
  const get = async (token: string, id: number | string) => {
    const response = await ctx.get(copyUrl(id), token);
    return { status: response.statusCode, ...body<Data | null>(response) };
  };
  const discard = (token: string, id: number | string) =>
    ctx.inject({ method: 'DELETE', url: copyUrl(id), headers: { authentication: token } });

  function form(main: number, title: string): Record<string, unknown> {
    return {
      id: 0,
      version: 0,
      title,
      access: 2,
      featured: 0,
      newsletter: 0,
      text: '<p>The first paragraph tells what happened.</p><p>The second paragraph tells why.</p>',
      introtext: '<p>Short intro</p>',
      notes: '',
      images: [{ id: imageId, description: '' }],
      topics: [main, main === SPORT ? 201 : 101],
      main_category_id: main,
    };
  }

  async function create(token: string, main = NEWS, title = 'Working copy bluefinch'): Promise<Record<string, unknown>> {
    const payload = form(main, title);
    const saved = await saveForm(ctx, token, payload);
    expect(saved.statusCode).toBe(200);
    const { id, version } = body<{ id: number; version: number }>(saved).data;
    await freeLock(id);
    return { ...payload, id, version };
  }

  const freeLock = (id: number) => ctx.app.db.deleteFrom('article_locks').where('article_id', '=', id).execute();

  async function addUser(username: string, roleIds: number[]): Promise<string> {
    const user = await ctx.app.db
      .insertInto('users')
      .values({ username, name: `Test ${username}`, email: null, password_hash: await hashPassword(`${username}-pw`) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .insertInto('user_roles')
      .values(roleIds.map((roleId) => ({ user_id: user.id, role_id: roleId })))
      .execute();
    return loginAs(ctx, username);
  }

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'approver', 'submitter'] as const) tokens[user] = await ctx.login(user);
    await makeUser(ctx, 'writer2', ['create_article']);
    tokens.writer2 = await loginAs(ctx, 'writer2');
    const role = body(
      await postJson(ctx, tokens.admin!, '/api/v2/roles', { title: 'Sport editing', rights: ['edit_all_articles'], scope: [SPORT] }),
    );
    tokens.sportdesk = await addUser('sportdesk', [role.data.id]);
    imageId = (await upload(ctx, tokens.admin!, 'A photo')).id;
  });

  describe('the working copy', () => {
    it('keeps, reads back and discards the caller’s copy; the article’s version and lock are untouched', async () => {
      const article = await create(tokens.submitter!);
      const id = article.id as number;
      expect((await get(tokens.submitter!, id)).data).toBeNull();
      // The submitter holds the lock (opened the editor); the copy must not renew or move it.
      await ctx.get(`/api/portal/article?id=${id}`, tokens.submitter);
      const lockBefore = await ctx.app.db.selectFrom('article_locks').selectAll().where('article_id', '=', id).executeTakeFirstOrThrow();
      const fields = { ...article, title: 'Half-typed tit', images: [] };
      const kept = await put(tokens.submitter!, id, { base_version: article.version, fields });
      expect(kept.statusCode).toBe(200);
      expect(body(kept)).toEqual({ code: 200, data: { saved_at: expect.any(String) }, message: 'Kept' });
      const read = await get(tokens.submitter!, id);
      expect(read).toMatchObject({
        status: 200,
        data: { article_id: id, base_version: article.version, fields, saved_at: body(kept).data.saved_at },
      });
      const row = await ctx.app.db.selectFrom('articles').select('version').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.version).toBe(article.version);
      const lockAfter = await ctx.app.db.selectFrom('article_locks').selectAll().where('article_id', '=', id).executeTakeFirstOrThrow();
      expect(lockAfter).toEqual(lockBefore);
      // A second write replaces the first.
      expect((await put(tokens.submitter!, id, { base_version: article.version, fields: { title: 'Second' } })).statusCode).toBe(200);
      expect((await get(tokens.submitter!, id)).data?.fields).toEqual({ title: 'Second' });
      const gone = await discard(tokens.submitter!, id);
      expect(body(gone)).toEqual({ code: 200, data: { discarded: true }, message: 'Discarded' });
      expect((await get(tokens.submitter!, id)).data).toBeNull();
      expect(body(await discard(tokens.submitter!, id)).data).toEqual({ discarded: false });
      await freeLock(id);
    });

    it('is per user: an editor of all articles has their own, the owner’s stays theirs', async () => {
      const article = await create(tokens.submitter!);
      const id = article.id as number;
      await put(tokens.submitter!, id, { base_version: article.version, fields: { title: 'Owner' } });
      expect((await get(tokens.editor!, id)).data).toBeNull();
      expect((await put(tokens.editor!, id, { base_version: article.version, fields: { title: 'Editor' } })).statusCode).toBe(200);
      expect((await get(tokens.submitter!, id)).data?.fields).toEqual({ title: 'Owner' });
      expect((await get(tokens.editor!, id)).data?.fields).toEqual({ title: 'Editor' });
    });

    it('refuses users who may not edit the article, and changes nothing', async () => {
      const article = await create(tokens.submitter!);
      const id = article.id as number;
      await put(tokens.submitter!, id, { base_version: article.version, fields: { title: 'Mine' } });
      for (const who of ['writer2', 'approver'] as const) {
        for (const response of [
          await ctx.get(copyUrl(id), tokens[who]),
          await put(tokens[who]!, id, { base_version: 1, fields: { title: 'Theirs' } }),
          await discard(tokens[who]!, id),
        ]) {
          expect({ who, status: response.statusCode, error: body(response).data.error }).toEqual({
            who,
            status: 403,
            error: 'article_not_yours',
          });
        }
      }
      expect((await get(tokens.submitter!, id)).data?.fields).toEqual({ title: 'Mine' });
      expect(await ctx.app.db.selectFrom('working_copies').select('user_id').where('article_id', '=', id).execute()).toHaveLength(1);
    });

    it('checks the scope of a scoped role: where the article lies', async () => {
      const inside = await create(tokens.admin!, SPORT, 'Inside the scope');
      const outside = await create(tokens.admin!, NEWS, 'Outside the scope');
      expect((await put(tokens.sportdesk!, inside.id as number, { base_version: inside.version, fields: { title: 'x' } })).statusCode).toBe(
        200,
      );
      const refused = await put(tokens.sportdesk!, outside.id as number, { base_version: outside.version, fields: { title: 'x' } });
      expect(refused.statusCode).toBe(403);
      expect(body(refused).data.error).toBe('article_outside_scope');
      expect((await ctx.get(copyUrl(outside.id as number), tokens.sportdesk)).statusCode).toBe(403);
    });

    it('answers 404 for an unknown article and 400 with a code for bad input', async () => {
      const missing = await get(tokens.admin!, 99999999);
      expect(missing.status).toBe(404);
      expect(missing.data).toMatchObject({ error: 'article_not_found' });
      const article = await create(tokens.submitter!);
      for (const payload of [{ fields: {} }, { base_version: 0, fields: {} }, { base_version: 1, fields: [] }]) {
        const response = await put(tokens.submitter!, article.id as number, payload);
        expect(response.statusCode).toBe(400);
        expect(body(response).data.error).toEqual(expect.any(String));
      }
      expect((await ctx.get(copyUrl('abc'), tokens.submitter)).statusCode).toBe(400);
    });

    it('refuses a copy larger than the limit with working_copy_too_large', async () => {
      const article = await create(tokens.submitter!);
      const response = await put(tokens.submitter!, article.id as number, { base_version: 1, fields: { text: 'x'.repeat(2_000_001) } });
      expect(response.statusCode).toBe(400);
      expect(body(response).data).toMatchObject({ error: 'working_copy_too_large', field: 'fields', params: { limit: 2_000_000 } });
    });

    it('is discarded by a good save of the article, not by a refused one', async () => {
      const article = await create(tokens.submitter!);
      const id = article.id as number;
      await put(tokens.submitter!, id, { base_version: article.version, fields: { title: 'Unsaved' } });
      const refused = await saveForm(ctx, tokens.submitter!, { ...article, title: '' });
      expect(refused.statusCode).toBe(400);
      expect((await get(tokens.submitter!, id)).data).not.toBeNull();
      expect((await saveForm(ctx, tokens.submitter!, { ...article, title: 'Saved now' })).statusCode).toBe(200);
      expect((await get(tokens.submitter!, id)).data).toBeNull();
      await freeLock(id);
    });

    it('goes after the retention without a write, and only then', async () => {
      const article = await create(tokens.submitter!);
      const id = article.id as number;
      await put(tokens.submitter!, id, { base_version: article.version, fields: { title: 'Old' } });
      const day = 86_400_000;
      const mine = () => ctx.app.db.selectFrom('working_copies').select('user_id').where('article_id', '=', id).execute();
      await pruneWorkingCopies(ctx.app.db, 14, new Date(Date.now() + 13 * day));
      expect(await mine()).toHaveLength(1);
      expect(await pruneWorkingCopies(ctx.app.db, 14, new Date(Date.now() + 15 * day))).toBeGreaterThanOrEqual(1);
      expect(await mine()).toHaveLength(0);
    });
  });

  describe('a stale save', () => {
    const TEXT: readonly RevisionField[] = ['title', 'introtext', 'text', 'notes'];

    /** The submitter's form opened at version v, then the editor saves `theirs` over it. */
    async function staleSave(theirs: Record<string, unknown>, mine: Record<string, unknown>) {
      const opened = await create(tokens.submitter!);
      const savedTheirs = await saveForm(ctx, tokens.editor!, { ...opened, ...theirs });
      expect(savedTheirs.statusCode).toBe(200);
      await freeLock(opened.id as number);
      const myForm = { ...opened, ...mine };
      const response = await saveForm(ctx, tokens.submitter!, myForm);
      return { opened, myForm, response };
    }

    /** The contracts' merge of the 409's material with the form (the fields a revision records). */
    function merge(data: Data, myForm: Record<string, unknown>) {
      const theirs = data.merge.theirs as Record<string, unknown>;
      const pick = (source: Record<string, unknown>) =>
        Object.fromEntries(TEXT.map((field) => [field, source[field]])) as Record<RevisionField, unknown>;
      return mergeFields<RevisionField>({
        base: pick(data.merge.base),
        mine: pick(myForm),
        theirs: pick(theirs),
        fields: TEXT,
        textFields: TEXT,
      });
    }

    it('answers 409 with the opened version’s content and the article now', async () => {
      const { opened, response } = await staleSave({ title: 'Their title' }, { notes: 'My note' });
      expect(response.statusCode).toBe(409);
      const data = body(response).data;
      expect(data).toMatchObject({
        error: 'article_changed',
        params: { name: 'Erin Editor' },
        merge: {
          base_version: opened.version,
          base: { title: 'Working copy bluefinch', notes: '', text: opened.text },
          theirs: { id: opened.id, title: 'Their title', version: expect.any(Number) },
        },
      });
      expect(data.merge.theirs.version).toBeGreaterThan(opened.version as number);
      // The revision's keys are exactly RevisionContent's.
      expect(Object.keys(data.merge.base).sort()).toEqual([...REVISION_FIELDS].sort());
    });

    it('one side changed each field: merges silently, and the merged save keeps both', async () => {
      const { myForm, response } = await staleSave({ title: 'Their title' }, { notes: 'My note' });
      const data = body(response).data;
      const outcome = merge(data, myForm);
      expect(outcome.conflicts).toEqual([]);
      expect(outcome.decisions).toMatchObject({ title: 'theirs', notes: 'mine' });
      const saved = await saveForm(ctx, tokens.submitter!, { ...myForm, ...outcome.values, version: data.merge.theirs.version });
      expect(saved.statusCode).toBe(200);
      const article = body(await ctx.get(`/api/portal/article?id=${myForm.id}`, tokens.submitter)).data.article;
      expect(article).toMatchObject({ title: 'Their title', notes: 'My note' });
    });

    it('both sides changed different paragraphs of the text: merged word by word, both kept', async () => {
      const { myForm, response } = await staleSave(
        { text: '<p>The first paragraph tells what happened.</p><p>The second paragraph explains the reasons.</p>' },
        { text: '<p>The first paragraph says exactly what happened.</p><p>The second paragraph tells why.</p>' },
      );
      const data = body(response).data;
      const outcome = merge(data, myForm);
      expect(outcome.conflicts).toEqual([]);
      expect(outcome.decisions.text).toBe('merged');
      expect(outcome.values.text).toBe(
        '<p>The first paragraph says exactly what happened.</p><p>The second paragraph explains the reasons.</p>',
      );
      const saved = await saveForm(ctx, tokens.submitter!, { ...myForm, ...outcome.values, version: data.merge.theirs.version });
      expect(saved.statusCode).toBe(200);
      const article = body(await ctx.get(`/api/portal/article?id=${myForm.id}`, tokens.submitter)).data.article;
      expect(article.text).toBe(outcome.values.text);
    });

    it('both sides changed the same words: a conflict with all three values, nothing saved', async () => {
      const { myForm, response } = await staleSave(
        { text: '<p>The first paragraph tells what happened.</p><p>The second paragraph tells how.</p>' },
        { text: '<p>The first paragraph tells what happened.</p><p>The second paragraph tells when.</p>' },
      );
      const data = body(response).data;
      const outcome = merge(data, myForm);
      expect(outcome.conflicts).toEqual([
        {
          field: 'text',
          base: '<p>The first paragraph tells what happened.</p><p>The second paragraph tells why.</p>',
          mine: myForm.text,
          theirs: '<p>The first paragraph tells what happened.</p><p>The second paragraph tells how.</p>',
        },
      ]);
      const article = body(await ctx.get(`/api/portal/article?id=${myForm.id}`, tokens.editor)).data.article;
      expect(article.text).toContain('tells how.');
    });

    it('gives no base when the opened version’s content is no longer kept (every disagreement is then shown)', async () => {
      const opened = await create(tokens.submitter!);
      await ctx.app.db
        .deleteFrom('article_revisions')
        .where('article_id', '=', opened.id as number)
        .execute();
      await saveForm(ctx, tokens.editor!, { ...opened, title: 'Their title' });
      await freeLock(opened.id as number);
      const response = await saveForm(ctx, tokens.submitter!, { ...opened, notes: 'Mine' });
      expect(response.statusCode).toBe(409);
      expect(body(response).data.merge).toMatchObject({ base: null, theirs: { title: 'Their title' } });
    });
  });
});

describeTwoProcessesOnPostgres('working copies across API processes', {}, (processes) => {
  /** The fixtures' requests, sent to one process. */
  const on = (app: FastifyInstance) => ({ app, inject: (options: InjectOptions) => app.inject(options) }) as TestContext;

  it('kept through one process, offered by the other; a stale save there carries the merge, the merged save discards the copy', async () => {
    const [submitterA, submitterB, editorB] = [
      await signInTo(processes.a, 'submitter'),
      await signInTo(processes.b, 'submitter'),
      await signInTo(processes.b, 'editor'),
    ];
    const image = await upload(on(processes.a), submitterA, 'A photo');
    const cats = await categories(on(processes.a));
    const created = await saveForm(on(processes.a), submitterA, {
      id: 0,
      version: 0,
      title: 'Across processes',
      text: '<p>One two three.</p><p>Four five six.</p>',
      images: [{ id: image.id, description: '' }],
      topics: [cats.main],
      main_category_id: cats.main,
    });
    const { id, version } = body<{ id: number; version: number }>(created).data;
    await processes.a.db.deleteFrom('article_locks').where('article_id', '=', id).execute();
    const mine = {
      id,
      version,
      title: 'Across processes',
      text: '<p>One two THREE.</p><p>Four five six.</p>',
      images: [{ id: image.id, description: '' }],
      topics: [cats.main],
      main_category_id: cats.main,
    };
    const url = `/api/v2/articles/${id}/working-copy`;
    const put = await processes.a.inject({
      method: 'PUT',
      url,
      payload: { base_version: version, fields: mine },
      headers: { authentication: submitterA },
    });
    expect(put.statusCode).toBe(200);
    const read = body(await processes.b.inject({ method: 'GET', url, headers: { authentication: submitterB } })).data;
    expect(read).toMatchObject({ base_version: version, fields: mine });

    // The editor saves another paragraph through process B, then the submitter's stale save goes to process A.
    expect((await saveForm(on(processes.b), editorB, { ...mine, text: '<p>One two three.</p><p>Four five SIX.</p>' })).statusCode).toBe(
      200,
    );
    await processes.a.db.deleteFrom('article_locks').where('article_id', '=', id).execute();
    const stale = await saveForm(on(processes.a), submitterA, mine);
    expect(stale.statusCode).toBe(409);
    const merge = body(stale).data.merge;
    const outcome = mergeFields({ base: merge.base, mine, theirs: merge.theirs, fields: ['text'], textFields: ['text'] });
    expect(outcome.values.text).toBe('<p>One two THREE.</p><p>Four five SIX.</p>');
    expect((await saveForm(on(processes.a), submitterA, { ...mine, ...outcome.values, version: merge.theirs.version })).statusCode).toBe(
      200,
    );
    expect(body(await processes.b.inject({ method: 'GET', url, headers: { authentication: submitterB } })).data).toBeNull();
  });
});
