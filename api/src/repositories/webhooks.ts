/**
 * Webhook subscriptions, the outbox and the deliveries (migration 0041).
 *
 * The outbox: `enqueue` runs in the transaction of the change that causes the event and writes the
 * event with one delivery per enabled subscription that wants it, so a change that rolls back leaves
 * nothing to send. Several API processes send: `claim` takes due deliveries with
 * `for update skip locked` (a row another process is claiming is skipped, not waited on) and moves
 * their next_attempt_at ahead by a lease in the same statement, so once committed no other process
 * sees them due until the lease has passed (a process killed mid-send: the delivery is tried again then).
 */
import { sql } from 'kysely';
import type { WebhookEvent, WebhookFormat } from 'contracts/rules/webhooks';
import type { Webhook, WebhookDelivery } from 'contracts/schemas/webhooks';
import type { Db, DbRoot, WebhookRow } from '../db/schema';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events as WebhookEvent[],
    format: row.format,
    enabled: row.enabled,
    secret: row.secret,
    version: row.version,
    created_at: iso(row.created_at) as string,
  };
}

/** What a save writes: the editable fields and the secret. */
export type WebhookFields = Pick<Webhook, 'name' | 'url' | 'events' | 'format' | 'enabled' | 'secret'>;

/** A delivery a worker has claimed, with what it needs to send it. */
export interface ClaimedDelivery {
  id: number;
  eventId: number;
  type: WebhookEvent;
  payload: Record<string, unknown>;
  createdAt: Date;
  url: string;
  secret: string;
  format: WebhookFormat;
  attempts: number;
}

export interface AttemptResult {
  statusCode: number | null;
  responseMs: number;
  error: string | null;
}

const COLUMNS = sql`id, name, url, events, secret, format, enabled, version, created_at`;

