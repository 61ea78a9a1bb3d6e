import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { AddressPolicy } from '../lib/address-guard';
import { runPeriodically } from '../lib/periodic-task';
import { runDueDeliveries, webhookSender } from '../services/webhook-delivery';

/** Webhook targets pass the importer's SSRF guard, with its exceptions. */
export function webhookPolicy(config: AppConfig): AddressPolicy {
  return { allowPrivate: config.importAllowPrivateHosts, allowedNetworks: config.importAllowedNetworks };
}

export interface WebhookWorkerOptions {
  config: AppConfig;
}

/**
 * The webhook delivery worker (WEBHOOK_WORKER, default on outside tests): every
 * WEBHOOK_WORKER_TICK_MS it sends the due deliveries (services/webhook-delivery.ts: each once across
 * processes on PostgreSQL). A tick never overlaps the previous one; closing the app waits for it.
 */
export default fp<WebhookWorkerOptions>(
  async (app, { config }) => {
    if (!config.webhookWorker) return;
    const sender = webhookSender(webhookPolicy(config));
    runPeriodically(app, {
      name: 'Webhook delivery',
      everySeconds: config.webhookWorkerTickMs / 1000,
      async tick(stopped) {
        await runDueDeliveries(app.db, sender, stopped);
      },
    });
    app.addHook('onClose', async () => {
      await sender.close();
    });
  },
  { name: 'webhook-worker', dependencies: ['db', 'metrics'] },
);
