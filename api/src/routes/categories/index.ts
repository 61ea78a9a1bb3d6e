import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { CATEGORY_TYPES, COLOUR_PATTERN } from '../../domain/category-rules';
import { categoriesRepository } from '../../repositories/categories';
import { CategoriesService } from '../../services/categories';
import {
  deleteCategorySchema,
  disableCategorySchema,
  enableCategorySchema,
  getCategorySchema,
  moveCategorySchema,
  saveCategorySchema,
  treeSchema,
  typesSchema,
} from './schemas';

const manageRight = requireRight('manage_categories');

/** '' = no colour (null); else #rrggbb, stored in small letters. */
function colourOf(raw: string | null | undefined): string | null | undefined {
  if (typeof raw !== 'string') return raw;
  const colour = raw.trim();
  if (colour === '') return null;
  if (!COLOUR_PATTERN.test(colour)) throw httpError(400, 'colour_invalid', { colour }, { field: 'colour' });
  return colour.toLowerCase();
}

const categoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const categories = new CategoriesService(app.db);

  app.get('/api/categories/tree', { schema: treeSchema }, async (request) =>
    ok(await categoriesRepository.tree(app.db, { includeDisabled: request.query.includeDisabled === '1' })),
  );

  app.get('/api/v2/categories/types', { schema: typesSchema }, async () => ok(CATEGORY_TYPES.map((type) => ({ ...type }))));

  app.get('/api/v2/portal/category/:id', { schema: getCategorySchema }, async (request) => ok(await categories.details(request.params.id)));

  app.post('/api/v2/portal/category', { schema: saveCategorySchema, preHandler: manageRight }, async (request) => {
    const body = request.body;
    const id = body.id ? body.id : undefined;
    const title = body.title === undefined ? undefined : body.title.trim();
    if (id === undefined && title === undefined) throw httpError(400, 'field_required', { field: 'title' }, { field: 'title' });
    if (title !== undefined && title === '') throw httpError(400, 'title_empty', undefined, { field: 'title' });
    const colour = colourOf(body.colour);
    if (id === undefined && body.parent_id === undefined) throw httpError(400, 'parent_id_required', undefined, { field: 'parent_id' });
    const saved = await categories.save(request.user?.id ?? null, {
      id,
      title,
      alias: body.alias,
      colour,
      parent_id: body.parent_id,
      ordering: body.ordering,
      version: body.version,
    });
    request.log.info({ categoryId: saved.id, created: id === undefined, userId: request.user?.id }, 'Category saved');
    return ok(saved, 'Saved');
  });

  const setEnabled =
    (enabled: 0 | 1, message: 'Enabled' | 'Disabled') => async (request: { params: { id: number }; user: { id: number } | null }) =>
      ok(await categories.setEnabled(request.user?.id ?? null, request.params.id, enabled), message);
  app.post('/api/v2/portal/category/:id/enable', { schema: enableCategorySchema, preHandler: manageRight }, setEnabled(1, 'Enabled'));
  app.post('/api/v2/portal/category/:id/disable', { schema: disableCategorySchema, preHandler: manageRight }, setEnabled(0, 'Disabled'));

  app.post('/api/v2/portal/category/:id/move', { schema: moveCategorySchema, preHandler: manageRight }, async (request) => {
    const { id } = request.params;
    const { direction, position } = request.body;
    if ((direction === undefined) === (position === undefined)) {
      throw httpError(400, 'category_move_direction_or_position');
    }
    const moved = await categories.move(
      request.user?.id ?? null,
      id,
      direction !== undefined ? { direction } : { position: position as number },
    );
    request.log.info({ categoryId: id, direction, position, userId: request.user?.id }, 'Category moved');
    return ok(moved, 'Moved');
  });

  app.delete('/api/v2/portal/category/:id', { schema: deleteCategorySchema, preHandler: manageRight }, async (request) => {
    const { id } = request.params;
    await categories.delete(request.user?.id ?? null, id);
    request.log.info({ categoryId: id, userId: request.user?.id }, 'Category deleted');
    return ok(null, 'Deleted');
  });
};

export default categoriesRoutes;
