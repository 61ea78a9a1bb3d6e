// Issue 11, defect 16: the one rule of the flags a user may not set (src/domain/article-flags.ts),
// one case per right × flag × path, then the attacks through the API (copy of a featured article by
// a user without feature_article; a submitter's copy of their own article an editor featured).
import type { Right } from '../src/db/schema';
import {
  ARTICLE_PATHS,
  FLAG_RIGHTS,
  GUARDED_FLAGS,
  NEW_ARTICLE_FLAGS,
  refusedFlag,
  type ArticleFlags,
  type ArticlePath,
  type GuardedFlag,
} from '../src/domain/article-flags';
import { categories, saveForm, upload } from './article-edit-fixtures';
import { body, describeEachDatabase } from './helpers';

type Data = Record<string, any>;

/** A stored article whose every flag differs from a new article's. */
const STORED: ArticleFlags = { state: 1, access: 1, featured: 1, newsletter: 1 };
/** A value differing from both the new article's and the stored one, per flag. */
const OTHER: Record<GuardedFlag, number> = { state: 0, access: 3, featured: 1, newsletter: 1 };

const NEW_PATHS: ReadonlySet<ArticlePath> = new Set(['create', 'copy', 'import']);

interface Case {
  path: ArticlePath;
  flag: GuardedFlag;
  withRight: boolean;
  /** What the user asks the flag to be. */
  wanted: 'baseline' | 'stored' | 'other';
}

const cases: Case[] = ARTICLE_PATHS.flatMap((path) =>
  GUARDED_FLAGS.flatMap((flag) =>
    [true, false].flatMap((withRight) => (['baseline', 'stored', 'other'] as const).map((wanted) => ({ path, flag, withRight, wanted }))),
  ),
);

function valueOf(c: Case): number {
  const baseline = NEW_PATHS.has(c.path) ? NEW_ARTICLE_FLAGS : STORED;
  if (c.wanted === 'baseline') return baseline[c.flag];
  if (c.wanted === 'stored') return STORED[c.flag];
  // "other" for featured/newsletter is the only value that is not a new article's.
  return c.flag === 'state' && !NEW_PATHS.has(c.path) ? 5 : OTHER[c.flag];
}

/** The expected answer, written from the spec (not from the module): may the result hold the value? */
function allowed(c: Case, value: number): boolean {
  if (c.withRight) return true;
  const baseline = NEW_PATHS.has(c.path) ? NEW_ARTICLE_FLAGS[c.flag] : STORED[c.flag];
  if (value === baseline) return true;
  // Without approve_article: a new article may start Unpublished or submitted, a stored one be submitted or trashed.
  if (c.flag === 'state') return NEW_PATHS.has(c.path) ? [0, 4].includes(value) : [4, -2].includes(value);
  return false;
}

describe('article flags rule: right × flag × path', () => {
  it.each(cases.map((c) => [`${c.path} ${c.flag} ${c.withRight ? 'with' : 'without'} ${FLAG_RIGHTS[c.flag]}, wanting the ${c.wanted} value`, c] as const))(
    '%s',
    (_name, c) => {
      const value = valueOf(c);
      const everyOtherRight = (Object.values(FLAG_RIGHTS) as Right[]).filter((right) => right !== FLAG_RIGHTS[c.flag]);
      const rights: Right[] = c.withRight ? [FLAG_RIGHTS[c.flag]] : everyOtherRight;
      const refusal = refusedFlag(c.path, { [c.flag]: value }, STORED, rights);
      if (allowed(c, value)) expect(refusal).toBeNull();
      else expect(refusal).toMatchObject({ flag: c.flag, right: FLAG_RIGHTS[c.flag], code: `article_flag_${c.flag}_forbidden` });
    },
  );

  it('a copy is compared with a new article, never with the copied one', () => {
    for (const flag of ['featured', 'access', 'newsletter'] as const) {
      expect(refusedFlag('copy', { [flag]: STORED[flag] }, STORED, ['create_article'])).toMatchObject({ flag });
      expect(refusedFlag('save', { [flag]: STORED[flag] }, STORED, ['create_article'])).toBeNull();
    }
  });

  it('checks only the flags given, and covers every path and flag', () => {
    expect(refusedFlag('create', {}, null, [])).toBeNull();
    expect(cases).toHaveLength(ARTICLE_PATHS.length * GUARDED_FLAGS.length * 2 * 3);
  });
});

