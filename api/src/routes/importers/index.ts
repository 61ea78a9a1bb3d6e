import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { okList } from '../../lib/envelope';
import { requireRight } from '../../plugins/permissions';
import { importersRepository } from '../../repositories/importers';
import { listImportersSchema } from './schemas';

const importersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v2/portal/importer', { schema: listImportersSchema, preHandler: requireRight('import') }, async () => {
    const importers = await importersRepository.list(app.db);
    return okList(importers, importers.length);
  });
};

export default importersRoutes;
