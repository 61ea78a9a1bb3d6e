import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { permissionsSchema, userSchema } from './schemas';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v2/user', { schema: userSchema, config: { enrolment: true } }, async (request) => {
    if (!request.user) throw httpError(401, 'unauthorized');
    const { rights: _rights, ...user } = request.user;
    return ok(user);
  });

  app.get('/api/v2/user/permissions', { schema: permissionsSchema, config: { enrolment: true } }, async (request) => {
    if (!request.user) throw httpError(401, 'unauthorized');
    return ok(request.user.rights);
  });
};

export default userRoutes;
