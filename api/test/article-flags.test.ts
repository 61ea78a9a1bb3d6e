// Issue 11, defect 16: the attacks on the flags rule (contracts/rules/article-flags) through the API:
// a copy of a featured article by a user without feature_article; a submitter's copy of their own
// article an editor featured; an importer that publishes without approve_article.
import { NEW_ARTICLE_FLAGS } from 'contracts/rules/article-flags';
import { newArticleForm, saveForm } from './article-edit-fixtures';
import { body, describeEachDatabase } from './helpers';

type Data = Record<string, any>;

describeEachDatabase('copy cannot carry flags the user may not set', (ctx) => {
  const tokens: Record<string, string> = {};
  let form: Data;

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'approver', 'submitter'] as const) tokens[user] = await ctx.login(user);
    form = await newArticleForm(ctx, tokens.submitter!, 'Pier story', 'Pier');
  });

  const articleFlags = async (id: number) =>
    ctx.app.db.selectFrom('articles').select(['state', 'access', 'featured', 'newsletter']).where('id', '=', id).executeTakeFirstOrThrow();

  it('approver (no feature_article): copy of a featured article with featured=1 is refused and makes nothing', async () => {
    const original = body<Data>(await saveForm(ctx, tokens.editor!, { ...form, featured: 1 })).data;
    expect((await articleFlags(original.id)).featured).toBe(1);
    const before = await ctx.app.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();

    const attack = await saveForm(ctx, tokens.approver!, { ...form, id: original.id, copy: 1, featured: 1 });
    expect(attack.statusCode).toBe(403);
    expect(body<Data>(attack).data).toMatchObject({ error: 'article_flag_featured_forbidden', field: 'featured' });
    const after = await ctx.app.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // Without the flag the copy is a new, unfeatured draft.
    const copy = await saveForm(ctx, tokens.approver!, { ...form, id: original.id, copy: 1, featured: 0 });
    expect(copy.statusCode).toBe(200);
    expect(await articleFlags(body<Data>(copy).data.id)).toEqual({ ...NEW_ARTICLE_FLAGS });
  });

  it('submitter: a copy of their own article an editor featured cannot keep featured, newsletter or access=1', async () => {
    const own = body<Data>(await saveForm(ctx, tokens.submitter!, form)).data;
    // The editor promotes it from the list (the row toggles).
    for (const field of ['featured', 'newsletter', 'access'] as const) {
      const toggled = await ctx.inject({
        method: 'POST',
        url: '/api/portal/article/update',
        headers: { authentication: tokens.editor! },
        payload: { id: own.id, field, value: 1 },
      });
      expect(toggled.statusCode).toBe(200);
    }
    // The submitter cannot undo it from the list either.
    const untoggle = await ctx.inject({
      method: 'POST',
      url: '/api/portal/article/update',
      headers: { authentication: tokens.submitter! },
      payload: { id: own.id, field: 'featured', value: 0 },
    });
    expect(untoggle.statusCode).toBe(403);

    for (const [flag, value] of [
      ['featured', 1],
      ['newsletter', 1],
      ['access', 1],
    ] as const) {
      const attack = await saveForm(ctx, tokens.submitter!, { ...form, id: own.id, copy: 1, [flag]: value });
      expect(attack.statusCode).toBe(403);
      expect(body<Data>(attack).data).toMatchObject({ error: `article_flag_${flag}_forbidden`, field: flag });
    }
    // Saving the article itself keeps what the editor set (compared with the stored values).
    const current = await ctx.app.db.selectFrom('articles').select('version').where('id', '=', own.id).executeTakeFirstOrThrow();
    const save = await saveForm(ctx, tokens.submitter!, {
      ...form,
      id: own.id,
      version: current.version,
      featured: 1,
      newsletter: 1,
      access: 1,
    });
    expect(save.statusCode).toBe(200);
    expect(await articleFlags(own.id)).toMatchObject({ featured: 1, newsletter: 1, access: 1 });
  });

  it('create: a submitter cannot create a featured, newsletter or public article', async () => {
    for (const flag of ['featured', 'newsletter', 'access'] as const) {
      const attack = await saveForm(ctx, tokens.submitter!, { ...form, [flag]: 1 });
      expect(attack.statusCode).toBe(403);
    }
  });

  it('import: an importer publishing its articles needs approve_article', async () => {
    const creatorId = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', tokens.editor!)).data[0]!.id;
    const importer = (published: string) => ({
      title: 'Wire',
      feed_url: 'https://example.com/rss.xml',
      plugin: 'rss',
      defaults: JSON.stringify({ contentType: 'article', user: String(creatorId), mainCategory: '100', topics: [100], published }),
    });
    const save = (token: string, payload: Data) =>
      ctx.inject({ method: 'POST', url: '/api/v2/portal/importer', headers: { authentication: token }, payload });
    const refused = await save(tokens.editor!, importer('1'));
    expect(refused.statusCode).toBe(403);
    expect(body<Data>(refused).data).toMatchObject({ error: 'article_flag_state_forbidden', field: 'defaults.published' });
    for (const published of ['0', '4', '5']) expect((await save(tokens.editor!, importer(published))).statusCode).toBe(200);
    // Set by a user who may approve, an editor may keep it when saving the importer again.
    const byAdmin = body<Data>(await save(tokens.admin!, importer('1'))).data;
    expect((await save(tokens.editor!, { ...importer('1'), id: byAdmin.id, version: byAdmin.version })).statusCode).toBe(200);
  });
});