describeEachDatabase('copy cannot carry flags the user may not set', (ctx) => {
  const tokens: Record<string, string> = {};
  let form: Data;

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'approver', 'submitter'] as const) tokens[user] = await ctx.login(user);
    const cats = await categories(ctx);
    const image = await upload(ctx, tokens.submitter!, 'Pier');
    form = { id: 0, version: 0, title: 'Pier story', images: [{ id: image.id, description: '' }], topics: [cats.main], main_category_id: cats.main };
  });

  const articleFlags = async (id: number) =>
    ctx.app.db.selectFrom('articles').select(['state', 'access', 'featured', 'newsletter']).where('id', '=', id).executeTakeFirstOrThrow();

  it('approver (no feature_article): copy of a featured article with featured=1 is refused and makes nothing', async () => {
    const original = body<Data>(await saveForm(ctx, tokens.editor!, { ...form, featured: 1 })).data;
    expect((await articleFlags(original.id)).featured).toBe(1);
    const before = await ctx.app.db.selectFrom('articles').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();

    const attack = await saveForm(ctx, tokens.approver!, { ...form, id: original.id, copy: 1, featured: 1 });
    expect(attack.statusCode).toBe(403);
    expect(body<Data>(attack).data).toMatchObject({ error: 'article_flag_featured_forbidden', field: 'featured' });
    const after = await ctx.app.db.selectFrom('articles').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
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
      const toggled = await ctx.inject({ method: 'POST', url: '/api/portal/article/update', headers: { authentication: tokens.editor! }, payload: { id: own.id, field, value: 1 } });
      expect(toggled.statusCode).toBe(200);
    }
    // The submitter cannot undo it from the list either.
    const untoggle = await ctx.inject({ method: 'POST', url: '/api/portal/article/update', headers: { authentication: tokens.submitter! }, payload: { id: own.id, field: 'featured', value: 0 } });
    expect(untoggle.statusCode).toBe(403);

    for (const [flag, value] of [['featured', 1], ['newsletter', 1], ['access', 1]] as const) {
      const attack = await saveForm(ctx, tokens.submitter!, { ...form, id: own.id, copy: 1, [flag]: value });
      expect(attack.statusCode).toBe(403);
      expect(body<Data>(attack).data).toMatchObject({ error: `article_flag_${flag}_forbidden`, field: flag });
    }
    // Saving the article itself keeps what the editor set (compared with the stored values).
    const current = await ctx.app.db.selectFrom('articles').select('version').where('id', '=', own.id).executeTakeFirstOrThrow();
    const save = await saveForm(ctx, tokens.submitter!, { ...form, id: own.id, version: current.version, featured: 1, newsletter: 1, access: 1 });
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
    const save = (token: string, payload: Data) => ctx.inject({ method: 'POST', url: '/api/v2/portal/importer', headers: { authentication: token }, payload });
    const refused = await save(tokens.editor!, importer('1'));
    expect(refused.statusCode).toBe(403);
    expect(body<Data>(refused).data).toMatchObject({ error: 'article_flag_state_forbidden', field: 'defaults.published' });
    for (const published of ['0', '4', '5']) expect((await save(tokens.editor!, importer(published))).statusCode).toBe(200);
    // Set by a user who may approve, an editor may keep it when saving the importer again.
    const byAdmin = body<Data>(await save(tokens.admin!, importer('1'))).data;
    expect((await save(tokens.editor!, { ...importer('1'), id: byAdmin.id, version: byAdmin.version })).statusCode).toBe(200);
  });
});
