/**
 * `npm run bench:import`: the feed-import engine against the database floor (issue 13, "Speed, restated").
 *
 * Database: PostgreSQL when DATABASE_URL is set (a fresh database `newsdesk_bench_import`,
 * BENCH_IMPORT_DATABASE_NAME, is created on that server), else PGlite in a temporary directory.
 *
 * 1. Generates a 10,000-item RSS feed (BENCH_IMPORT_ITEMS) and serves it on loopback.
 * 2. Parse-only: decode + parse + normalise the same bytes as one document, and the same read in
 *    groups (split at item boundaries, each group parsed on its own, as an import reads); interleaved, best of 5 each.
 * 3. A full import (fetch, parse, Defaults mapping with sanitising, dedupe, each item's image fetched
 *    from loopback, checked and stored like an upload (a 320 × 180 JPEG), write of articles + short
 *    links + images + tags/topics/authors + dedupe keys + the run record), after one small warm-up
 *    import (a running API's feed readers are warm), then a second run (all duplicates) and a simulation.
 * 4. The database floor: the same rows the import wrote (same tables, so the same indexes, triggers and
 *    generated search_vector; the row counts are read back from the import and printed side by side),
 *    written by set-based INSERT … SELECT FROM generate_series statements in one transaction, rolled
 *    back; best of 2.
 * 5. Search: an imported article is found by the article search right after the import.
 * 6. Peak memory: in a fresh child process, peak RSS (getrusage maxrss) while importing a ~15 MiB
 *    feed, minus its RSS when idle after a small warm-up import.
 * Goals (printed with "met"/"not met"): import ≤ 1.5× floor; reading in groups ≤ 1.3× the
 * whole-document parse; peak ≤ 150 MB above idle; the imported article found by search at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { Client } from 'pg';
import { createDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { seedDemo } from '../src/db/seed';
import { decodeBody, DEFAULT_GROUP_OPTIONS, parseFeedBody, parseFeedInGroups } from '../src/import/engine/parse';
import { importedRevisionContent } from '../src/repositories/article-revisions';
import { articlesRepository } from '../src/repositories/articles';
import { runImporter, type EngineSettings, type RunTimings } from '../src/services/import-runner';

const ITEMS = Number(process.env.BENCH_IMPORT_ITEMS ?? 10_000);
const BIG_BYTES = 15 * 1024 * 1024 - 64 * 1024;
const DB_NAME = process.env.BENCH_IMPORT_DATABASE_NAME ?? 'newsdesk_bench_import';
const SERVER_URL = process.env.DATABASE_URL || undefined;
const GOALS = { floorRatio: 1.5, groupRatio: 1.3, peakMb: 150 };

function urlFor(database: string): string {
  const url = new URL(SERVER_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(text: string): Promise<void> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated and seeded database: on the PostgreSQL server of DATABASE_URL, else a PGlite directory. */
async function openBenchDatabase(tag: string): Promise<{ handle: DatabaseHandle; label: string; cleanup: () => Promise<void> }> {
  if (SERVER_URL) {
    const name = tag === 'main' ? DB_NAME : `${DB_NAME}_${tag}`;
    await admin(`drop database if exists "${name}" with (force)`);
    await admin(`create database "${name}"`);
    const handle = createDatabase({ databaseUrl: urlFor(name), dataDir: '/nonexistent' });
    return { handle, label: `PostgreSQL (${name})`, cleanup: async () => undefined };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `newsdesk-bench-import-${tag}-`));
  const handle = createDatabase({ dataDir: dir });
  return { handle, label: `PGlite (${dir})`, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The rows the bench's importers need: the demo seed (users, categories) and one author. */
async function prepare(db: Kysely<Database>) {
  await migrateToLatest(db);
  await seedDemo(db);
  const adminUser = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const categories = await db.selectFrom('categories').select('id').where('parent_id', '=', 8).orderBy('id').limit(2).execute();
  const author = await db.insertInto('authors').values({ name: 'Bench Author' }).returning('id').executeTakeFirstOrThrow();
  const defaults = {
    published: '1',
    date: '1',
    contentType: 'article',
    user: String(adminUser.id),
    use_source_link: '1',
    sourceDomain: '1',
    dateFirstPublished: '1',
    tinyURL: '2',
    imageSource: '1',
    imageCaption: 'Bench',
    country: 'AU',
    state: '7',
    suburb: 'Melbourne',
    latitude: '-37.8',
    longitude: '144.9',
    postcode: '3000',
    mainCategory: String(categories[0]?.id),
    topics: categories.map((c) => c.id),
    tags: [{ title: 'bench' }, { title: 'generated' }],
    authors: [{ id: author.id, name: 'Bench Author' }],
  };
  return { adminUserId: adminUser.id, defaults };
}

const createImporter = (db: Kysely<Database>, defaults: object, title: string, url: string) =>
  db
    .insertInto('importers')
    .values({ title, feed_url: url, plugin: 'rss', schedule: 1, enabled: 1, defaults: JSON.stringify(defaults) })
    .returning(['id', 'title', 'feed_url', 'plugin', 'schedule', 'enabled', 'defaults'])
    .executeTakeFirstOrThrow();

const WORDS = 'city council budget transport school health river bridge market festival police weather sport election housing'.split(' ');
function words(seed: number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i += 1) out += `${WORDS[(seed * 7 + i * 13) % WORDS.length]} `;
  return out.trim();
}

