/**
 * The feed-import engine through the API: /cron/import calls against feeds served on loopback
 * (real-world fixtures and hostile ones), Defaults applied to the stored articles, simulation,
 * dedupe, run history, short links, conditional GET, and suburb autocomplete.
 */
import { sql } from 'kysely';
import sharp from 'sharp';
import { STRICT_POLICY } from '../src/lib/address-guard';
import { fetchFeed } from '../src/import/engine/fetch';
import { lastRunsByImporter } from '../src/repositories/import-runs';
import { body, describeEachDatabase, type TestContext } from './helpers';
import { realWorldFeeds, rssFeed, suiteFeedServer } from './import-feed-server';

const SECRET = 'cron-secret-for-tests';
const CONFIG = {
  cronSecret: SECRET,
  importAllowedNetworks: ['127.0.0.0/8'],
  importTimeoutSeconds: 2,
  importConnectTimeoutSeconds: 2,
  importMaxBytes: 4 * 1024 * 1024,
  publicUrl: 'https://nd.example',
};

/** What a refusal may say for the real-world files that are not feeds we import. */
const EXPECTED_REFUSALS: Record<string, RegExp> = {
  'unrecognized.rss': /^The document is not an RSS, RDF, Atom or JSON feed$/,
};
/** Items that hold nothing at all, reported one by one (the feed is not refused for them). */
const EXPECTED_FAILED: Record<string, number> = {
  // Its one entry has only an empty <author>: no title, link, id, text or any other field.
  'incomplete-fields.atom': 1,
};

const COUNTED = [
  'articles',
  'import_seen',
  'import_runs',
  'import_state',
  'short_links',
  'images',
  'tags',
  'article_tags',
  'article_topics',
  'stateHash',
] as const;

async function counts(ctx: TestContext): Promise<Record<(typeof COUNTED)[number], number>> {
  const out = {} as Record<(typeof COUNTED)[number], number>;
  for (const table of COUNTED.filter((t) => t !== 'stateHash')) {
    const row = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(ctx.app.db);
    out[table] = Number(row.rows[0]?.n);
  }
  const state = await sql<{
    v: string;
  }>`select coalesce(string_agg(importer_id || ':' || coalesce(etag, '') || ':' || failures, ','), '') as v from import_state`.execute(
    ctx.app.db,
  );
  out.stateHash = state.rows[0]?.v.length ?? 0;
  return out;
}

