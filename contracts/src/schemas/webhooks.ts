import { Type, type Static } from 'typebox';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, WEBHOOK_NAME_MAX, WEBHOOK_URL_MAX } from '../rules/webhooks';
import { Id, Nullable, StringEnum, VersionField } from './common';

// Webhook subscriptions (/api/v2/webhooks…), their delivery log and redelivery; right manage_webhooks.

export const WebhookSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(StringEnum(WEBHOOK_EVENTS)),
  format: StringEnum(WEBHOOK_FORMATS, { description: 'standard: the event as JSON; slack: a Slack-compatible chat message' }),
  enabled: Type.Boolean(),
  secret: Type.String({ description: 'The signing secret (whsec_…): verify webhook-signature with it (Standard Webhooks)' }),
  version: Type.Integer({ description: 'Send it back to update the webhook' }),
  created_at: Type.String({ format: 'date-time' }),
});
export type Webhook = Static<typeof WebhookSchema>;

const webhookFields = {
  name: Type.String({ minLength: 1, maxLength: WEBHOOK_NAME_MAX, pattern: '\\S' }),
  url: Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX, description: 'http or https; private and loopback addresses are refused' }),
  events: Type.Array(StringEnum(WEBHOOK_EVENTS), { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
  format: StringEnum(WEBHOOK_FORMATS),
  enabled: Type.Boolean(),
};

/** POST /api/v2/webhooks: the secret is made by the server. */
export const CreateWebhookBodySchema = Type.Object(
  {
    name: webhookFields.name,
    url: webhookFields.url,
    events: webhookFields.events,
    format: Type.Optional(webhookFields.format),
    enabled: Type.Optional(webhookFields.enabled),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBodySchema>;

/** POST /api/v2/webhooks/{id}: what is sent changes, the rest stays; rotate_secret makes a new secret. */
export const UpdateWebhookBodySchema = Type.Object(
  {
    version: VersionField,
    name: Type.Optional(webhookFields.name),
    url: Type.Optional(webhookFields.url),
    events: Type.Optional(webhookFields.events),
    format: Type.Optional(webhookFields.format),
    enabled: Type.Optional(webhookFields.enabled),
    rotate_secret: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBodySchema>;

/** DELETE /api/v2/webhooks/{id}?version=. */
export const DeleteWebhookQuerySchema = Type.Object({ version: VersionField }, { additionalProperties: false });

export const WebhookAttemptSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  status_code: Nullable(Type.Integer(), { description: 'null: no answer (refused, timeout, connection error)' }),
  response_ms: Type.Integer(),
  error: Nullable(Type.String()),
});
export type WebhookAttempt = Static<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = Type.Object({
  id: Type.Integer(),
  event_id: Type.Integer({ description: 'The webhook-id header is msg_{event_id}: the same on every try, a receiver drops repeats by it' }),
  event: StringEnum(WEBHOOK_EVENTS),
  created_at: Type.String({ format: 'date-time', description: 'When the change committed' }),
  status: StringEnum(['pending', 'delivered', 'failed'] as const),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
  delivered_at: Nullable(Type.String({ format: 'date-time' })),
  last_status_code: Nullable(Type.Integer()),
  last_response_ms: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  tries: Type.Array(WebhookAttemptSchema, { description: 'Every try, oldest first' }),
});
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    before: Type.Optional(Id('Deliveries older than this delivery id (the next page)')),
  },
  { additionalProperties: false },
);
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuerySchema>;
