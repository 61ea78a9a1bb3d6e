import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope';
import { categoriesRepository } from '../../repositories/categories';
import { treeSchema } from './schemas';

const categoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/categories/tree', { schema: treeSchema }, async (request) =>
    ok(await categoriesRepository.tree(app.db, { includeDisabled: request.query.includeDisabled === '1' })),
  );
};

export default categoriesRoutes;
