/**
 * `npm run bench:api`: the article portal API on PostgreSQL with a large data set.
 *
 * 1. Creates the database `newsdesk_bench` (BENCH_DATABASE_NAME) on the server of BENCH_DATABASE_URL,
 *    else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; migrates it and seeds
 *    1,000,000 generated articles (BENCH_ARTICLES), or reuses them when that many are there already.
 * 2. Starts the API in this process on a loopback port and measures p50/p95 latency (sequential
 *    requests over one keep-alive connection, after a warm-up) of the list with each filter alone and
 *    all combined (limit 20), the full-text search and the title search.
 * 3. Measures requests/second of the default list and of a bare node:http server answering the same
 *    JSON, with autocannon in a child process (BENCH_SECONDS each, default 10, 10 connections): the
 *    list without its response cache (the database's share) and with it (LIST_CACHE_MS, default
 *    1000 as in production; the goal is measured on this one). Latencies (2.) run without the cache.
 * 4. Prints the plans (EXPLAIN ANALYZE) of the SQL the list and the searches run: which indexes, how long.
 *
 * 5. Deep pages: the page at offset total / 2 against the first page, in id and title order, through
 *    the API (seek from a cached boundary), first visits of distinct deep offsets (the boundary found by
 *    an index-only skip), and the same page read by OFFSET as before the seek (repository, for reference).
 *
 * Options: --fresh (drop and recreate the database), --plans (print whole plans), --no-load (skip 3),
 * --load-only (only 3, for repeated throughput runs), --deep-only (only 5; BENCH_ARTICLES=200000 gives
 * the figure of "offset 100,000 of 200,000").
 * Goals: list p95 ≤ 10 ms, search p95 ≤ 30 ms, default list throughput ≥ half the bare server's.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import { Client, Pool } from 'pg';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { seedDemo } from '../src/db/seed';
import { bulkArticleCount, seedBulkArticles } from '../src/db/seed-articles';
import { articlesRepository, type ArticleFilter } from '../src/repositories/articles';

const args = new Set(process.argv.slice(2));
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARMUP = 30;
const DB_NAME = process.env.BENCH_DATABASE_NAME ?? 'newsdesk_bench';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIST_CACHE_MS = Number(process.env.LIST_CACHE_MS ?? 1000);
const GOALS = { listP95: 10, searchP95: 30, throughputRatio: 0.5 };

function urlFor(database: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(sql: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function prepareDatabase(): Promise<string> {
  const exists = (await admin('select 1 from pg_database where datname = $1', [DB_NAME])).length > 0;
  if (exists && args.has('--fresh')) {
    await admin(`drop database "${DB_NAME}" with (force)`);
  }
  if (!exists || args.has('--fresh')) {
    await admin(`create database "${DB_NAME}"`);
    console.log(`Created database ${DB_NAME}`);
  }
  const url = urlFor(DB_NAME);
  const handle = createDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    const have = await bulkArticleCount(handle.db);
    if (have === ARTICLES) {
      console.log(`Reusing ${ARTICLES.toLocaleString('en')} generated articles in ${DB_NAME}`);
    } else {
      console.log(`Seeding ${ARTICLES.toLocaleString('en')} articles into ${DB_NAME} …`);
      await seedBulkArticles(handle.db, ARTICLES, { log: (line) => console.log(`  ${line}`) });
    }
  } finally {
    await handle.close();
  }
  return url;
}

// ---------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(port: number, path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers: { authentication: token } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Latency {
  name: string;
  path: string;
  total: number;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  goal: number;
}

async function measure(port: number, token: string, name: string, path: string, goal: number): Promise<Latency> {
  const first = await request(port, path, token);
  if (first.status !== 200) throw new Error(`${path}: HTTP ${first.status} ${first.body}`);
  const total = (JSON.parse(first.body) as { total: number }).total;
  for (let i = 0; i < WARMUP; i += 1) await request(port, path, token);
  const times: number[] = [];
  const started = Date.now();
  // SAMPLES requests, or fewer (at least 50) when a slow scenario would take more than 15 s.
  for (let i = 0; i < SAMPLES && (i < 50 || Date.now() - started < 15_000); i += 1) {
    const start = process.hrtime.bigint();
    const response = await request(port, path, token);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    path,
    total,
    samples: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1] as number,
    goal,
  };
}

/** p50/p95 of `runs` timed calls (ms). */
async function timed(runs: number, call: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    await call(i);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** 5.: the page at offset total / 2 against the first page (goal: p95 ≤ 2 × the first page's). */
async function deepPages(db: Kysely<Database>, port: number, token: string): Promise<void> {
  const first = await request(port, '/api/portal/articles?limit=20', token);
  const total = (JSON.parse(first.body) as { total: number }).total;
  const mid = Math.floor(total / 2 / 20) * 20;
  console.log(`\nDeep pages: offset ${mid.toLocaleString('en')} of ${total.toLocaleString('en')} (ms; goal p95 ≤ 2 × first page)`);
  for (const [sort, sortDir] of [
    ['id', 'DESC'],
    ['title', 'ASC'],
  ] as const) {
    const order = `sort=${sort}&sortDir=${sortDir}`;
    const firstPage = await measure(port, token, `${order} first page`, `/api/portal/articles?limit=20&${order}`, GOALS.listP95);
    const deep = await measure(
      port,
      token,
      `${order} offset ${mid}`,
      `/api/portal/articles?limit=20&${order}&limitStart=${mid}`,
      2 * firstPage.p95,
    );
    // First visits: a distinct deep offset each time (no boundary cached for it or near it).
    const cold = await timed(20, (i) => request(port, `/api/portal/articles?limit=20&${order}&limitStart=${mid + 1_013 * (i + 1)}`, token));
    const query = { filter: {}, limit: 20, offset: mid, sort, sortDir } as const;
    const byOffset = await timed(10, () => articlesRepository.list(db, query, { seekFromOffset: false }));
    const verdict = deep.p95 <= 2 * firstPage.p95 ? 'ok' : 'MISSED';
    console.log(`  ${order}: first page p50 ${firstPage.p50.toFixed(2)} p95 ${firstPage.p95.toFixed(2)}`);
    console.log(
      `  ${order}: offset ${mid} p50 ${deep.p50.toFixed(2)} p95 ${deep.p95.toFixed(2)}  (≤ ${(2 * firstPage.p95).toFixed(2)} ${verdict})`,
    );
    console.log(`  ${order}: first visits of other deep offsets p50 ${cold.p50.toFixed(2)} p95 ${cold.p95.toFixed(2)}`);
    console.log(`  ${order}: same page by OFFSET (before; repository) p50 ${byOffset.p50.toFixed(2)} p95 ${byOffset.p95.toFixed(2)}`);
  }
}

function autocannon(url: string, token?: string): Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number }> {
  const cli = require.resolve('autocannon');
  const argv = [cli, '--json', '-c', '10', '-d', String(SECONDS), ...(token ? ['-H', `authentication=${token}`] : []), url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        errors: number;
        non2xx: number;
      };
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------

/** Runs the repository with a logging Kysely to get the exact SQL, then EXPLAIN ANALYZEs it. */
async function plans(url: string, cases: Array<[string, (db: Kysely<Database>) => Promise<unknown>]>): Promise<void> {
  const captured: CompiledQuery[] = [];
  const pool = new Pool({ connectionString: url, max: 2 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  try {
    for (const [name, run] of cases) {
      captured.length = 0;
      await run(db);
      console.log(`\n${name}`);
      for (const query of [...captured]) {
        // Statements EXPLAIN cannot wrap: the planner's row estimates (already an EXPLAIN) and settings.
        if (/^\s*(explain|set|reset|show|begin|commit|rollback)\b/i.test(query.sql)) {
          console.log(`  ${'estimate / setting'.padEnd(22)} ${'-'.padStart(10)}  ${query.sql.replace(/\s+/g, ' ').trim().slice(0, 60)}`);
          continue;
        }
        const { rows } = await pool.query(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]);
        const lines = rows.map((row: Record<string, string>) => row['QUERY PLAN'] as string);
        const kind = /window_hits/.test(query.sql)
          ? 'id window (page)'
          : /walk_hits/.test(query.sql)
            ? 'walk, counted (page)'
            : /count\(\*\) as n from \(select 1/.test(query.sql)
              ? 'capped count'
              : /article_(counts|totals)/.test(query.sql)
                ? `total (${/article_totals/.test(query.sql) ? 'article_totals' : 'article_counts'})`
                : /count\(\*\) over/.test(query.sql)
                  ? 'page + total'
                  : /count\(/.test(query.sql)
                    ? 'total'
                    : /recursive|from authors|pg_class/.test(query.sql)
                      ? 'lookup'
                      : 'page';
        if (args.has('--plans')) {
          console.log(`  [${kind}] ${query.sql.replace(/\s+/g, ' ').slice(0, 160)}…`);
          for (const line of lines) console.log(`    ${line}`);
        } else {
          const scans = [
            ...new Set(
              lines
                .map(
                  (line) =>
                    line.match(
                      /((?:Parallel )?(?:Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: using| on) \S+)/,
                    )?.[1],
                )
                .filter(Boolean),
            ),
          ];
          const time = lines.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '');
          console.log(`  ${kind.padEnd(22)} ${String(time).padStart(10)}  ${scans.join(', ')}`);
        }
      }
    }
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(`Host: ${os.cpus().length} CPUs, load average ${load} (other work on the machine skews the figures)`);
  const url = await prepareDatabase();
  // Without the list cache: the latencies below measure the database, not the cache.
  const app = await buildApp({ config: { databaseUrl: url, demo: false, logLevel: 'silent', listCacheMs: 0 }, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  // As configured in production (LIST_CACHE_MS): for the throughput goal.
  const cached = await buildApp({
    config: { databaseUrl: url, demo: false, logLevel: 'silent', listCacheMs: LIST_CACHE_MS },
    logger: false,
  });
  await cached.listen({ host: '127.0.0.1', port: 0 });
  const cachedPort = (cached.server.address() as AddressInfo).port;
  try {
    const login = await app.inject({ method: 'POST', url: '/api/v2/session', payload: { username: 'admin', password: 'admin-demo' } });
    const token = (login.json() as { data: { auth: string } }).data.auth;

    // Filter values from the data: a busy writer, an author and her name, a section and a leaf.
    const writer = (await app.db.selectFrom('users').select('id').where('username', '=', 'writer07').executeTakeFirstOrThrow()).id;
    const author = await app.db.selectFrom('authors').select(['id', 'name']).where('name', '=', 'Lena Costa').executeTakeFirstOrThrow();
    const combined = `category=200&user=${writer}&status=1&search=${encodeURIComponent('millbrook tunnel')}&author=${author.id}&featured=0`;
    const q = encodeURIComponent;

    if (!args.has('--load-only')) await deepPages(app.db, port, token);
    if (args.has('--deep-only')) return;

    if (!args.has('--load-only') && !args.has('--deep-only')) {
      console.log(`\nLatency: ${SAMPLES} sequential requests each after ${WARMUP} warm-up, one keep-alive connection (ms)`);
      const scenarios: Array<[string, string, number]> = [
        ['list default (id DESC)', 'limit=20', GOALS.listP95],
        ['list category=200 (section + subtree)', 'limit=20&category=200', GOALS.listP95],
        ['list category=202 (leaf)', 'limit=20&category=202', GOALS.listP95],
        [`list user=${writer}`, `limit=20&user=${writer}`, GOALS.listP95],
        ['list status=4', 'limit=20&status=4', GOALS.listP95],
        ['list status=-1 (Other)', 'limit=20&status=-1', GOALS.listP95],
        ['list search="millbrook tunnel"', `limit=20&search=${q('millbrook tunnel')}`, GOALS.listP95],
        ['list search=kingsford (0.3 %)', 'limit=20&search=kingsford', GOALS.listP95],
        ['list search=zanzibar (no hit)', 'limit=20&search=zanzibar', GOALS.listP95],
        ['list search="energy storage" (2 %)', `limit=20&search=${q('energy storage')}`, GOALS.listP95],
        [`list author=${author.id}`, `limit=20&author=${author.id}`, GOALS.listP95],
        [`list author="${author.name.toLowerCase()}" (name)`, `limit=20&author=${q(author.name.toLowerCase())}`, GOALS.listP95],
        ['list author=costa (name of 20 authors)', 'limit=20&author=costa', GOALS.listP95],
        ['list featured=1', 'limit=20&featured=1', GOALS.listP95],
        ['list all six filters', `limit=20&${combined}`, GOALS.listP95],
        ['list category=100&status=1&featured=1', 'limit=20&category=100&status=1&featured=1', GOALS.listP95],
        ['list sort=title ASC', 'limit=20&sort=title&sortDir=ASC', GOALS.listP95],
        ['list sort=submitter ASC', 'limit=20&sort=submitter&sortDir=ASC', GOALS.listP95],
        ['list last page (limitStart=total-20)', `limit=20&limitStart=${ARTICLES - 20}`, GOALS.listP95],
      ];
      const results: Latency[] = [];
      for (const [name, query, goal] of scenarios) results.push(await measure(port, token, name, `/api/portal/articles?${query}`, goal));
      const searches: Array<[string, string]> = [
        ['search term="millbrook tunnel"', `/api/portal/articles/search?limit=20&term=${q('millbrook tunnel')}`],
        ['search term=ashford sort=title', '/api/portal/articles/search?limit=20&sort=title&sortDir=ASC&term=ashford'],
        ['search term="energy storage" (2 %)', `/api/portal/articles/search?limit=20&term=${q('energy storage')}`],
        ['search term=lawmakers (2.5 %)', '/api/portal/articles/search?limit=20&term=lawmakers'],
        ['search-title term="millbrook tunnel"', `/api/portal/articles/search-title?limit=20&term=${q('millbrook tunnel')}`],
        ['search-title term=ashford', '/api/portal/articles/search-title?limit=20&term=ashford'],
        ['search-title term="flood barrier" (2 %)', `/api/portal/articles/search-title?limit=20&term=${q('flood barrier')}`],
        ['search-title term=fishermen (2.5 %)', '/api/portal/articles/search-title?limit=20&term=fishermen'],
      ];
      for (const [name, path] of searches) results.push(await measure(port, token, name, path, GOALS.searchP95));

      const width = Math.max(...results.map((result) => result.name.length));
      console.log(
        `${'scenario'.padEnd(width)}  ${'total'.padStart(9)}  ${'n'.padStart(4)}  ${'p50'.padStart(7)}  ${'p95'.padStart(7)}  ${'max'.padStart(7)}  goal p95`,
      );
      for (const r of results) {
        const verdict = r.p95 <= r.goal ? 'ok' : 'MISSED';
        console.log(
          `${r.name.padEnd(width)}  ${String(r.total).padStart(9)}  ${String(r.samples).padStart(4)}  ${r.p50.toFixed(2).padStart(7)}  ${r.p95.toFixed(2).padStart(7)}  ${r.max.toFixed(2).padStart(7)}  ≤ ${r.goal} ${verdict}`,
        );
      }
    }

    if (!args.has('--no-load') && !args.has('--deep-only')) {
      const sample = await request(port, '/api/portal/articles', token);
      const bare = http.createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(sample.body) });
        res.end(sample.body);
      });
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
      const barePort = (bare.address() as AddressInfo).port;
      console.log(`\nThroughput: autocannon, 10 connections, ${SECONDS} s each (child process), loopback`);
      // The goal's pair back to back (the machine's load drifts); the uncached list after them, as its
      // database backlog would slow whatever runs next.
      const base = await autocannon(`http://127.0.0.1:${barePort}/`);
      const api = await autocannon(`http://127.0.0.1:${cachedPort}/api/portal/articles`, token);
      await new Promise((resolve) => bare.close(resolve));
      const uncached = await autocannon(`http://127.0.0.1:${port}/api/portal/articles`, token);
      // Where the time goes: the same app without the database, and with the session lookup only.
      const health = await autocannon(`http://127.0.0.1:${port}/api/health`);
      const user = await autocannon(`http://127.0.0.1:${port}/api/v2/user`, token);
      const ratio = api.rps / base.rps;
      const line = (label: string, r: { rps: number; p50: number; p99: number; errors: number; non2xx: number }) =>
        console.log(
          `${label.padEnd(52)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  non-2xx ${r.non2xx}`,
        );
      line('API  GET /api/portal/articles (list, no cache)', uncached);
      line(`API  GET /api/portal/articles (LIST_CACHE_MS=${LIST_CACHE_MS})`, api);
      line('bare node:http answering the same JSON', base);
      line('API  GET /api/health (no session, no query)', health);
      line('API  GET /api/v2/user (session lookup query only)', user);
      console.log(
        `ratio list / bare ${(ratio * 100).toFixed(1)}% (goal ≥ ${GOALS.throughputRatio * 100}%) ${ratio >= GOALS.throughputRatio ? 'ok' : 'MISSED'}`,
      );
    }

    if (args.has('--load-only')) return;
    console.log('\nPlans (EXPLAIN ANALYZE of the SQL the repository runs): execution time, scans used');
    const filter = async (db: Kysely<Database>, f: ArticleFilter & { category?: number }) => {
      const { category, ...rest } = f;
      if (category !== undefined) rest.categoryIds = await articlesRepository.categorySubtree(db, category);
      return articlesRepository.list(db, { filter: rest, limit: 20, offset: 0, sort: 'id', sortDir: 'DESC' });
    };
    const search = { limit: 20, offset: 0, sort: 'modified' as const, sortDir: 'DESC' as const };
    await plans(url, [
      ['list default', (db) => filter(db, {})],
      ['list category=200', (db) => filter(db, { category: 200 })],
      [`list user=${writer}`, (db) => filter(db, { createdBy: writer })],
      ['list status=4', (db) => filter(db, { state: 4 })],
      ['list search="millbrook tunnel"', (db) => filter(db, { search: 'millbrook tunnel' })],
      ['list search="energy storage" (2 %)', (db) => filter(db, { search: 'energy storage' })],
      ['list search=kingsford (0.3 %)', (db) => filter(db, { search: 'kingsford' })],
      [`list author=${author.id}`, (db) => filter(db, { authorIds: [author.id] })],
      [
        'list author=costa (name of 20 authors)',
        async (db) => filter(db, { authorIds: await articlesRepository.authorIdsByName(db, 'costa') }),
      ],
      ['list featured=1', (db) => filter(db, { featured: 1 })],
      [
        'list all six filters',
        (db) => filter(db, { category: 200, createdBy: writer, state: 1, search: 'millbrook tunnel', authorIds: [author.id], featured: 0 }),
      ],
      ['list sort=submitter', (db) => articlesRepository.list(db, { filter: {}, limit: 20, offset: 0, sort: 'submitter', sortDir: 'ASC' })],
      ['search "millbrook tunnel"', (db) => articlesRepository.search(db, 'millbrook tunnel', search)],
      ['search "energy storage" (2 %)', (db) => articlesRepository.search(db, 'energy storage', search)],
      ['search-title "millbrook tunnel"', (db) => articlesRepository.searchTitle(db, ['millbrook', 'tunnel'], search)],
      ['search-title "flood barrier" (2 %)', (db) => articlesRepository.searchTitle(db, ['flood', 'barrier'], search)],
    ]);
  } finally {
    agent.destroy();
    await app.close();
    await cached.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
