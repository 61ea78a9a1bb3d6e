import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import articlesRoutes from './articles';
import categoriesRoutes from './categories';
import creatorsRoutes from './creators';
import healthRoutes from './health';
import importersRoutes from './importers';
import sessionRoutes from './session';
import userRoutes from './user';

/**
 * Every API route, in one encapsulated scope whose onRequest hook requires a session:
 * routes are private unless they set `config: { public: true }`.
 */
const routes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(healthRoutes);
  await app.register(sessionRoutes, { config });
  await app.register(userRoutes);
  await app.register(creatorsRoutes);
  await app.register(categoriesRoutes);
  await app.register(articlesRoutes);
  await app.register(importersRoutes);
};

export default routes;