async function createImporter(
  ctx: TestContext,
  values: { title?: string; feed_url: string; plugin?: string; schedule?: number; enabled?: number; defaults?: object },
): Promise<number> {
  const row = await ctx.app.db
    .insertInto('importers')
    .values({
      title: values.title ?? 'Test importer',
      feed_url: values.feed_url,
      plugin: values.plugin ?? 'feed',
      schedule: values.schedule ?? 1,
      enabled: values.enabled ?? 1,
      defaults: JSON.stringify(values.defaults ?? { published: '0', contentType: 'article' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function cron(ctx: TestContext, url: string) {
  return ctx.inject({ method: 'GET', url, headers: { 'x-cron-secret': SECRET } });
}

describeEachDatabase(
  'feed import engine',
  (ctx) => {
    const feeds = suiteFeedServer(ctx, { withoutImporters: true });

    describe('access', () => {
      it('needs a session with the right import, or the cron secret', async () => {
        const id = await createImporter(ctx, { feed_url: feeds.url('/gzip.xml'), enabled: 0 });
        expect((await ctx.get(`/cron/import/single/${id}?simulate=1`)).statusCode).toBe(401);
        const submitter = await ctx.login('submitter');
        const refused = await ctx.get(`/cron/import/single/${id}?simulate=1`, submitter);
        expect(refused.statusCode).toBe(403);
        expect(body(refused)).toEqual({
          code: 403,
          data: { error: 'no_right', params: { right: 'import' } },
          message: 'You do not have the right to manage imports',
        });
        const wrong = await ctx.inject({
          method: 'GET',
          url: `/cron/import/single/${id}?simulate=1`,
          headers: { 'x-cron-secret': 'nope' },
        });
        expect(body(wrong)).toMatchObject({ code: 401, message: 'Invalid cron secret' });
        expect((await cron(ctx, `/cron/import/single/${id}?simulate=1`)).statusCode).toBe(200);
        const editor = await ctx.login('editor');
        expect((await ctx.get(`/cron/import/single/${id}?simulate=1`, editor)).statusCode).toBe(200);
        await ctx.app.db.deleteFrom('importers').where('id', '=', id).execute();
      });

      it('answers bad ids with an envelope', async () => {
        const bad = await cron(ctx, '/cron/import/7');
        expect(bad.statusCode).toBe(400);
        expect(body(bad)).toMatchObject({
          code: 400,
          data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
        });
        expect(body(await cron(ctx, '/cron/import/single/999999'))).toEqual({
          code: 404,
          data: { error: 'importer_not_found', params: { id: 999999 } },
          message: 'Importer 999999 not found',
        });
        expect((await cron(ctx, '/cron/import/single/abc')).statusCode).toBe(400);
        expect((await cron(ctx, '/cron/import/single/1?simulate=yes')).statusCode).toBe(400);
      });
    });

    describe('real-world feeds', () => {
      it.each(realWorldFeeds())('%s imports or is refused with a clear error', async (name) => {
        const id = await createImporter(ctx, { title: name, feed_url: feeds.url(`/fixtures/${name}`), enabled: 0 });
        const started = Date.now();
        const response = await cron(ctx, `/cron/import/single/${id}?simulate=0`);
        expect(response.statusCode).toBe(200);
        const result = body(response).data;
        const outcome = result.importers[0];
        if (EXPECTED_REFUSALS[name]) {
          expect(outcome.status).toBe('error');
          expect(outcome.error).toMatch(EXPECTED_REFUSALS[name]);
          return;
        }
        expect(outcome).toMatchObject({ id, status: 'ok' });
        expect(outcome.created + outcome.duplicates + outcome.failed).toBe(outcome.seen);
        const failed = EXPECTED_FAILED[name] ?? 0;
        expect(outcome.failed).toBe(failed);
        expect(result.failures).toHaveLength(failed);
        expect(result.items).toHaveLength(outcome.created);
        const stored = await ctx.app.db
          .selectFrom('import_seen')
          .innerJoin('articles', 'articles.id', 'import_seen.article_id')
          .select(sql<number>`count(distinct articles.id)::int`.as('n'))
          .where('import_seen.importer_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(stored.n).toBe(outcome.created);
        for (const item of result.items) {
          expect(item.id).toBeGreaterThan(0);
          expect(item.title.length).toBeGreaterThan(0);
          expect(item.introtext).not.toMatch(/<script|onerror=|javascript:/i);
        }
        // Run again: nothing new.
        const again = body(await cron(ctx, `/cron/import/single/${id}?simulate=0`)).data.importers[0];
        expect(again).toMatchObject({ status: 'ok', created: 0, duplicates: outcome.seen - failed, failed });
        expect(Date.now() - started).toBeLessThan(15_000);
      });

      it('reads the encodings: ISO-8859-1 declaration, gzip, brotli, redirects, JSON Feed', async () => {
        const ids = await Promise.all(
          ['/latin1.xml', '/gzip.xml', '/brotli.xml', '/json.json'].map((p) => createImporter(ctx, { feed_url: feeds.url(p), enabled: 0 })),
        );
        const titles: string[] = [];
        for (const id of ids) {
          const data = body(await cron(ctx, `/cron/import/single/${id}?simulate=1`)).data;
          expect(data.importers[0].status).toBe('ok');
          titles.push(...data.items.map((i: { title: string }) => i.title));
        }
        expect(titles).toEqual(['Café crème', 'Zipped', 'Brotli', 'Json one']);
        const redirected = await createImporter(ctx, { feed_url: feeds.url('/redirect-ok'), enabled: 0 });
        expect(body(await cron(ctx, `/cron/import/single/${redirected}?simulate=1`)).data.items[0].title).toBe('Zipped');
      });
    });

    describe('simulation and dedupe', () => {
      it('simulation writes nothing at all and shows exactly what the real run creates; a second run creates nothing', async () => {
        feeds.set(
          '/sim.xml',
          rssFeed([
            { guid: 's1', title: 'Sim one', link: 'https://loopback.example/s1' },
            { guid: 's2', title: 'Sim two', link: 'https://loopback.example/s2' },
            { guid: 's2', title: 'Sim two again (same guid)', link: 'https://loopback.example/s2b' },
            { title: 'No guid', link: 'https://loopback.example/s3' },
          ]),
        );
        const id = await createImporter(ctx, {
          feed_url: feeds.url('/sim.xml'),
          defaults: {
            published: '1',
            tinyURL: '2',
            tags: [{ title: 'Brand new tag' }],
            imageSource: '2',
            image: { file_thumbnail: 'https://cdn.example/t.jpg' },
          },
        });
        const before = await counts(ctx);
        const simulated = body(await cron(ctx, `/cron/import/single/${id}?simulate=1`));
        expect(simulated.data.simulate).toBe(true);
        expect(simulated.message).toBe('3 articles would be imported');
        expect(await counts(ctx)).toEqual(before);
        expect(simulated.data.items.map((i: { id: number }) => i.id)).toEqual([0, 0, 0]);

        const real = body(await cron(ctx, `/cron/import/single/${id}?simulate=0`));
        expect(real.message).toBe('3 articles imported');
        expect(real.data.importers[0]).toMatchObject({ status: 'ok', seen: 4, created: 3, duplicates: 1, failed: 0 });
        const pick = (items: Array<{ title: string; state: number }>) => items.map(({ title, state }) => ({ title, state }));
        expect(pick(real.data.items)).toEqual(pick(simulated.data.items));
        const after = await counts(ctx);
        expect(after.articles).toBe(before.articles + 3);
        expect(after.short_links).toBe(before.short_links + 3);
        expect(after.tags).toBe(before.tags + 1);

        const second = body(await cron(ctx, `/cron/import/single/${id}?simulate=0`)).data.importers[0];
        expect(second).toMatchObject({ status: 'ok', seen: 4, created: 0, duplicates: 4 });
        const simulatedAgain = body(await cron(ctx, `/cron/import/single/${id}?simulate=1`)).data;
        expect(simulatedAgain.items).toEqual([]);
        expect((await counts(ctx)).articles).toBe(after.articles);
      });

      it('uses conditional GET: an unchanged feed (304) is not parsed again', async () => {
        const id = await createImporter(ctx, { feed_url: feeds.url('/etag.xml'), enabled: 0 });
        expect(body(await cron(ctx, `/cron/import/single/${id}`)).data.importers[0].created).toBe(1);
        const second = body(await cron(ctx, `/cron/import/single/${id}`)).data.importers[0];
        expect(second).toMatchObject({ status: 'ok', seen: 0, created: 0 });
        const runs = body(await cron(ctx, `/cron/import/single/${id}?simulate=1`)).data;
        expect(runs.items).toEqual([]);
        const token = await ctx.login('editor');
        const history = body(await ctx.get(`/api/v2/portal/importer/${id}/runs`, token));
        expect(history.data.map((r: { status: string }) => r.status)).toEqual(['not_modified', 'ok']);
      });
    });

    describe('Defaults on stored articles', () => {
      it('applies every Defaults field', async () => {
        const db = ctx.app.db;
        const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
        const categories = await db.selectFrom('categories').select('id').where('parent_id', '=', 8).orderBy('id').limit(2).execute();
        const [main, other] = categories.map((c) => c.id);
        const author = await db.insertInto('authors').values({ name: 'Wire Writer' }).returning('id').executeTakeFirstOrThrow();
        const tag = await db.insertInto('tags').values({ title: 'Existing tag' }).returning('id').executeTakeFirstOrThrow();
        feeds.set(
          '/media.jpg',
          await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
            .jpeg()
            .toBuffer(),
          'image/jpeg',
        );
        feeds.set(
          '/defaults.xml',
          rssFeed(
            [
              {
                guid: 'd1',
                title: 'With image',
                link: 'https://loopback.example/d1',
                description: '<p>Text <script>x()</script><img src="https://cdn.example/inline.jpg"></p>',
                extra: `<media:content url="${feeds.url('/media.jpg')}" medium="image"/>`,
                pubDate: 'Fri, 01 Mar 2024 10:00:00 GMT',
              },
            ],
            'Defaults Feed',
          ),
        );
        const id = await createImporter(ctx, {
          feed_url: feeds.url('/defaults.xml'),
          defaults: {
            published: '4',
            date: '1',
            contentType: 'opinion',
            user: String(admin.id),
            use_source_link: '1',
            videos_at_source: '1',
            references_at_source: '0',
            sourceDomain: '1',
            dateFirstPublished: '1',
            tinyURL: '2',
            country: 'AU',
            state: '7',
            suburb: 'Melbourne',
            latitude: '-37.814',
            longitude: '144.963',
            postcode: '3000',
            mainCategory: String(main),
            topics: [other],
            imageSource: '1',
            imageCaption: 'From the wire',
            tags: [{ id: tag.id, title: 'Existing tag' }, { title: 'Fresh tag' }],
            authors: [
              { id: author.id, name: 'Wire Writer' },
              { id: 999999, name: 'deleted' },
            ],
          },
        });
        const result = body(await cron(ctx, `/cron/import/single/${id}`)).data;
        expect(result.importers[0]).toMatchObject({ status: 'ok', created: 1 });
        const articleId = result.items[0].id;
        const article = await db.selectFrom('articles').selectAll().where('id', '=', articleId).executeTakeFirstOrThrow();
        expect(article).toMatchObject({
          title: 'With image',
          state: 4,
          article_type: 'opinion',
          created_by: admin.id,
          use_source_link: 1,
          videos_at_source: 1,
          references_at_source: 0,
          reference_source: 'Defaults Feed',
          reference_url: 'https://loopback.example/d1',
          country_code: 'AU',
          state_id: 7,
          suburb: 'Melbourne',
          latitude: -37.814,
          longitude: 144.963,
          postcode: '3000',
          main_category_id: main,
          catid: main,
          // The item's image, fetched and served from here (import-images.test.ts).
          thumb: `/api/image/${article.main_image}/thumb`,
        });
        expect(new Date(article.date).toISOString()).toBe('2024-03-01T10:00:00.000Z');
        expect(new Date(article.reference_date as Date).toISOString()).toBe('2024-03-01T10:00:00.000Z');
        expect(article.introtext).toBe('<p>Text <img src="https://cdn.example/inline.jpg" /></p>');
        expect(article.url).toMatch(/^https:\/\/nd\.example\/s\/[A-Za-z0-9]{8}$/);
        const image = await db
          .selectFrom('images')
          .selectAll()
          .where('id', '=', article.main_image as number)
          .executeTakeFirstOrThrow();
        expect(image).toMatchObject({ file_name: 'media.jpg', description: 'From the wire', created_by: admin.id });
        const topics = await db
          .selectFrom('article_topics')
          .select('category_id')
          .where('article_id', '=', articleId)
          .orderBy('category_id')
          .execute();
        expect(topics.map((t) => t.category_id)).toEqual([main, other].sort((a, b) => (a as number) - (b as number)));
        const tags = await db
          .selectFrom('article_tags')
          .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
          .select('tags.title')
          .where('article_id', '=', articleId)
          .orderBy('ordering')
          .execute();
        expect(tags.map((t) => t.title)).toEqual(['Existing tag', 'Fresh tag']);
        const authors = await db.selectFrom('article_authors').select('author_id').where('article_id', '=', articleId).execute();
        expect(authors).toEqual([{ author_id: author.id }]);
        expect(await db.selectFrom('article_images').select('image_id').where('article_id', '=', articleId).execute()).toEqual([
          { image_id: article.main_image },
        ]);

        // The short link redirects to the article's source.
        const code = article.url.split('/').pop();
        const redirect = await ctx.inject({ method: 'GET', url: `/s/${code}` });
        expect(redirect.statusCode).toBe(301);
        expect(redirect.headers.location).toBe('https://loopback.example/d1');
        expect(body(await ctx.inject({ method: 'GET', url: '/s/zzzzzzzz' }))).toEqual({
          code: 404,
          data: { error: 'short_link_not_found' },
          message: 'Short link not found',
        });
      });

      it('uses the custom image with its caption, the current date and the custom source and URL', async () => {
        const db = ctx.app.db;
        const image = await db
          .insertInto('images')
          .values({ file_name: 'custom.jpg', file_thumbnail: 'custom-thumb.jpg' })
          .returning('id')
          .executeTakeFirstOrThrow();
        feeds.set('/custom.xml', rssFeed([{ guid: 'c1', title: 'Custom', link: 'https://loopback.example/c1' }]));
        const id = await createImporter(ctx, {
          feed_url: feeds.url('/custom.xml'),
          defaults: {
            date: '2',
            sourceDomain: '3',
            sourceDomainCustom: 'Wire Service',
            tinyURL: '3',
            tinyURLCustom: 'https://t.example/x',
            imageSource: '2',
            image: { id: image.id, file_thumbnail: 'custom-thumb.jpg' },
            imageCaption: 'Ours',
          },
        });
        const started = Date.now();
        const result = body(await cron(ctx, `/cron/import/single/${id}`)).data;
        const article = await db.selectFrom('articles').selectAll().where('id', '=', result.items[0].id).executeTakeFirstOrThrow();
        expect(article).toMatchObject({
          main_image: image.id,
          thumb: 'custom-thumb.jpg',
          reference_source: 'Wire Service',
          url: 'https://t.example/x',
          reference_date: null,
          state: 0,
        });
        expect(new Date(article.date).getTime()).toBeGreaterThanOrEqual(started - 5000);
        const sourceHost = await createImporter(ctx, { feed_url: feeds.url('/custom.xml'), defaults: { sourceDomain: '2', tinyURL: '1' } });
        const item = body(await cron(ctx, `/cron/import/single/${sourceHost}`)).data.items[0];
        expect(item.url).toBe('https://loopback.example/c1');
        const row = await db.selectFrom('articles').select('reference_source').where('id', '=', item.id).executeTakeFirstOrThrow();
        expect(row.reference_source).toBe('127.0.0.1');
      });
    });

    describe('hostile and failing feeds', () => {
      const cases: Array<[string, string, RegExp]> = [
        ['billion laughs', '/billion.xml', /^The feed declares XML entities, which are refused \(entity expansion is off\)$/],
        ['endless body', '/endless', /^The feed is larger than 4 MiB$/],
        ['slow server', '/slow', /^The feed did not load within 2 s$/],
        [
          'redirect to a private address',
          '/redirect-private',
          /^Refused to connect to 10\.0\.0\.1: private addresses are not allowed for feeds$/,
        ],
        ['redirect to cloud metadata', '/redirect-metadata', /^Refused to connect to 169\.254\.169\.254: linkLocal addresses/],
        ['redirect to file://', '/redirect-file', /^Only http and https feed URLs are allowed \(got file\)$/],
        ['endless redirects', '/redirect-loop', /^The feed redirected more than 5 times$/],
        ['HTTP 500', '/500', /^The feed server answered HTTP 500$/],
      ];
      it.each(cases)('%s gives a clear error quickly', async (_name, pathname, message) => {
        const id = await createImporter(ctx, { feed_url: feeds.url(pathname), enabled: 0 });
        const started = Date.now();
        const outcome = body(await cron(ctx, `/cron/import/single/${id}`)).data.importers[0];
        expect(outcome.status).toBe('error');
        expect(outcome.error).toMatch(message);
        expect(Date.now() - started).toBeLessThan(4000);
      });

      it('reports items without any content one by one, not as a refused feed', async () => {
        const id = await createImporter(ctx, { feed_url: feeds.url('/malformed.xml'), enabled: 0 });
        const result = body(await cron(ctx, `/cron/import/single/${id}`)).data;
        expect(result.importers[0]).toMatchObject({ status: 'ok', seen: 2, created: 0, failed: 2 });
        expect(result.failures.map((f: { position: number; error: string }) => [f.position, f.error])).toEqual([
          [1, 'The item holds nothing (no title, link, GUID, text or any other field): it was not imported'],
          [2, 'The item holds nothing (no title, link, GUID, text or any other field): it was not imported'],
        ]);
      });

      it('refuses a file:// feed URL and a closed port', async () => {
        const file = await createImporter(ctx, { feed_url: 'file:///etc/passwd', enabled: 0 });
        expect(body(await cron(ctx, `/cron/import/single/${file}`)).data.importers[0].error).toBe(
          'Only http and https feed URLs are allowed (got file)',
        );
        const closed = await createImporter(ctx, { feed_url: 'http://127.0.0.1:1/feed', enabled: 0 });
        expect(body(await cron(ctx, `/cron/import/single/${closed}`)).data.importers[0].error).toBe(
          'The feed server refused the connection',
        );
      });

      it('checks resolved host names too (localhost is loopback)', async () => {
        await expect(fetchFeed(feeds.url('/gzip.xml').replace('127.0.0.1', 'localhost'), { policy: STRICT_POLICY })).rejects.toThrow(
          /^Refused to connect to localhost \((127\.0\.0\.1|::1)\): loopback addresses are not allowed for feeds$/,
        );
      });

      it('one failing importer never stops the others; failures are recorded and back off', async () => {
        await ctx.app.db.deleteFrom('importers').execute();
        feeds.set('/group-a.xml', rssFeed([{ guid: 'ga', title: 'Group A', link: 'https://loopback.example/ga' }]));
        feeds.set('/group-b.xml', rssFeed([{ guid: 'gb', title: 'Group B', link: 'https://loopback.example/gb' }]));
        const a = await createImporter(ctx, { title: 'A', feed_url: feeds.url('/group-a.xml'), schedule: 4 });
        const broken = await createImporter(ctx, { title: 'Broken', feed_url: feeds.url('/500'), schedule: 4 });
        const b = await createImporter(ctx, { title: 'B', feed_url: feeds.url('/group-b.xml'), schedule: 4 });
        await createImporter(ctx, { title: 'Other group', feed_url: feeds.url('/group-b.xml'), schedule: 2 });
        await createImporter(ctx, { title: 'Disabled', feed_url: feeds.url('/group-b.xml'), schedule: 4, enabled: 0 });
        const result = body(await cron(ctx, '/cron/import/4')).data;
        expect(result.importers.map((i: { title: string; status: string }) => [i.title, i.status])).toEqual([
          ['A', 'ok'],
          ['Broken', 'error'],
          ['B', 'ok'],
        ]);
        expect(result.items.map((i: { title: string }) => i.title)).toEqual(['Group A', 'Group B']);
        const state = await ctx.app.db
          .selectFrom('import_state')
          .select(['importer_id', 'failures', 'next_run_at'])
          .where('importer_id', 'in', [a, broken])
          .orderBy('importer_id')
          .execute();
        expect(state.map((s) => s.failures)).toEqual([0, 1]);
        const wait = (s: (typeof state)[number]) => new Date(s.next_run_at).getTime() - Date.now();
        expect(wait(state[0]!)).toBeGreaterThan(4 * 60_000);
        expect(wait(state[1]!)).toBeGreaterThan(9 * 60_000); // 5 minutes doubled

        const all = body(await cron(ctx, '/cron/import/-1')).data;
        expect(all.importers).toHaveLength(4);
        const token = await ctx.login('editor');
        const history = body(await ctx.get(`/api/v2/portal/importer/${broken}/runs?limit=1`, token));
        expect(history.total).toBe(1);
        expect(history.data[0]).toMatchObject({
          importer_id: broken,
          status: 'error',
          error: 'The feed server answered HTTP 500',
          new: 0,
          trigger: 'manual',
        });
        const failures = await ctx.app.db
          .selectFrom('import_state')
          .select('failures')
          .where('importer_id', '=', broken)
          .executeTakeFirstOrThrow();
        expect(failures.failures).toBe(2);
        const okHistory = body(await ctx.get(`/api/v2/portal/importer/${a}/runs`, token)).data;
        expect(okHistory.map((r: { new: number; duplicate: number; seen: number }) => [r.seen, r.new, r.duplicate])).toEqual([
          [1, 0, 1],
          [1, 1, 0],
        ]);
        expect(body(await ctx.get('/api/v2/portal/importer/999999/runs', token)).code).toBe(404);
        // The importer list's "last run": one query for many importers.
        const last = await lastRunsByImporter(ctx.app.db, [a, broken, b, 999999]);
        expect([...last.keys()].sort((x, y) => x - y)).toEqual([a, broken, b].sort((x, y) => x - y));
        expect(last.get(broken)).toMatchObject({ status: 'error', error: 'The feed server answered HTTP 500' });
        expect(last.get(a)).toEqual(okHistory[0]);
        expect((await lastRunsByImporter(ctx.app.db, [])).size).toBe(0);
        // Deleting an importer takes its runs, state and dedupe keys with it (the articles stay).
        await ctx.app.db.deleteFrom('importers').where('id', '=', a).execute();
        for (const table of ['import_runs', 'import_state', 'import_seen'] as const) {
          expect(await ctx.app.db.selectFrom(table).select('importer_id').where('importer_id', '=', a).execute()).toEqual([]);
        }
        const submitter = await ctx.login('submitter');
        expect((await ctx.get(`/api/v2/portal/importer/${a}/runs`, submitter)).statusCode).toBe(403);
      });

      it('does not start a run of an importer that is already running', async () => {
        const id = await createImporter(ctx, { feed_url: feeds.url('/slow'), enabled: 0 });
        const [first, second] = await Promise.all([cron(ctx, `/cron/import/single/${id}`), cron(ctx, `/cron/import/single/${id}`)]);
        const outcomes = [body(first).data.importers[0], body(second).data.importers[0]].map((o) => [o.status, o.error]);
        expect(outcomes).toContainEqual(['skipped', 'An import of this feed is already running']);
        expect(outcomes).toContainEqual(['error', 'The feed did not load within 2 s']);
        // Another process holds the lease: skipped too.
        await ctx.app.db
          .updateTable('import_state')
          .set({ running_until: new Date(Date.now() + 60_000) })
          .where('importer_id', '=', id)
          .execute();
        expect(body(await cron(ctx, `/cron/import/single/${id}`)).data.importers[0].status).toBe('skipped');
      });
    });

    describe('GET /api/v2/places', () => {
      it('suggests places with coordinates from the local gazetteer', async () => {
        const token = await ctx.login('editor');
        const response = await ctx.get('/api/v2/places?term=Melbou&country=au', token);
        expect(response.statusCode).toBe(200);
        const first = body(response).data[0];
        expect(first).toMatchObject({ name: 'Melbourne', country_code: 'AU', formatted: 'Melbourne, Victoria, AU' });
        // The region as the State/Region select offers it: the same id GET /api/locations/states/AU lists.
        const states = body(await ctx.get('/api/locations/states/AU', token)).data as Array<{ state_id: number; state_name: string }>;
        expect(states).toContainEqual({ state_id: first.state_id, state_name: 'Victoria' });
        expect(first).toMatchObject({ state_code: 'AU-VIC', state_name: 'Victoria' });
        expect(first).not.toHaveProperty('postcode');
        expect(first.latitude).toBeCloseTo(-37.8, 0);
        expect(first.longitude).toBeCloseTo(145, 0);
        const zurich = body(await ctx.get('/api/v2/places?term=zurich&limit=3', token)).data;
        expect(zurich[0]).toMatchObject({ name: 'Zürich', country_code: 'CH' });
        expect(body(await ctx.get('/api/v2/places?term=qqqqqq', token)).data).toEqual([]);
      });

      it('needs 3 characters and a session', async () => {
        const token = await ctx.login('submitter');
        const short = await ctx.get('/api/v2/places?term=Me', token);
        expect(short.statusCode).toBe(400);
        expect(body(short)).toMatchObject({
          code: 400,
          data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
        });
        expect((await ctx.get('/api/v2/places?term=Melbourne')).statusCode).toBe(401);
      });
    });
  },
  { config: CONFIG },
);
