import type { CreateWebhookBody, UpdateWebhookBody, Webhook, WebhookDelivery } from 'contracts/schemas/webhooks';
import { apiDelete, apiGet, apiPost } from 'shared';

/** The webhook calls of the API (right manage_webhooks). */

export function fetchWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return apiGet<Webhook[]>('/api/v2/webhooks', undefined, { signal });
}

export function createWebhook(body: CreateWebhookBody): Promise<Webhook> {
  return apiPost<Webhook>('/api/v2/webhooks', body);
}

export function updateWebhook(id: number, body: UpdateWebhookBody): Promise<Webhook> {
  return apiPost<Webhook>(`/api/v2/webhooks/${id}`, body);
}

export function deleteWebhook(id: number, version: number): Promise<null> {
  return apiDelete<null>(`/api/v2/webhooks/${id}?version=${version}`);
}

export function fetchDeliveries(id: number, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return apiGet<WebhookDelivery[]>(`/api/v2/webhooks/${id}/deliveries`, undefined, { signal });
}

export function redeliver(id: number, deliveryId: number): Promise<null> {
  return apiPost<null>(`/api/v2/webhooks/${id}/deliveries/${deliveryId}/redeliver`);
}