/** An RSS 2.0 feed of `count` items, or as many as fit in `maxBytes`; each item's image is under `imageBase`. */
function generateFeed(prefix: string, count: number, imageBase: string, maxBytes = Infinity): Buffer {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Bench ${prefix}</title><link>https://bench.example/</link><description>Generated</description>\n`;
  const tail = '</channel></rss>\n';
  const parts: string[] = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; i < count; i += 1) {
    const date = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toUTCString();
    const item =
      `<item><title>${prefix} ${i}: ${words(i, 8)}</title><link>https://bench.example/${prefix}/${i}</link>` +
      `<guid isPermaLink="false">${prefix}-${i}</guid><pubDate>${date}</pubDate>` +
      `<description><![CDATA[<p>${words(i, 40)}</p><p><a href="https://bench.example/${prefix}/${i}">Read more</a> ${words(i + 3, 30)}</p>]]></description>` +
      `<media:content url="${imageBase}/${prefix}/${i}.jpg" medium="image"/></item>\n`;
    const bytes = Buffer.byteLength(item);
    if (size + bytes > maxBytes) break;
    parts.push(item);
    size += bytes;
  }
  parts.push(tail);
  return Buffer.from(parts.join(''));
}

/**
 * Every item's image (a different address each, so each is fetched and stored): a 320 × 180 JPEG
 * photo-like gradient of ~10 KB, as a feed's thumbnails are.
 */
