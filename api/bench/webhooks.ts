/**
 * `npm run bench:webhooks`: change committed → webhook received, with two API processes.
 *
 * Database: a fresh PostgreSQL database `newsdesk_bench_webhooks` (BENCH_WEBHOOKS_DATABASE_NAME) on the
 * server of BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 *
 * 1. Starts two API processes (child processes running the app with the delivery worker on, a 100 ms
 *    tick) and a receiver on loopback that verifies every request with the `standardwebhooks` verifier.
 * 2. Makes 3 subscriptions, then commits 1,000 events (BENCH_WEBHOOK_EVENTS), each in its own
 *    transaction through the outbox, and one change in ten that rolls back.
 * 3. With --chaos: kills one API process with SIGKILL at half way and starts it again.
 * Prints committed → received p50 / p95 / max, lost and double deliveries, bad signatures and events
 * of rolled-back changes. Goals: p95 ≤ 2 s; 0 lost; 0 double; 0 rolled back received.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { webhooksRepository } from '../src/repositories/webhooks';
import { newSecret } from '../src/services/webhooks';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const SUBSCRIPTIONS = 3;
const DB_NAME = process.env.BENCH_WEBHOOKS_DATABASE_NAME ?? 'newsdesk_bench_webhooks';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CHAOS = process.argv.includes('--chaos');

function urlFor(database: string): string {
  const url = new URL(SERVER_URL);
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

/** A child: one API process with the delivery worker, until killed. */
async function runWorkerProcess(databaseUrl: string): Promise<void> {
  const app = await buildApp({
    config: { databaseUrl, demo: false, webhookWorker: true, webhookWorkerTickMs: 100, importAllowPrivateHosts: true },
    logger: false,
  });
  await app.ready();
  process.stdout.write('ready\n');
}

function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=newsdesk-source', '--import', 'tsx', __filename, '--worker', databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`API process exited (${code})`)));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  await admin(`drop database if exists "${DB_NAME}" with (force)`);
  await admin(`create database "${DB_NAME}"`);
  const databaseUrl = urlFor(DB_NAME);
  const handle = createDatabase({ databaseUrl, dataDir: '/nonexistent' });
  const db = handle.db;
  await migrateToLatest(db);

  const secrets = new Map<string, string>();
  const received = new Map<string, number[]>();
  let badSignatures = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
      try {
        new Webhook(secrets.get(request.url ?? '') ?? '').verify(Buffer.concat(chunks).toString('utf8'), headers);
      } catch {
        badSignatures += 1;
      }
      const key = `${request.url} ${headers['webhook-id']}`;
      received.set(key, [...(received.get(key) ?? []), at]);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
    const secret = newSecret();
    secrets.set(`/s${index}`, secret);
    await webhooksRepository.insert(db, {
      name: `S${index}`,
      url: `http://127.0.0.1:${port}/s${index}`,
      events: ['article.published', 'article.unpublished'],
      format: 'standard',
      enabled: true,
      secret,
    });
  }

  const workers = [await startWorker(databaseUrl), await startWorker(databaseUrl)];
  console.log(`Two API processes up; committing ${EVENTS} events to ${SUBSCRIPTIONS} subscriptions${CHAOS ? ' (--chaos)' : ''}`);
  const committed = new Map<string, number>();
  let rolledBackChanges = 0;
  for (let index = 0; index < EVENTS; index += 1) {
    const id = await db.transaction().execute(async (trx) => {
      await webhooksRepository.enqueue(trx, 'article.published', { id: index, title: `Story ${index}`, state: 1, version: 1 });
      return (await sql<{ id: string }>`select max(id) as id from webhook_events`.execute(trx)).rows[0]!.id;
    });
    committed.set(`msg_${id}`, Date.now());
    if (index % 10 === 0) {
      rolledBackChanges += 1;
      await db
        .transaction()
        .execute(async (trx) => {
          await webhooksRepository.enqueue(trx, 'article.unpublished', { id: index, title: 'Rolled back', state: 0, version: 1 });
          throw new Error('roll back');
        })
        .catch(() => undefined);
    }
    if (CHAOS && index === Math.floor(EVENTS / 2)) {
      workers[0]!.removeAllListeners('exit');
      workers[0]!.kill('SIGKILL');
      workers[0] = await startWorker(databaseUrl);
      console.log('Killed one API process (SIGKILL) at half way and started it again');
    }
  }

  const expected = EVENTS * SUBSCRIPTIONS;
  const started = Date.now();
  while (received.size < expected && Date.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // late doubles arrive by now

  const lags: number[] = [];
  let doubles = 0;
  let rolledBack = 0;
  for (const [key, times] of received) {
    const messageId = key.split(' ')[1]!;
    const at = committed.get(messageId);
    if (at === undefined) rolledBack += 1;
    else lags.push(times[0]! - at);
    doubles += times.length - 1;
  }
  lags.sort((a, b) => a - b);
  const lost = expected - lags.length;
  const p95 = percentile(lags, 95);
  console.log(`Deliveries: ${lags.length} of ${expected}; ${rolledBackChanges} rolled-back changes`);
  console.log(`committed → received: p50 ${percentile(lags, 50)} ms, p95 ${p95} ms, max ${lags.at(-1) ?? 0} ms`);
  console.log(`lost ${lost}, double ${doubles}, bad signatures ${badSignatures}, rolled back received ${rolledBack}`);
  const met = p95 <= 2000 && lost === 0 && doubles === 0 && rolledBack === 0 && badSignatures === 0;
  console.log(`Goal (p95 ≤ 2 s, 0 lost, 0 double, 0 rolled back): ${met ? 'met' : 'not met'}`);

  for (const worker of workers) {
    worker.removeAllListeners('exit');
    worker.kill('SIGTERM');
  }
  server.close();
  await handle.close();
  process.exitCode = met ? 0 : 1;
}

if (process.argv.includes('--worker')) {
  void runWorkerProcess(process.argv[process.argv.indexOf('--worker') + 1]!);
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
