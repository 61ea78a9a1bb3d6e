import { sql } from 'kysely';
import { webhooksRepository } from '../src/repositories/webhooks';
import { newSecret } from '../src/services/webhooks';
import { describeTwoProcessesOnPostgres } from './helpers';
import { startReceiver } from './webhook-receiver';

const SUBSCRIPTIONS = 3;
const EVENTS = 300;

/**
 * Two API processes on one PostgreSQL, both running the delivery worker: every event reaches every
 * subscription once (claims with `for update skip locked`), signed, and soon after it committed.
 */
describeTwoProcessesOnPostgres(
  'webhook delivery across API processes',
  { webhookWorker: true, webhookWorkerTickMs: 100, importAllowPrivateHosts: true },
  (processes) => {
    it(`delivers ${EVENTS} events to ${SUBSCRIPTIONS} subscriptions once each`, async () => {
      const receiver = await startReceiver();
      try {
        const db = processes.a.db;
        for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
          const secret = newSecret();
          receiver.expectSecret(`/s${index}`, secret);
          await webhooksRepository.insert(db, {
            name: `S${index}`,
            url: receiver.url(`/s${index}`),
            events: ['article.published'],
            format: 'standard',
            enabled: true,
            secret,
          });
        }
        const committed = new Map<string, number>();
        for (let index = 0; index < EVENTS; index += 1) {
          await (index % 2 ? processes.a : processes.b).db
            .transaction()
            .execute((trx) =>
              webhooksRepository.enqueue(trx, 'article.published', { id: index, title: `Story ${index}`, state: 1, version: 1 }),
            );
          const { rows } = await sql<{ id: string }>`select max(id) as id from webhook_events`.execute(db);
          committed.set(`msg_${rows[0]!.id}`, Date.now());
        }
        const expected = EVENTS * SUBSCRIPTIONS;
        const started = Date.now();
        while (receiver.received.length < expected && Date.now() - started < 60_000)
          await new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => setTimeout(resolve, 500)); // a double delivery would arrive by now

        expect(receiver.received).toHaveLength(expected);
        const keys = new Set(receiver.received.map((entry) => `${entry.path} ${entry.headers['webhook-id']}`));
        expect(keys.size).toBe(expected);
        expect(receiver.received.every((entry) => entry.verified)).toBe(true);
        const { rows } = await sql<{ status: string; attempts: number; n: string }>`
          select status, attempts, count(*) as n from webhook_deliveries group by status, attempts`.execute(db);
        expect(rows.map((row) => [row.status, row.attempts, Number(row.n)])).toEqual([['delivered', 1, expected]]);
        const lags = receiver.received
          .map((entry) => entry.at - (committed.get(entry.headers['webhook-id'] as string) ?? entry.at))
          .sort((x, y) => x - y);
        const p95 = lags[Math.floor(lags.length * 0.95)]!;
        console.log(`webhooks across processes: ${expected} deliveries, committed → received p95 ${p95} ms`);
        expect(p95).toBeLessThan(2_000);
      } finally {
        await receiver.close();
      }
    }, 90_000);
  },
);
