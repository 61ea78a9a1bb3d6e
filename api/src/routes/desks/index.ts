import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Actor } from 'contracts/rules/article-state';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { desksService } from '../../services/desks';
import { boardSchema, createDeskSchema, getDeskSchema, listDesksSchema, moveStageSchema, updateDeskSchema } from './schemas';

const manageDesks = requireRight('manage_desks');

function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw httpError(401, 'unauthorized');
  return { id: request.user.id, rights: request.user.rights, grants: request.user.grants };
}

/** Desks, their board, and a story's stage move. */
const deskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const desks = desksService(app.db, { lockMinutes: app.config.articleLockMinutes });

  app.get('/api/v2/desks', { schema: listDesksSchema }, async (request) => ok(await desks.list(actorOf(request))));

  app.get('/api/v2/desks/:id', { schema: getDeskSchema }, async (request) => ok(await desks.get(actorOf(request), request.params.id)));

  app.get('/api/v2/desks/:id/board', { schema: boardSchema }, async (request) =>
    ok(await desks.board(actorOf(request), request.params.id)),
  );

  app.post('/api/v2/desks', { schema: createDeskSchema, preHandler: manageDesks }, async (request) => {
    const desk = await desks.create(actorOf(request), request.body);
    request.log.info({ deskId: desk.id, by: request.user?.id }, 'Desk created');
    return ok(desk, 'Created');
  });

  app.post('/api/v2/desks/:id', { schema: updateDeskSchema, preHandler: manageDesks }, async (request) =>
    ok(await desks.update(actorOf(request), request.params.id, request.body), 'Saved'),
  );

  app.post('/api/v2/articles/:id/stage', { schema: moveStageSchema }, async (request) =>
    ok(await desks.move(actorOf(request), request.params.id, request.body), 'Moved'),
  );
};

export default deskRoutes;
