import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Actor } from 'contracts/rules/article-state';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { DesksService } from '../../services/desks';
import { deskPlanningService } from '../../services/desk-planning';
import {
  boardSchema,
  createDeskSchema,
  getDeskSchema,
  getPlanningSchema,
  listDesksSchema,
  moveStageSchema,
  savePlanningSchema,
  updateDeskSchema,
} from './schemas';

const manageDesks = requireRight('manage_desks');

function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw httpError(401, 'unauthorized');
  return { id: request.user.id, rights: request.user.rights, grants: request.user.grants };
}

/** Desks, their board, and a story's stage move and planning. */
const deskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const desks = new DesksService(app.db, { lockMinutes: app.config.articleLockMinutes });
  const planning = deskPlanningService(app.db);

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

  app.get('/api/v2/articles/:id/planning', { schema: getPlanningSchema }, async (request) =>
    ok(await planning.get(actorOf(request), request.params.id)),
  );

  app.post('/api/v2/articles/:id/planning', { schema: savePlanningSchema }, async (request) =>
    ok(await planning.save(actorOf(request), request.params.id, request.body), 'Planned'),
  );
};

export default deskRoutes;
