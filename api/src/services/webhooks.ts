/**
 * Webhook subscriptions (right manage_webhooks, checked by the routes): create, change, delete,
 * the delivery log and redelivery. The URL passes the SSRF guard when saved (an IP literal that is
 * private or loopback is refused at once); a host name is checked when a delivery connects.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { diffFields } from 'contracts/rules/activity';
import { isHttpUrl } from 'contracts/rules/http-url';
import type { WebhookEvent } from 'contracts/rules/webhooks';
import type { CreateWebhookBody, UpdateWebhookBody, Webhook, WebhookDeliveriesQuery, WebhookDelivery } from 'contracts/schemas/webhooks';
import type { DbRoot } from '../db/schema';
import { isAddressAllowed, refusedAddressParams, type AddressPolicy } from '../lib/address-guard';
import { httpError } from '../lib/http-error';
import { webhooksRepository, type WebhookFields } from '../repositories/webhooks';
import { recordActivity } from './activity';

const LOGGED = ['name', 'url', 'events', 'format', 'enabled'] as const;

/** A new signing secret in the Standard Webhooks form: whsec_ and 24 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

/** The URL as saved, or the coded refusal. */
export function webhookTarget(raw: string, policy: AddressPolicy): string {
  if (!isHttpUrl(raw.trim())) throw httpError(400, 'webhook_bad_url', { url: raw }, { field: 'url' });
  const url = new URL(raw.trim());
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isAddressAllowed(host, policy)) {
    throw httpError(400, 'webhook_refused_address', refusedAddressParams(host, host), { field: 'url' });
  }
  return url.toString();
}

/** What the activity log compares of a webhook: never its secret (a rotation is said in details). */
function logged(webhook: Pick<Webhook, 'name' | 'url' | 'events' | 'format' | 'enabled'> | null) {
  return webhook
    ? { name: webhook.name, url: webhook.url, events: webhook.events, format: webhook.format, enabled: webhook.enabled }
    : null;
}

export function webhooksService(db: DbRoot, policy: AddressPolicy) {
  async function found(id: number): Promise<Webhook> {
    const webhook = await webhooksRepository.find(db, id);
    if (!webhook) throw httpError(404, 'webhook_not_found');
    return webhook;
  }

  return {
    list: () => webhooksRepository.list(db),

    get: found,

    async create(actorId: number, body: CreateWebhookBody): Promise<Webhook> {
      const fields: WebhookFields = {
        name: body.name.trim(),
        url: webhookTarget(body.url, policy),
        events: body.events as WebhookEvent[],
        format: body.format ?? 'standard',
        enabled: body.enabled ?? true,
        secret: newSecret(),
      };
      return db.transaction().execute(async (trx) => {
        const id = await webhooksRepository.insert(trx, fields);
        await recordActivity(trx, {
          actorId,
          entity: 'webhook',
          entityId: id,
          action: 'create',
          changes: diffFields(null, logged(fields), LOGGED),
        });
        return (await webhooksRepository.find(trx, id)) as Webhook;
      });
    },

    async update(actorId: number, id: number, body: UpdateWebhookBody): Promise<Webhook> {
      return db.transaction().execute(async (trx) => {
        const before = await webhooksRepository.find(trx, id);
        if (!before) throw httpError(404, 'webhook_not_found');
        const fields: WebhookFields = {
          name: body.name?.trim() ?? before.name,
          url: body.url === undefined ? before.url : webhookTarget(body.url, policy),
          events: (body.events ?? before.events) as WebhookEvent[],
          format: body.format ?? before.format,
          enabled: body.enabled ?? before.enabled,
          secret: body.rotate_secret ? newSecret() : before.secret,
        };
        if (!(await webhooksRepository.update(trx, id, body.version, fields))) {
          throw httpError(409, 'webhook_stale_version', undefined, { field: 'version', extra: { current: before } });
        }
        const after = (await webhooksRepository.find(trx, id)) as Webhook;
        await recordActivity(trx, {
          actorId,
          entity: 'webhook',
          entityId: id,
          action: 'update',
          changes: diffFields(logged(before), logged(after), LOGGED),
          ...(body.rotate_secret ? { details: { secret_rotated: true } } : {}),
        });
        return after;
      });
    },

    async remove(actorId: number, id: number, version: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await webhooksRepository.find(trx, id);
        if (!before) throw httpError(404, 'webhook_not_found');
        if (!(await webhooksRepository.remove(trx, id, version))) {
          throw httpError(409, 'webhook_stale_version', undefined, { field: 'version', extra: { current: before } });
        }
        await recordActivity(trx, {
          actorId,
          entity: 'webhook',
          entityId: id,
          action: 'delete',
          changes: diffFields(logged(before), null, LOGGED),
        });
      });
    },

    async deliveries(id: number, query: WebhookDeliveriesQuery): Promise<WebhookDelivery[]> {
      await found(id);
      return webhooksRepository.deliveries(db, id, { limit: query.limit ?? 20, before: query.before });
    },

    async redeliver(actorId: number, id: number, deliveryId: number): Promise<void> {
      await found(id);
      await db.transaction().execute(async (trx) => {
        if (!(await webhooksRepository.redeliver(trx, id, deliveryId))) throw httpError(404, 'webhook_delivery_not_found');
        await recordActivity(trx, {
          actorId,
          entity: 'webhook',
          entityId: id,
          action: 'redeliver',
          changes: {},
          details: { delivery_id: deliveryId },
        });
      });
    },
  };
}
