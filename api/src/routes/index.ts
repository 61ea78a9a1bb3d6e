import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import accountRoutes from './account';
import activityRoutes from './activity';
import articleEditorRoutes from './article-editor';
import adsRoutes from './ads';
import articleListRoutes from './article-list';
import articleBulkRoutes from './article-bulk';
import articleRevisionsRoutes from './article-revisions';
import authorsRoutes from './authors';
import imagesRoutes from './images';
import locationsRoutes from './locations';
import tagsRoutes from './tags';
import categoriesRoutes from './categories';
import creatorsRoutes from './creators';
import cronRoutes from './cron';
import deskRoutes from './desks';
import healthRoutes from './health';
import importersRoutes from './importers';
import metricsRoutes from './metrics';
import peopleRoutes from './people';
import placesRoutes from './places';
import presenceRoutes from './presence';
import sessionRoutes from './session';
import ssoRoutes from './sso';
import userRoutes from './user';
import webhookRoutes from './webhooks';
import workingCopyRoutes from './working-copies';

/**
 * Every API route, in one encapsulated scope whose onRequest hook requires a session:
 * routes are private unless they set `config: { public: true }`.
 */
const routes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(sessionRoutes, { config });
  await app.register(ssoRoutes, { config });
  await app.register(userRoutes);
  await app.register(creatorsRoutes);
  await app.register(categoriesRoutes);
  await app.register(articleListRoutes);
  await app.register(articleBulkRoutes);
  await app.register(articleEditorRoutes);
  await app.register(articleRevisionsRoutes);
  await app.register(workingCopyRoutes);
  await app.register(tagsRoutes);
  await app.register(authorsRoutes);
  await app.register(adsRoutes);
  await app.register(imagesRoutes);
  await app.register(locationsRoutes);
  await app.register(importersRoutes);
  await app.register(cronRoutes);
  await app.register(placesRoutes);
  await app.register(activityRoutes);
  await app.register(presenceRoutes);
  await app.register(peopleRoutes, { config });
  await app.register(deskRoutes);
  await app.register(webhookRoutes);
  await app.register(accountRoutes, { config });
};

export default routes;
