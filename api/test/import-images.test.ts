/**
 * The images of imported items are fetched and stored like uploads (served by Newsdesk, cleaned of
 * location and camera data, within the same limits, through the SSRF guard); an image that cannot
 * be had leaves its article without an image and is reported for that item in the run's result.
 */
import sharp from 'sharp';
import { body, describeEachDatabase, type TestContext } from './helpers';
import { blankPng } from './hostile-images';
import { rssFeed, suiteFeedServer } from './import-feed-server';

const SECRET = 'cron-secret-for-tests';

async function createImporter(ctx: TestContext, feedUrl: string): Promise<number> {
  const admin = await ctx.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const row = await ctx.app.db
    .insertInto('importers')
    .values({
      title: 'Images',
      feed_url: feedUrl,
      plugin: 'rss',
      schedule: 1,
      enabled: 1,
      defaults: JSON.stringify({ published: '0', contentType: 'article', user: String(admin.id), imageSource: '1', imageCaption: 'Wire' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const run = async (ctx: TestContext, id: number) =>
  body(await ctx.inject({ method: 'GET', url: `/cron/import/single/${id}`, headers: { 'x-cron-secret': SECRET } })).data;

const media = (url: string) => `<media:content url="${url}" medium="image"/>`;

describeEachDatabase(
  'images of imported items',
  (ctx) => {
    const feeds = suiteFeedServer(ctx, { withoutImporters: true });

    it('stores the image and serves it from Newsdesk, without GPS and camera data', async () => {
      const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2060a0' } })
        .withExif({ IFD0: { Make: 'Canon', Copyright: '(c) Wire' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 30/1' } })
        .jpeg()
        .toBuffer();
      feeds.set('/photo.jpg', photo, 'image/jpeg');
      // The same address in two items is fetched once.
      feeds.set(
        '/stored.xml',
        rssFeed([
          { guid: 's1', title: 'First', link: 'https://loopback.example/s1', extra: media(feeds.url('/photo.jpg')) },
          { guid: 's2', title: 'Second', link: 'https://loopback.example/s2', extra: media(feeds.url('/photo.jpg')) },
        ]),
      );
      const result = await run(ctx, await createImporter(ctx, feeds.url('/stored.xml')));
      expect(result.importers[0]).toMatchObject({ status: 'ok', created: 2 });
      expect(result.items.map((item: Record<string, unknown>) => item.image_error)).toEqual([undefined, undefined]);
      expect(feeds.hits('/photo.jpg')).toBe(1);

      const articles = await ctx.app.db
        .selectFrom('articles')
        .select(['main_image', 'thumb'])
        .where(
          'id',
          'in',
          result.items.map((item: { id: number }) => item.id),
        )
        .execute();
      const imageId = articles[0]!.main_image!;
      expect(articles).toEqual([
        { main_image: imageId, thumb: `/api/image/${imageId}/thumb` },
        { main_image: imageId, thumb: `/api/image/${imageId}/thumb` },
      ]);
      const image = await ctx.app.db.selectFrom('images').selectAll().where('id', '=', imageId).executeTakeFirstOrThrow();
      expect(image).toMatchObject({ file_name: 'photo.jpg', description: 'Wire' });

      const served = await ctx.inject({ method: 'GET', url: `/api/image/${imageId}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.toString('latin1')).not.toContain('Canon');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([600, 400]);
      expect(meta.exif?.toString('latin1')).toContain('(c) Wire');
      expect(meta.exif?.toString('latin1')).not.toContain('GPS');
      expect((await ctx.inject({ method: 'GET', url: `/api/image/${imageId}/thumb` })).statusCode).toBe(200);
    });

    it('imports the article without its image when the image cannot be had, and says why for that item', async () => {
      feeds.set('/page.jpg', '<html><body>Not found</body></html>', 'text/html');
      feeds.set('/bomb.png', blankPng(1_000_000, 100), 'image/png');
      const cases = [
        ['missing', feeds.url('/nothing-here.jpg'), 'import_image_http_status', { status: 404 }],
        ['html', feeds.url('/page.jpg'), 'image_not_an_image', {}],
        ['bomb', feeds.url('/bomb.png'), 'image_side_too_long', { pixels: 16_000 }],
        [
          'private',
          'http://10.0.0.1/secret.jpg',
          'import_image_refused_address',
          { where: '10.0.0.1', range: 'private', url: 'http://10.0.0.1/secret.jpg' },
        ],
        [
          'metadata',
          'http://169.254.169.254/latest/meta-data/x.jpg',
          'import_image_refused_address',
          expect.objectContaining({ range: 'linkLocal' }),
        ],
        ['slow', feeds.url('/slow.jpg'), 'import_image_timeout', { seconds: 1 }],
      ] as const;
      feeds.set(
        '/failing.xml',
        rssFeed(cases.map(([guid, url]) => ({ guid, title: `Item ${guid}`, link: `https://loopback.example/${guid}`, extra: media(url) }))),
      );
      const before = await ctx.app.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const result = await run(ctx, await createImporter(ctx, feeds.url('/failing.xml')));
      expect(result.importers[0]).toMatchObject({ status: 'ok', created: cases.length, failed: 0 });
      const byTitle = new Map(result.items.map((item: { title: string }) => [item.title, item]));
      for (const [guid, , code, params] of cases) {
        expect(byTitle.get(`Item ${guid}`)).toMatchObject({
          image_error_code: code,
          image_error_params: params,
          image_error: expect.any(String),
        });
      }
      expect((byTitle.get('Item missing') as { image_error: string }).image_error).toBe('The image server answered HTTP 404');
      const stored = await ctx.app.db
        .selectFrom('articles')
        .select(['main_image', 'thumb'])
        .where(
          'id',
          'in',
          result.items.map((item: { id: number }) => item.id),
        )
        .execute();
      expect(stored).toEqual(cases.map(() => ({ main_image: null, thumb: null })));
      const after = await ctx.app.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  },
  {
    config: {
      cronSecret: SECRET,
      importAllowedNetworks: ['127.0.0.0/8'],
      importTimeoutSeconds: 5,
      importConnectTimeoutSeconds: 2,
      importImageTimeoutSeconds: 1,
    },
  },
);