export const webhooksRepository = {
  async list(db: Db): Promise<Webhook[]> {
    const { rows } = await sql<WebhookRow>`select ${COLUMNS} from webhooks order by lower(name), id`.execute(db);
    return rows.map(toWebhook);
  },

  async find(db: Db, id: number): Promise<Webhook | undefined> {
    const { rows } = await sql<WebhookRow>`select ${COLUMNS} from webhooks where id = ${id}`.execute(db);
    return rows[0] ? toWebhook(rows[0]) : undefined;
  },

  async insert(db: Db, fields: WebhookFields): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      insert into webhooks (name, url, events, secret, format, enabled)
      values (${fields.name}, ${fields.url}, ${fields.events}::text[], ${fields.secret}, ${fields.format}, ${fields.enabled})
      returning id`.execute(db);
    return rows[0]!.id;
  },

  /** Writes the fields when the stored version is `version`; false when it is not (or the webhook is gone). */
  async update(db: Db, id: number, version: number, fields: WebhookFields): Promise<boolean> {
    const result = await sql`
      update webhooks set name = ${fields.name}, url = ${fields.url}, events = ${fields.events}::text[], secret = ${fields.secret},
        format = ${fields.format}, enabled = ${fields.enabled}
      where id = ${id} and version = ${version}`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  },

  async remove(db: Db, id: number, version: number): Promise<boolean> {
    const result = await sql`delete from webhooks where id = ${id} and version = ${version}`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  },

  /** The outbox: the event and its deliveries, in the caller's transaction; nothing when no subscription wants it. */
  async enqueue(db: Db, type: WebhookEvent, payload: Record<string, unknown>): Promise<void> {
    await sql`
      with subscribers as (select id from webhooks where enabled and ${type} = any(events)),
      event as (
        insert into webhook_events (type, payload)
        select ${type}, ${JSON.stringify(payload)}::jsonb where exists (select 1 from subscribers)
        returning id
      )
      insert into webhook_deliveries (event_id, webhook_id)
      select event.id, subscribers.id from event cross join subscribers`.execute(db);
  },

  /** Takes up to `limit` due deliveries for `leaseSeconds` (see the file's comment), oldest first. */
  async claim(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
    const { rows } = await sql<{
      id: string | number;
      event_id: string | number;
      type: WebhookEvent;
      payload: Record<string, unknown>;
      created_at: Date | string;
      url: string;
      secret: string;
      format: WebhookFormat;
      attempts: number;
    }>`
      update webhook_deliveries d
      set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = d.attempts + 1
      from (
        select dd.id from webhook_deliveries dd join webhooks ww on ww.id = dd.webhook_id
        where dd.status = 'pending' and dd.next_attempt_at <= now() and ww.enabled
        order by dd.next_attempt_at, dd.id
        limit ${limit}::int
        for update of dd skip locked
      ) due, webhook_events e, webhooks w
      where d.id = due.id and e.id = d.event_id and w.id = d.webhook_id
      returning d.id, d.event_id, e.type, e.payload, e.created_at, w.url, w.secret, w.format, d.attempts`.execute(db);
    return rows.map((row) => ({
      id: Number(row.id),
      eventId: Number(row.event_id),
      type: row.type,
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
      createdAt: new Date(row.created_at),
      url: row.url,
      secret: row.secret,
      format: row.format,
      attempts: row.attempts,
    }));
  },

  /** Records a try: delivered, or due again after `retryAfterSeconds` unless that is past its 24 hours (then failed). */
  async finish(db: DbRoot, id: number, result: AttemptResult & { delivered: boolean; retryAfterSeconds: number }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into webhook_attempts (delivery_id, status_code, response_ms, error)
        values (${id}, ${result.statusCode}, ${result.responseMs}, ${result.error})`.execute(trx);
      await sql`
        update webhook_deliveries set
          last_status_code = ${result.statusCode}, last_response_ms = ${result.responseMs}, last_error = ${result.error},
          status = case when ${result.delivered} then 'delivered'
                        when now() + make_interval(secs => ${result.retryAfterSeconds}) > give_up_at then 'failed'
                        else 'pending' end,
          delivered_at = case when ${result.delivered} then now() else null end,
          next_attempt_at = now() + make_interval(secs => ${result.retryAfterSeconds})
        where id = ${id}`.execute(trx);
    });
  },

  /** A subscription's deliveries, newest first, each with its tries. */
  async deliveries(db: Db, webhookId: number, page: { limit: number; before?: number | undefined }): Promise<WebhookDelivery[]> {
    const { rows } = await sql<{
      id: string | number;
      event_id: string | number;
      type: WebhookEvent;
      created_at: Date | string;
      status: WebhookDelivery['status'];
      attempts: number;
      next_attempt_at: Date | string;
      delivered_at: Date | string | null;
      last_status_code: number | null;
      last_response_ms: number | null;
      last_error: string | null;
      tries: Array<{ at: string; status_code: number | null; response_ms: number; error: string | null }> | string;
    }>`
      select d.id, d.event_id, e.type, e.created_at, d.status, d.attempts, d.next_attempt_at, d.delivered_at,
        d.last_status_code, d.last_response_ms, d.last_error,
        coalesce((select json_agg(json_build_object('at', a.at, 'status_code', a.status_code, 'response_ms', a.response_ms, 'error', a.error) order by a.id)
          from webhook_attempts a where a.delivery_id = d.id), '[]'::json) as tries
      from webhook_deliveries d join webhook_events e on e.id = d.event_id
      where d.webhook_id = ${webhookId} and (${page.before ?? null}::bigint is null or d.id < ${page.before ?? null}::bigint)
      order by d.id desc limit ${page.limit}::int`.execute(db);
    return rows.map((row) => {
      const tries = typeof row.tries === 'string' ? (JSON.parse(row.tries) as Exclude<typeof row.tries, string>) : row.tries;
      return {
        id: Number(row.id),
        event_id: Number(row.event_id),
        event: row.type,
        created_at: iso(row.created_at) as string,
        status: row.status,
        attempts: row.attempts,
        next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
        delivered_at: iso(row.delivered_at),
        last_status_code: row.last_status_code,
        last_response_ms: row.last_response_ms,
        last_error: row.last_error,
        tries: tries.map((attempt) => ({ ...attempt, at: iso(attempt.at) as string })),
      };
    });
  },

  /** Sends a delivery of this subscription again now, with 24 hours of retries; false when there is none. */
  async redeliver(db: Db, webhookId: number, deliveryId: number): Promise<boolean> {
    const result = await sql`
      update webhook_deliveries set status = 'pending', next_attempt_at = now(), give_up_at = now() + interval '24 hours', delivered_at = null
      where id = ${deliveryId} and webhook_id = ${webhookId}`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  },

  /** The article's fields an event carries (in the change's transaction); undefined when it is gone. */
  async articleOf(db: Db, id: number): Promise<{ id: number; title: string; state: number; version: number } | undefined> {
    const { rows } = await sql<{ id: number; title: string; state: number; version: number }>`
      select id, title, state, version from articles where id = ${id}`.execute(db);
    return rows[0];
  },
};
