import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { webhookPolicy } from '../../plugins/webhook-worker';
import { webhooksService } from '../../services/webhooks';
import {
  createWebhookSchema,
  deleteWebhookSchema,
  getWebhookSchema,
  listWebhooksSchema,
  redeliverSchema,
  updateWebhookSchema,
  webhookDeliveriesSchema,
} from './schemas';

const manageWebhooks = requireRight('manage_webhooks');

function actorId(request: FastifyRequest): number {
  if (!request.user) throw httpError(401, 'unauthorized');
  return request.user.id;
}

/** Webhook subscriptions, their delivery log and redelivery: all need manage_webhooks. */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const webhooks = webhooksService(app.db, webhookPolicy(app.config));
  const preHandler = manageWebhooks;

  app.get('/api/v2/webhooks', { schema: listWebhooksSchema, preHandler }, async () => ok(await webhooks.list()));

  app.get('/api/v2/webhooks/:id', { schema: getWebhookSchema, preHandler }, async (request) => ok(await webhooks.get(request.params.id)));

  app.post('/api/v2/webhooks', { schema: createWebhookSchema, preHandler }, async (request) => {
    const webhook = await webhooks.create(actorId(request), request.body);
    request.log.info({ webhookId: webhook.id, by: request.user?.id }, 'Webhook created');
    return ok(webhook, 'Created');
  });

  app.post('/api/v2/webhooks/:id', { schema: updateWebhookSchema, preHandler }, async (request) =>
    ok(await webhooks.update(actorId(request), request.params.id, request.body), 'Saved'),
  );

  app.delete('/api/v2/webhooks/:id', { schema: deleteWebhookSchema, preHandler }, async (request) => {
    await webhooks.remove(actorId(request), request.params.id, request.query.version);
    request.log.info({ webhookId: request.params.id, by: request.user?.id }, 'Webhook deleted');
    return ok(null, 'Deleted');
  });

  app.get('/api/v2/webhooks/:id/deliveries', { schema: webhookDeliveriesSchema, preHandler }, async (request) =>
    ok(await webhooks.deliveries(request.params.id, request.query)),
  );

  app.post('/api/v2/webhooks/:id/deliveries/:deliveryId/redeliver', { schema: redeliverSchema, preHandler }, async (request) => {
    await webhooks.redeliver(actorId(request), request.params.id, request.params.deliveryId);
    return ok(null, 'Queued');
  });
};

export default webhookRoutes;
