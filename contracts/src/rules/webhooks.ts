/**
 * Webhooks: the events a subscription can ask for, the payload formats, the retry schedule of the
 * delivery worker and the message a chat preset shows. The API sends by these rules; the Webhooks
 * screen offers the same event names and formats.
 */

export const WEBHOOK_EVENTS = ['article.published', 'article.unpublished', 'article.updated', 'import.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** standard: the event as JSON, signed (Standard Webhooks); slack: a Slack-compatible incoming-webhook message, signed too. */
export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_NAME_MAX = 80;
export const WEBHOOK_URL_MAX = 2000;

/** How long a delivery is retried before it is given up (failed). */
export const WEBHOOK_RETRY_HOURS = 24;
/** The first retry waits this long; each next one twice as long, up to WEBHOOK_RETRY_MAX_SECONDS. */
export const WEBHOOK_RETRY_FIRST_SECONDS = 5;
export const WEBHOOK_RETRY_MAX_SECONDS = 3600;

/** Seconds to wait after the `attempts`-th failed try (1 = the first): exponential backoff, capped. */
export function retryDelaySeconds(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(WEBHOOK_RETRY_FIRST_SECONDS * 2 ** exponent, WEBHOOK_RETRY_MAX_SECONDS);
}

/** A 2xx answer is a delivery; anything else (and no answer) is retried. */
export function isDelivered(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** What the outbox stores of an event about an article (and what a standard payload's data holds). */
export interface ArticleEventData {
  id: number;
  title: string;
  state: number;
  version: number;
}

/** What the outbox stores of a failed import run. */
export interface ImportFailedData {
  importer_id: number;
  importer_name: string;
  run_id: number;
  error: string;
}

/** The article events a change of an article causes: from its state before and after (null: none). */
export function articleEventsOf(stateBefore: number | null, stateAfter: number | null, changed: boolean): WebhookEvent[] {
  const PUBLISHED = 1;
  if (stateBefore !== PUBLISHED && stateAfter === PUBLISHED) return ['article.published'];
  if (stateBefore === PUBLISHED && stateAfter !== PUBLISHED) return ['article.unpublished'];
  if (stateBefore === PUBLISHED && stateAfter === PUBLISHED && changed) return ['article.updated'];
  return [];
}

const EVENT_VERBS: Record<WebhookEvent, string> = {
  'article.published': 'Published',
  'article.unpublished': 'Unpublished',
  'article.updated': 'Updated',
  'import.failed': 'Import failed',
};

/** The chat preset: one line of text for a Slack-compatible incoming webhook. */
export function chatMessage(type: WebhookEvent, data: Record<string, unknown>): { text: string } {
  if (type === 'import.failed') {
    return {
      text: `${EVENT_VERBS[type]}: ${String(data.importer_name ?? '')} (run ${String(data.run_id ?? '')}): ${String(data.error ?? '')}`,
    };
  }
  return { text: `${EVENT_VERBS[type]}: "${String(data.title ?? '')}" (article ${String(data.id ?? '')})` };
}