async function benchImage(): Promise<Buffer> {
  const width = 320;
  const height = 180;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels.set([(x * 7 + y) & 255, (y * 5) & 255, (x ^ y) & 255], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function serve(feeds: Map<string, Buffer>, image: Buffer): Promise<{ url: (p: string) => string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/img/'))
      return res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length }).end(image);
    const body = feeds.get(req.url ?? '');
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({ url: (p) => `http://127.0.0.1:${port}${p}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Tables an import writes to, whose row counts before and after say what it wrote. */
const WRITTEN_TABLES = [
  'articles',
  'short_links',
  'images',
  'image_files',
  'article_images',
  'article_topics',
  'article_tags',
  'article_authors',
  'import_seen',
  'import_runs',
  'import_state',
  'tags',
  'article_revisions',
] as const;
type RowCounts = Record<(typeof WRITTEN_TABLES)[number], number>;

async function rowCounts(db: Kysely<Database>): Promise<RowCounts> {
  const parts = WRITTEN_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ');
  const result = await sql<RowCounts>`select ${sql.raw(parts)}`.execute(db);
  return result.rows[0]!;
}

function diff(after: RowCounts, before: RowCounts): RowCounts {
  return Object.fromEntries(WRITTEN_TABLES.map((t) => [t, after[t] - before[t]])) as RowCounts;
}

/**
 * The database floor: the rows one import wrote (`wrote`), written again by the database alone —
 * the imported articles' own column values copied into new rows, their images, short links, topic,
 * tag and author links, their revisions (the content built by the import's own expression), dedupe keys and a run record — in one statement of data-modifying CTEs
 * inside a transaction that is rolled back. Returns the time and the rows it wrote.
 */
async function databaseFloor(
  db: Kysely<Database>,
  importedIds: number[],
  wrote: RowCounts,
  floorImporterId: number,
): Promise<{ ms: number; rows: RowCounts }> {
  const n = importedIds.length;
  const per = (table: keyof RowCounts) => Math.round(wrote[table] / n);
  const sample = importedIds[0]!;
  const linked = async (table: 'article_topics' | 'article_tags' | 'article_authors', column: string) =>
    (
      await sql<{ id: number }>`select ${sql.ref(column)} as id from ${sql.table(table)} where article_id = ${sample} order by 1`.execute(
        db,
      )
    ).rows.map((r) => r.id);
  const topics = await linked('article_topics', 'category_id');
  const tags = await linked('article_tags', 'tag_id');
  const authors = await linked('article_authors', 'author_id');
  const columns = sql.raw(
    'title, introtext, text, date, reference_date, reference_url, url, thumb, state, access, featured, newsletter, article_type, created_by, ' +
      'use_source_link, videos_at_source, references_at_source, reference_source, country_code, state_id, suburb, latitude, longitude, postcode, main_category_id, catid',
  );
  const columnsOf = (alias: string) =>
    sql.raw(
      String(columns.compile(db).sql)
        .split(', ')
        .map((c) => `${alias}.${c}`)
        .join(', '),
    );
  let result: { ms: number; rows: RowCounts } | null = null;
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await rowCounts(trx);
      const started = performance.now();
      await sql`
        with src as (select a.*, row_number() over (order by a.id) as g from unnest(${importedIds}::int[]) as u(id) join articles a on a.id = u.id),
        img as (
          insert into images (file_name, file_thumbnail, description, created_by)
          select coalesce(s.thumb, ''), s.thumb, 'Bench', s.created_by from src s where s.g <= ${wrote.images}::int returning id
        ),
        img_n as (select id, row_number() over (order by id) as g from img),
        imgf as (
          insert into image_files (image_id, kind, content_type, width, height, size, etag, bytes)
          select i.id, f.kind, f.content_type, f.width, f.height, f.size, f.etag, f.bytes
          from img_n i join src s on s.g = i.g join image_files f on f.image_id = s.main_image
        ),
        sl as (
          insert into short_links (code, url)
          select 'f' || lpad(s.g::text, 7, '0'), s.reference_url from src s where s.g <= ${wrote.short_links}::int returning code
        ),
        art as (
          insert into articles (${columns}, main_image)
          select ${columnsOf('s')}, i.id from src s left join img_n i on i.g = s.g
          returning *
        ),
        rev as (
          insert into article_revisions (article_id, version, source, content)
          select a.id, a.version, 'import', ${importedRevisionContent({ topics, tagIds: tags, authorIds: authors })}
          from art a where ${per('article_revisions')}::int > 0
        ),
        ai as (insert into article_images (article_id, image_id, ordering) select id, main_image, 0 from art where main_image is not null and ${per('article_images')}::int > 0),
        at as (insert into article_topics (article_id, category_id) select a.id, c from art a cross join unnest(${topics}::int[]) c),
        atg as (insert into article_tags (article_id, tag_id, ordering) select a.id, t, o - 1 from art a cross join unnest(${tags}::int[]) with ordinality u(t, o)),
        aa as (insert into article_authors (article_id, author_id, ordering) select a.id, t, o - 1 from art a cross join unnest(${authors}::int[]) with ordinality u(t, o)),
        seen as (
          insert into import_seen (importer_id, key, article_id)
          select ${floorImporterId}::int, 'guid:' || encode(sha256(convert_to('floor' || a.id || ':' || k, 'UTF8')), 'hex'), a.id
          from art a cross join generate_series(1, ${per('import_seen')}::int) k
        ),
        st as (insert into import_state (importer_id, etag, feed_url) values (${floorImporterId}::int, 'floor', 'https://bench.example/floor') returning importer_id)
        insert into import_runs (importer_id, trigger, status, finished, seen, new_items, duplicates, failed)
        select ${floorImporterId}::int, 'manual', 'ok', now(), ${n}::int, ${n}::int, 0, 0`.execute(trx);
      const ms = performance.now() - started;
      result = { ms, rows: diff(await rowCounts(trx), before) };
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (!result) throw error;
    });
  return result!;
}

/** Decode + parse of `bytes`, best of 5 (interleaved, so both see the same machine): as one document, and in groups as an import reads it. */
function parseTimes(bytes: Buffer): { wholeMs: number; groupsMs: number; items: number } {
  const contentType = 'application/rss+xml; charset=utf-8';
  const readInGroups = () => {
    let count = 0;
    for (const group of parseFeedInGroups(decodeBody(bytes, contentType), 'rss', DEFAULT_GROUP_OPTIONS).groups) count += group.length;
    return count;
  };
  parseFeedBody(bytes, contentType, 'rss');
  readInGroups();
  let wholeMs = Infinity;
  let groupsMs = Infinity;
  let items = 0;
  for (let i = 0; i < 5; i += 1) {
    let started = performance.now();
    items = parseFeedBody(bytes, contentType, 'rss').items.length;
    wholeMs = Math.min(wholeMs, performance.now() - started);
    started = performance.now();
    if (readInGroups() !== items) throw new Error('Reading in groups gave another item count');
    groupsMs = Math.min(groupsMs, performance.now() - started);
  }
  return { wholeMs, groupsMs, items };
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

async function main(): Promise<void> {
  const { handle, label, cleanup } = await openBenchDatabase('main');
  const db = handle.db;
  try {
    const { adminUserId, defaults } = await prepare(db);
    void adminUserId;
    const feeds = new Map<string, Buffer>();
    const server = await serve(feeds, await benchImage());
    const small = generateFeed('ten-k', ITEMS, server.url('/img'));
    const big = generateFeed('big', 1_000_000, server.url('/img'), BIG_BYTES);
    feeds
      .set('/10k.xml', small)
      .set('/big.xml', big)
      .set('/warm.xml', generateFeed('warm', 50, server.url('/img')));
    const settings = benchSettings(60_000);
    const importer = (title: string, p: string) => createImporter(db, defaults, title, server.url(p));

    const parse = parseTimes(small);

    // A running API has warm feed readers (pooled worker threads, import/engine/reader.ts): one
    // small import first, as in the memory child below, so the first timed run is not a cold start.
    await runImporter(db, await importer('warm', '/warm.xml'), { simulate: false, trigger: 'manual', settings });

    const tenK = await importer('10k', '/10k.xml');
    const before = await rowCounts(db);
    let started = performance.now();
    let firstTimings: RunTimings | undefined;
    const first = await runImporter(db, tenK, { simulate: false, trigger: 'manual', settings, onTimings: (t) => (firstTimings = t) });
    const importMs = performance.now() - started;
    if (first.outcome.status !== 'ok') throw new Error(`Import failed: ${first.outcome.error}`);
    const wrote = diff(await rowCounts(db), before);

    // Found by search at once: the last item's title phrase, through the article search the API uses.
    const lastTitle = `ten-k ${ITEMS - 1}:`;
    const hits = await articlesRepository.search(db, `"ten-k ${ITEMS - 1}"`, {
      limit: 10,
      offset: 0,
      sort: 'title',
      sortDir: 'ASC',
      strategy: 'exact',
    });
    const found = hits.items.some((item) => item.title.startsWith(lastTitle) && first.items.some((written) => written.id === item.id));

    started = performance.now();
    const second = await runImporter(db, tenK, { simulate: false, trigger: 'manual', settings });
    const againMs = performance.now() - started;
    started = performance.now();
    await runImporter(db, tenK, { simulate: true, trigger: 'manual', settings });
    const simulateMs = performance.now() - started;

    const floorImporter = await importer('floor', '/none.xml');
    const importedIds = first.items.map((item) => item.id);
    const floors = [
      await databaseFloor(db, importedIds, wrote, floorImporter.id),
      await databaseFloor(db, importedIds, wrote, floorImporter.id),
    ];
    const floor = floors[0]!.ms <= floors[1]!.ms ? floors[0]! : floors[1]!;
    const sameRows = WRITTEN_TABLES.every((t) => floor.rows[t] === wrote[t]);

    const memory = await measureMemoryInChild(server.url('/big.xml'), server.url('/warm.xml'));
    await server.close();

    const floorRatio = importMs / floor.ms;
    const groupRatio = parse.groupsMs / parse.wholeMs;
    const above = mb(memory.peak - memory.idle);
    const rowsText = (rows: RowCounts) =>
      WRITTEN_TABLES.filter((t) => rows[t] > 0)
        .map((t) => `${t} ${rows[t].toLocaleString('en')}`)
        .join(', ');
    console.log('');
    console.log(`Feed import on ${label}, Node ${process.version}`);
    console.log(`  feed: ${parse.items.toLocaleString('en')} items, ${mb(small.length)} MiB`);
    console.log(`  parse only (decode + parse + normalise), whole document, best of 5: ${parse.wholeMs.toFixed(0)} ms`);
    console.log(`  import (fetch, parse, map + sanitise, dedupe, write): ${importMs.toFixed(0)} ms`);
    console.log(
      `    created ${first.outcome.created.toLocaleString('en')}, duplicates ${first.outcome.duplicates}, failed ${first.outcome.failed}, ` +
        `images not imported ${first.items.filter((item) => item.image_error_code).length} ` +
        `(${[...new Set(first.items.map((item) => item.image_error_code).filter(Boolean))].join(', ') || 'none'})`,
    );
    console.log(
      `    reader phases (ms, in the worker thread, overlapping the writes): ${Object.entries(firstTimings ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(`    rows written: ${rowsText(wrote)}`);
    console.log(`  database floor (the same rows by INSERT … SELECT, one statement, rolled back), best of 2: ${floor.ms.toFixed(0)} ms`);
    console.log(`    rows written: ${rowsText(floor.rows)}`);
    console.log(
      `  second run (all duplicates): ${againMs.toFixed(0)} ms, created ${second.outcome.created}, duplicates ${second.outcome.duplicates.toLocaleString('en')}`,
    );
    console.log(`  simulation: ${simulateMs.toFixed(0)} ms`);
    console.log(
      `  15 MiB feed: ${mb(big.length)} MiB, ${memory.seen.toLocaleString('en')} items, imported in ${memory.ms.toFixed(0)} ms (${memory.status}), in a child process; RSS idle ${mb(memory.idle)} MB, peak ${mb(memory.peak)} MB`,
    );
    console.log('Goals (issue 13):');
    console.log(`  the floor writes every row the import writes (same tables, indexes, triggers): ${verdict(sameRows)}`);
    console.log(
      `  full import ≤ ${GOALS.floorRatio}× floor: ${importMs.toFixed(0)} / ${floor.ms.toFixed(0)} ms = ${floorRatio.toFixed(2)}× → ${verdict(floorRatio <= GOALS.floorRatio)}`,
    );
    console.log(
      `  reading in groups ≤ ${GOALS.groupRatio}× whole-document parse: ${parse.groupsMs.toFixed(0)} / ${parse.wholeMs.toFixed(0)} ms = ${groupRatio.toFixed(2)}× → ${verdict(groupRatio <= GOALS.groupRatio)}`,
    );
    console.log(`  peak memory, 15 MiB feed ≤ ${GOALS.peakMb} MB above idle: ${above} MB → ${verdict(above <= GOALS.peakMb)}`);
    console.log(`  an imported article is found by search at once ("${lastTitle}…"): ${verdict(found)}`);
  } finally {
    await handle.close();
    await cleanup();
  }
}

function benchSettings(totalTimeoutMs: number): EngineSettings {
  return {
    policy: { allowPrivate: false, allowedNetworks: ['127.0.0.0/8'] },
    maxBytes: 15 * 1024 * 1024,
    totalTimeoutMs,
    connectTimeoutMs: 5_000,
    publicUrl: 'https://nd.example',
    workerHeapMb: Number(process.env.IMPORT_WORKER_HEAP_MB ?? 64),
    singleProcessDatabase: !SERVER_URL,
  };
}

interface MemoryResult {
  idle: number;
  peak: number;
  ms: number;
  seen: number;
  status: string;
}

function measureMemoryInChild(bigUrl: string, warmUrl: string): Promise<MemoryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--conditions=newsdesk-source', '--import', 'tsx', __filename], {
      env: { ...process.env, BENCH_IMPORT_CHILD: JSON.stringify({ bigUrl, warmUrl }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`The memory child exited with ${code}: ${out}`));
      resolve(JSON.parse(line) as MemoryResult);
    });
  });
}

