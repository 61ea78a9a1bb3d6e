import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope';
import { usersRepository } from '../../repositories/users';
import { creatorsSchema } from './schemas';

const creatorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v2/portal/creators', { schema: creatorsSchema }, async () => ok(await usersRepository.listCreators(app.db)));
};

export default creatorsRoutes;
