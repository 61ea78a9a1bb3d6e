/** Rows of the webhook tables (migration 0041) as the repository reads them with raw SQL. */
import type { WebhookFormat } from 'contracts/rules/webhooks';

export interface WebhookRow {
  id: number;
  name: string;
  url: string;
  events: string[];
  secret: string;
  format: WebhookFormat;
  enabled: boolean;
  version: number;
  created_at: Date | string;
}