/** The child: its own fresh database, warm up (modules, pool, one small import), settle, then import the big feed. */
async function child(spec: { bigUrl: string; warmUrl: string }): Promise<void> {
  const { handle, cleanup } = await openBenchDatabase('memory');
  try {
    const { defaults } = await prepare(handle.db);
    const settings = benchSettings(120_000);
    await runImporter(handle.db, await createImporter(handle.db, defaults, 'warm', spec.warmUrl), {
      simulate: false,
      trigger: 'manual',
      settings,
    });
    const bigImporter = await createImporter(handle.db, defaults, 'big', spec.bigUrl);
    gc();
    await new Promise((r) => setTimeout(r, 300));
    gc();
    const idle = process.memoryUsage().rss;
    const started = performance.now();
    const run = await runImporter(handle.db, bigImporter, { simulate: false, trigger: 'manual', settings });
    const ms = performance.now() - started;
    const peak = Math.max(process.resourceUsage().maxRSS * 1024, process.memoryUsage().rss);
    process.stdout.write(
      `${JSON.stringify({ idle, peak, ms, seen: run.outcome.seen, status: run.outcome.error ?? run.outcome.status })}\n`,
    );
  } finally {
    await handle.close();
    await cleanup();
  }
}

const childSpec = process.env.BENCH_IMPORT_CHILD;
(childSpec ? child(JSON.parse(childSpec)) : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
