import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { STRICT_POLICY } from '../src/lib/address-guard';
import { recordActivity } from '../src/services/activity';
import { runDueDeliveries, webhookSender } from '../src/services/webhook-delivery';
import { webhooksService } from '../src/services/webhooks';
import { body, describeEachDatabase, type DemoUsername } from './helpers';
import { startReceiver } from './webhook-receiver';

const OPEN_POLICY = { allowPrivate: true, allowedNetworks: [] };

describeEachDatabase(
  'webhooks',
  (ctx) => {
    const tokens = {} as Record<DemoUsername, string>;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    const failFirst = new Set<string>();
    beforeAll(async () => {
      for (const username of ['submitter', 'approver', 'admin'] as const) tokens[username] = await ctx.login(username);
      receiver = await startReceiver({ status: (path, count) => (failFirst.has(path) && count === 1 ? 500 : 200) });
    });
    afterAll(() => receiver?.close());

    const call = (username: DemoUsername, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx.inject({ method, url, headers: { authentication: tokens[username] }, ...(payload ? { payload } : {}) });
    const sender = () => webhookSender(OPEN_POLICY);
    const tick = async () => {
      const send = sender();
      try {
        return await runDueDeliveries(ctx.app.db, send);
      } finally {
        await send.close();
      }
    };
    const count = async (table: 'webhook_events' | 'webhook_deliveries') =>
      Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.app.db)).rows[0]!.n);
    const articleIn = async (state: number) =>
      (await ctx.app.db.selectFrom('articles').select('id').where('state', '=', state).orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    const create = async (path: string, extra: object = {}) => {
      const response = await call('admin', 'POST', '/api/v2/webhooks', {
        name: `Portal ${path}`,
        url: receiver.url(path),
        events: ['article.published', 'article.unpublished', 'article.updated'],
        ...extra,
      });
      expect(response.statusCode).toBe(200);
      const webhook = body(response).data;
      receiver.expectSecret(path, webhook.secret);
      return webhook;
    };

    it('manages subscriptions with manage_webhooks: create, list, stale save 409, delete; others 403', async () => {
      const webhook = await create('/crud');
      expect(webhook).toMatchObject({ name: 'Portal /crud', format: 'standard', enabled: true, version: 1 });
      expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(body(await call('admin', 'GET', '/api/v2/webhooks')).data.map((each: { id: number }) => each.id)).toContain(webhook.id);
      const saved = await call('admin', 'POST', `/api/v2/webhooks/${webhook.id}`, { version: 1, enabled: false, rotate_secret: true });
      expect(body(saved).data).toMatchObject({ enabled: false, version: 2 });
      expect(body(saved).data.secret).not.toBe(webhook.secret);
      const stale = await call('admin', 'POST', `/api/v2/webhooks/${webhook.id}`, { version: 1, name: 'Late' });
      expect(stale.statusCode).toBe(409);
      expect(body(stale).data.error).toBe('webhook_stale_version');
      const refused = await call('submitter', 'GET', '/api/v2/webhooks');
      expect(refused.statusCode).toBe(403);
      expect(body(refused).data).toMatchObject({ error: 'no_right', params: { right: 'manage_webhooks' } });
      expect((await call('admin', 'DELETE', `/api/v2/webhooks/${webhook.id}?version=1`)).statusCode).toBe(409);
      expect((await call('admin', 'DELETE', `/api/v2/webhooks/${webhook.id}?version=2`)).statusCode).toBe(200);
      expect((await call('admin', 'GET', `/api/v2/webhooks/${webhook.id}`)).statusCode).toBe(404);
      const logged = body(await call('admin', 'GET', `/api/v2/activity?entity=webhook&entity_id=${webhook.id}`)).data;
      expect(logged.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update', 'create']);
      expect(logged[1]).toMatchObject({ changes: { enabled: { from: true, to: false } }, details: { secret_rotated: true } });
      expect(JSON.stringify(logged)).not.toContain('whsec_');
      const scheme = await call('admin', 'POST', '/api/v2/webhooks', { name: 'X', url: 'ftp://example.com/', events: ['import.failed'] });
      expect(body(scheme).data).toMatchObject({ error: 'webhook_bad_url', field: 'url' });
    });

    it('refuses private and loopback targets when saved and when sent (SSRF guard)', async () => {
      const strict = webhooksService(ctx.app.db, STRICT_POLICY);
      for (const url of ['http://127.0.0.1:8080/', 'http://10.0.0.5/', 'http://[::1]/', 'http://169.254.169.254/latest'])
        await expect(strict.create(1, { name: 'Inside', url, events: ['article.published'] })).rejects.toMatchObject({
          statusCode: 400,
          code: 'webhook_refused_address',
        });
      // A host name is judged by the addresses it resolves to, when the delivery connects.
      const before = receiver.received.length;
      const result = await webhookSender(STRICT_POLICY).send({
        id: 1,
        eventId: 1,
        type: 'article.published',
        payload: {},
        createdAt: new Date(),
        url: `http://localhost:${receiver.port}/ssrf`,
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        format: 'standard',
        attempts: 1,
      });
      expect(result).toMatchObject({ statusCode: null, error: expect.stringMatching(/^Refused to send to localhost \(.*\): loopback/) });
      expect(receiver.received.length).toBe(before);
    });

    it('sends a publish as a signed event the library verifies, and logs the delivery', async () => {
      const webhook = await create('/signed');
      const id = await articleIn(0);
      const published = await call('admin', 'POST', '/api/portal/article/update', { id, field: 'state', value: 1 });
      expect(published.statusCode).toBe(200);
      expect(await tick()).toBeGreaterThan(0);
      const got = receiver.received.filter((entry) => entry.path === '/signed');
      expect(got).toHaveLength(1);
      expect(got[0]!.verified).toBe(true);
      expect(got[0]!.headers['webhook-id']).toMatch(/^msg_\d+$/);
      expect(JSON.parse(got[0]!.body)).toMatchObject({ type: 'article.published', data: { id, state: 1 } });
      const log = body(await call('admin', 'GET', `/api/v2/webhooks/${webhook.id}/deliveries`)).data;
      expect(log[0]).toMatchObject({ event: 'article.published', status: 'delivered', attempts: 1, last_status_code: 200 });
      expect(log[0].tries).toEqual([{ at: expect.any(String), status_code: 200, response_ms: expect.any(Number), error: null }]);
      // A tampered body does not verify.
      expect(() => new Webhook(webhook.secret).verify(got[0]!.body + ' ', got[0]!.headers)).toThrow();

      await call('admin', 'POST', '/api/portal/article/update', { id, field: 'state', value: 0 });
      await tick();
      const events = receiver.received.filter((entry) => entry.path === '/signed').map((entry) => JSON.parse(entry.body).type);
      expect(events).toEqual(['article.published', 'article.unpublished']);
      await call('admin', 'DELETE', `/api/v2/webhooks/${webhook.id}?version=1`);
    });

    it('writes events in the transaction of the change: a rolled-back or refused change sends nothing', async () => {
      const webhook = await create('/atomic');
      const id = await articleIn(0);
      const [events, deliveries] = [await count('webhook_events'), await count('webhook_deliveries')];
      await expect(
        ctx.app.db.transaction().execute(async (trx) => {
          await trx.updateTable('articles').set({ state: 1 }).where('id', '=', id).execute();
          await recordActivity(trx, {
            actorId: null,
            entity: 'article',
            entityId: id,
            action: 'update',
            changes: { state: { from: 0, to: 1 } },
          });
          const inside = Number((await sql<{ n: string }>`select count(*) as n from webhook_deliveries`.execute(trx)).rows[0]!.n);
          expect(inside).toBe(deliveries + 1);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const refused = await call('submitter', 'POST', '/api/portal/article/update', { id, field: 'state', value: 1 });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect([await count('webhook_events'), await count('webhook_deliveries')]).toEqual([events, deliveries]);
      await tick();
      expect(receiver.received.filter((entry) => entry.path === '/atomic')).toHaveLength(0);
      await call('admin', 'DELETE', `/api/v2/webhooks/${webhook.id}?version=1`);
    });

    it('retries with backoff after a failure, gives up after 24 h, and redelivers on request', async () => {
      failFirst.add('/retry');
      const webhook = await create('/retry', { format: 'slack' });
      const id = await articleIn(0);
      await call('admin', 'POST', '/api/portal/article/update', { id, field: 'state', value: 1 });
      await tick();
      let [delivery] = body(await call('admin', 'GET', `/api/v2/webhooks/${webhook.id}/deliveries`)).data;
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500' });
      const wait = new Date(delivery.next_attempt_at).getTime() - Date.now();
      expect(wait).toBeGreaterThan(2_000);
      expect(wait).toBeLessThanOrEqual(5_000);
      expect(await tick()).toBe(0); // not due yet
      await sql`update webhook_deliveries set next_attempt_at = now() where id = ${delivery.id}`.execute(ctx.app.db);
      await tick();
      [delivery] = body(await call('admin', 'GET', `/api/v2/webhooks/${webhook.id}/deliveries`)).data;
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });
      expect(delivery.tries.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 200]);
      const got = receiver.received.filter((entry) => entry.path === '/retry');
      expect(got.every((entry) => entry.verified)).toBe(true);
      expect(JSON.parse(got[1]!.body)).toEqual({ text: expect.stringMatching(/^Published: ".*" \(article \d+\)$/) });
      expect(got[0]!.headers['webhook-id']).toBe(got[1]!.headers['webhook-id']);

      const redelivered = await call('admin', 'POST', `/api/v2/webhooks/${webhook.id}/deliveries/${delivery.id}/redeliver`);
      expect(redelivered.statusCode).toBe(200);
      await tick();
      [delivery] = body(await call('admin', 'GET', `/api/v2/webhooks/${webhook.id}/deliveries`)).data;
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
      const missing = await call('admin', 'POST', `/api/v2/webhooks/${webhook.id}/deliveries/999999/redeliver`);
      expect(body(missing).data.error).toBe('webhook_delivery_not_found');

      // Past its 24 hours, a failing delivery is given up.
      failFirst.add('/gone');
      const gone = await create('/gone');
      await call('admin', 'POST', '/api/portal/article/update', { id, field: 'state', value: 0 });
      await sql`update webhook_deliveries set give_up_at = now() where webhook_id = ${gone.id}`.execute(ctx.app.db);
      await tick();
      const [failed] = body(await call('admin', 'GET', `/api/v2/webhooks/${gone.id}/deliveries`)).data;
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 500, next_attempt_at: null });
    });

    it('sends import.failed when an import run ends in an error, with the error', async () => {
      const webhook = await create('/imports', { events: ['import.failed'] });
      const creator = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', tokens.admin)).data[0]!.id;
      const created = await call('admin', 'POST', '/api/v2/portal/importer', {
        title: 'Unreachable wire',
        feed_url: 'http://127.0.0.1:9/feed.xml',
        plugin: 'rss',
        schedule: '2',
        enabled: '1',
        defaults: JSON.stringify({ contentType: 'article', user: String(creator), mainCategory: '100', topics: [100], published: '4' }),
      });
      const importerId = body(created).data.id as number;
      expect((await call('admin', 'GET', `/cron/import/single/${importerId}`)).statusCode).toBe(200);
      await tick();
      const got = receiver.received.filter((entry) => entry.path === '/imports');
      expect(got).toHaveLength(1);
      expect(got[0]!.verified).toBe(true);
      expect(JSON.parse(got[0]!.body)).toMatchObject({
        type: 'import.failed',
        data: { importer_id: importerId, importer_name: 'Unreachable wire', run_id: expect.any(Number), error: expect.any(String) },
      });
      // Articles of other subscriptions' events are not sent to it.
      const log = body(await call('admin', 'GET', `/api/v2/webhooks/${webhook.id}/deliveries`)).data;
      expect(log.map((delivery: { event: string }) => delivery.event)).toEqual(['import.failed']);
    });
  },
  { config: { importAllowPrivateHosts: true } },
);
