/**
 * The feed reader (a pooled worker thread with its own heap limit) and the grouped, pipelined
 * import: a feed read in groups imports exactly what a whole read imports; a rested worker is
 * reused; a feed that needs more memory than allowed fails the run clearly, and the next run works.
 */
import { sql } from 'kysely';
import { runImporter, type EngineSettings } from '../src/services/import-runner';
import { closeReaderPool, FeedReader } from '../src/import/engine/reader';
import type { ReaderInput } from '../src/import/engine/reader-protocol';
import { describeEachDatabase } from './helpers';
import { rssFeed, startFeedServer, type FeedServer } from './import-feed-server';

const POLICY = { allowPrivate: false, allowedNetworks: ['127.0.0.0/8'] };

function input(feedUrl: string, groupItems = 2): ReaderInput {
  return {
    feedUrl,
    plugin: 'feed',
    defaults: JSON.stringify({ published: '1', contentType: 'article' }),
    now: new Date().toISOString(),
    fetch: { policy: POLICY, maxBytes: 20 * 1024 * 1024, totalTimeoutMs: 10_000, connectTimeoutMs: 2_000, etag: null, lastModified: null },
    groups: { groupItems, splitFromChars: 0 },
  };
}

/** An RSS feed of `count` items with some body text each. */
function bigFeed(prefix: string, count: number, bodyWords = 30): string {
  return rssFeed(
    Array.from({ length: count }, (_, i) => ({
      guid: `${prefix}-${i}`,
      title: `${prefix} item ${i}`,
      link: `https://loopback.example/${prefix}/${i}`,
      description: `<p>${`word${i} `.repeat(bodyWords)}</p>`,
    })),
  );
}

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set('/seven.xml', bigFeed('seven', 7));
  // ~14 MiB of items: far more than a 16 MB heap can hold and parse.
  feeds.set('/huge.xml', bigFeed('huge', 25_000, 40));
});
afterAll(async () => {
  await feeds.close();
  await closeReaderPool();
});

describe('FeedReader', () => {
  it('reads a feed in groups and maps the items asked for', async () => {
    const { reader, opened } = await FeedReader.open(input(feeds.url('/seven.xml')), { heapMb: 64 });
    try {
      expect(opened).toMatchObject({ notModified: false, feed: { title: 'Loopback News' } });
      const sizes: number[] = [];
      let titles: string[] = [];
      for (let keys = await reader.next(); keys; keys = await reader.next()) {
        sizes.push(keys.length);
        // One key per item: its GUID (these items all have one).
        expect(keys.every((k) => k.length === 1 && k[0]!.startsWith('guid:'))).toBe(true);
        titles = titles.concat((await reader.map(keys.map((_, i) => i))).map((d) => ('title' in d ? d.title : '')));
      }
      expect(sizes).toEqual([2, 2, 2, 1]);
      expect(titles).toEqual(Array.from({ length: 7 }, (_, i) => `seven item ${i}`));
    } finally {
      await reader.close();
    }
  });

  it('reuses a rested worker, also after a feed error', async () => {
    const first = await FeedReader.open(input(feeds.url('/seven.xml')), { heapMb: 64 });
    const threadId = first.reader.threadId;
    await first.reader.close();
    await expect(FeedReader.open(input(feeds.url('/500')), { heapMb: 64 })).rejects.toMatchObject({ code: 'http_status' });
    const again = await FeedReader.open(input(feeds.url('/seven.xml')), { heapMb: 64 });
    expect(again.reader.threadId).toBe(threadId);
    await again.reader.close();
  });

  it('fails clearly when a feed needs more memory than allowed, and the next reader works', async () => {
    const attempt = (async () => {
      const { reader } = await FeedReader.open(input(feeds.url('/huge.xml'), 40_000), { heapMb: 16 });
      try {
        while (await reader.next());
      } finally {
        await reader.close();
      }
    })();
    await expect(attempt).rejects.toMatchObject({
      code: 'too_large',
      message: 'Reading this feed needs more memory than an import may use (16 MB, IMPORT_WORKER_HEAP_MB)',
    });
    const { reader } = await FeedReader.open(input(feeds.url('/seven.xml')), { heapMb: 16 });
    expect(await reader.next()).toHaveLength(2);
    await reader.close();
  }, 60_000);
});

describeEachDatabase('grouped import', (ctx) => {
  const settings = (groupItems: number): EngineSettings => ({
    policy: POLICY,
    maxBytes: 4 * 1024 * 1024,
    totalTimeoutMs: 10_000,
    connectTimeoutMs: 2_000,
    publicUrl: 'https://nd.example',
    workerHeapMb: 64,
    groups: { groupItems, splitFromChars: 0 },
  });
  async function importer(title: string, path: string) {
    return ctx.app.db
      .insertInto('importers')
      .values({
        title,
        feed_url: feeds.url(path),
        plugin: 'feed',
        schedule: 1,
        enabled: 1,
        defaults: JSON.stringify({ published: '1', contentType: 'article', tinyURL: '2' }),
      })
      .returning(['id', 'title', 'feed_url', 'plugin', 'schedule', 'enabled', 'defaults'])
      .executeTakeFirstOrThrow();
  }
  const stored = async (importerId: number) =>
    (
      await sql<{ title: string }>`select a.title from import_seen s join articles a on a.id = s.article_id
        where s.importer_id = ${importerId} and s.key like 'guid:%' order by a.id`.execute(ctx.app.db)
    ).rows.map((r) => r.title);

  it('imports in groups of 2 exactly what one group imports, once', async () => {
    feeds.set('/mixed.xml', bigFeed('mixed', 9).replace('<item>', '<item><title>dup</title><guid>mixed-3</guid></item><item>'));
    const whole = await importer('whole', '/mixed.xml');
    const grouped = await importer('grouped', '/mixed.xml');
    const simulated = await runImporter(ctx.app.db, grouped, { simulate: true, trigger: 'manual', settings: settings(2) });
    const a = await runImporter(ctx.app.db, whole, { simulate: false, trigger: 'manual', settings: settings(1000) });
    const b = await runImporter(ctx.app.db, grouped, { simulate: false, trigger: 'manual', settings: settings(2) });
    expect(a.outcome).toMatchObject({ status: 'ok', seen: 10, created: 9, duplicates: 1, failed: 0 });
    expect(b.outcome).toMatchObject({ status: 'ok', seen: 10, created: 9, duplicates: 1, failed: 0 });
    expect(simulated.outcome).toMatchObject({ status: 'ok', seen: 10, created: 9, duplicates: 1 });
    expect(simulated.items.map((i) => i.title)).toEqual(b.items.map((i) => i.title));
    expect(b.items.map((i) => i.title)).toEqual(a.items.map((i) => i.title));
    expect(await stored(grouped.id)).toEqual(await stored(whole.id));
    // The first item has no link (so no short link); every other one got its own short link.
    expect(b.items[0]).toMatchObject({ title: 'dup', url: '' });
    expect(b.items.slice(1).every((i) => i.id > 0 && /^https:\/\/nd\.example\/s\/\w{8}$/.test(i.url))).toBe(true);
    const again = await runImporter(ctx.app.db, grouped, { simulate: false, trigger: 'manual', settings: settings(2) });
    expect(again.outcome).toMatchObject({ status: 'ok', created: 0, duplicates: 10 });
  });
});
