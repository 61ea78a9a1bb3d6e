import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Actor } from 'contracts/rules/article-state';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { workingCopiesService } from '../../services/working-copies';
import { deleteWorkingCopySchema, getWorkingCopySchema, putWorkingCopySchema } from './schemas';

/** A working copy holds the whole form: as long as an article save may be (see article-editor's SAVE_BODY_LIMIT). */
const WORKING_COPY_BODY_LIMIT = 8 * 1024 * 1024;

function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw httpError(401, 'unauthorized');
  return { id: request.user.id, rights: request.user.rights, grants: request.user.grants };
}

/** A user's working copy of an article: the editor's autosave on the server. */
const workingCopyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const copies = workingCopiesService(app.db);
  const path = '/api/v2/articles/:id/working-copy';

  app.get(path, { schema: getWorkingCopySchema }, async (request) => ok(await copies.get(actorOf(request), request.params.id)));

  app.put(path, { schema: putWorkingCopySchema, bodyLimit: WORKING_COPY_BODY_LIMIT }, async (request) =>
    ok(await copies.put(actorOf(request), request.params.id, request.body, new Date()), 'Kept'),
  );

  app.delete(path, { schema: deleteWorkingCopySchema }, async (request) => {
    const result = await copies.discard(actorOf(request), request.params.id);
    return ok(result, result.discarded ? 'Discarded' : 'Nothing to discard');
  });
};

export default workingCopyRoutes;
