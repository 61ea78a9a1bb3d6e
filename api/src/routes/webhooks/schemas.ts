import { Type } from 'typebox';
import { Envelope, errors, Id } from 'contracts/schemas/common';
import {
  CreateWebhookBodySchema,
  DeleteWebhookQuerySchema,
  UpdateWebhookBodySchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliverySchema,
  WebhookSchema,
} from 'contracts/schemas/webhooks';

// The OpenAPI description of the webhook routes (right manage_webhooks); the shapes are the contracts'.

const webhookParams = Type.Object({ id: Id('Webhook id') });
const deliveryParams = Type.Object({ id: Id('Webhook id'), deliveryId: Id('Delivery id') });

export const listWebhooksSchema = {
  tags: ['webhooks'],
  summary: 'The webhook subscriptions; right manage_webhooks',
  response: { 200: Envelope(Type.Array(WebhookSchema)), ...errors(401, 403) },
};

export const getWebhookSchema = {
  tags: ['webhooks'],
  summary: 'One webhook subscription; right manage_webhooks',
  params: webhookParams,
  response: { 200: Envelope(WebhookSchema), ...errors(400, 401, 403, 404) },
};

export const createWebhookSchema = {
  tags: ['webhooks'],
  summary: 'Create a webhook subscription; right manage_webhooks. Message "Created"',
  description:
    'The server makes the signing secret (whsec_…). Deliveries are signed with the Standard Webhooks scheme (webhook-id, ' +
    'webhook-timestamp, webhook-signature); private and loopback targets are refused (400 webhook_refused_address).',
  body: CreateWebhookBodySchema,
  response: { 200: Envelope(WebhookSchema), ...errors(400, 401, 403) },
};

export const updateWebhookSchema = {
  tags: ['webhooks'],
  summary: 'Change a webhook subscription; right manage_webhooks. Message "Saved"',
  description: 'Send the version loaded; another save since answers 409 webhook_stale_version with the current subscription.',
  params: webhookParams,
  body: UpdateWebhookBodySchema,
  response: { 200: Envelope(WebhookSchema), ...errors(400, 401, 403, 404, 409) },
};

export const deleteWebhookSchema = {
  tags: ['webhooks'],
  summary: 'Delete a webhook subscription and its delivery log; right manage_webhooks. Message "Deleted"',
  params: webhookParams,
  querystring: DeleteWebhookQuerySchema,
  response: { 200: Envelope(Type.Null()), ...errors(400, 401, 403, 404, 409) },
};

export const webhookDeliveriesSchema = {
  tags: ['webhooks'],
  summary: "A subscription's delivery log, newest first: status, attempts, status codes, response times; right manage_webhooks",
  params: webhookParams,
  querystring: WebhookDeliveriesQuerySchema,
  response: { 200: Envelope(Type.Array(WebhookDeliverySchema)), ...errors(400, 401, 403, 404) },
};

export const redeliverSchema = {
  tags: ['webhooks'],
  summary: 'Send a delivery again now (with 24 hours of retries); right manage_webhooks. Message "Queued"',
  params: deliveryParams,
  response: { 200: Envelope(Type.Null()), ...errors(400, 401, 403, 404) },
};
