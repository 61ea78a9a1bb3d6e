import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isFixedCategory, isMainCategory, LOCAL_CATEGORY_ID, ROOT_CATEGORY_ID } from 'contracts/rules/categories';
import { ok } from '../../lib/envelope';
import { requireVersion, staleVersion } from '../../lib/edit-version';
import { httpError, httpErrorOf } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import {
  categoriesManageRepository as manage,
  categoriesRepository,
  UNIQUE_VIOLATION,
  type CategoryChanges,
  type CategoryRecord,
} from '../../repositories/categories';
import {
  CATEGORY_TYPES,
  checkPlacement,
  COLOUR_PATTERN,
  renumber,
  reorderSiblings,
  Shape,
  slugify,
  typeOfLevel,
} from './rules';
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

const label = (category: { id: number; title: string }) => `"${category.title}" (${category.id})`;

async function findOr404(db: Kysely<Database>, id: number, options: { lock?: boolean } = {}): Promise<CategoryRecord> {
  const category = await manage.find(db, id, options);
  if (!category) throw httpError(404, 'category_not_found', { id });
  return category;
}

/** The record with its level, type, main flag and number of children. */
async function describe(db: Kysely<Database>, category: CategoryRecord) {
  const shape = new Shape(await manage.links(db));
  const level = shape.level(category.id);
  return {
    ...category,
    level,
    type: level === null ? 'leaf' : typeOfLevel(level),
    main: isMainCategory(category),
    subcategories: shape.childCount(category.id),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

const categoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/categories/tree', { schema: treeSchema }, async (request) =>
    ok(await categoriesRepository.tree(app.db, { includeDisabled: request.query.includeDisabled === '1' })),
  );

  app.get('/api/v2/categories/types', { schema: typesSchema }, async () => ok(CATEGORY_TYPES.map((type) => ({ ...type }))));

  app.get('/api/v2/portal/category/:id', { schema: getCategorySchema }, async (request) =>
    ok(await describe(app.db, await findOr404(app.db, request.params.id))),
  );

  app.post('/api/v2/portal/category', { schema: saveCategorySchema, preHandler: manageRight }, async (request) => {
    const body = request.body;
    const id = body.id ? body.id : undefined;
    const title = body.title === undefined ? undefined : body.title.trim();
    if (id === undefined && title === undefined) throw httpError(400, 'field_required', { field: 'title' }, { field: 'title' });
    if (title !== undefined && title === '') throw httpError(400, 'title_empty', undefined, { field: 'title' });
    let colour: string | null | undefined = body.colour;
    if (typeof colour === 'string') {
      colour = colour.trim();
      if (colour === '') colour = null;
      else if (!COLOUR_PATTERN.test(colour)) throw httpError(400, 'colour_invalid', { colour }, { field: 'colour' });
      else colour = colour.toLowerCase();
    }
    if (id === undefined && body.parent_id === undefined) throw httpError(400, 'parent_id_required', undefined, { field: 'parent_id' });

    try {
      const saved = await app.db.transaction().execute(async (trx) => {
        await manage.lockForChanges(trx);
        const version = id === undefined ? undefined : requireVersion(body.version);
        const current = id === undefined ? undefined : await findOr404(trx, id, { lock: true });
        if (current && current.version !== version) throw staleVersion('category_stale_version', await describe(trx, current));
        const shape = new Shape(await manage.links(trx));
        const parentId = body.parent_id ?? current?.parent_id ?? null;

        if (current?.id === ROOT_CATEGORY_ID) {
          if (body.parent_id !== undefined) throw httpError(400, 'category_root_fixed', { category: label(current) });
        } else if (current?.id === LOCAL_CATEGORY_ID && parentId !== ROOT_CATEGORY_ID) {
          throw httpError(400, 'category_local_fixed', { category: label(current), root: ROOT_CATEGORY_ID });
        } else if (parentId === null) {
          throw httpError(400, 'parent_id_required', undefined, { field: 'parent_id' });
        } else if (parentId !== current?.parent_id) {
          const refusal = checkPlacement(shape, current?.id, parentId);
          if (refusal) throw httpErrorOf(refusal.status, refusal);
        }

        const newTitle = title ?? current?.title ?? '';
        let alias: string;
        if (body.alias === undefined && current) alias = current.alias;
        else {
          const given = body.alias?.trim() ?? '';
          alias = slugify(given === '' ? newTitle : given);
          if (alias === '') {
            throw httpError(400, given === '' ? 'alias_not_derivable' : 'alias_invalid', undefined, { field: given === '' ? 'title' : 'alias' });
          }
        }
        const clash = await manage.findByAlias(trx, parentId, alias, current?.id);
        if (clash) {
          const parent = parentId === null ? undefined : shape.get(parentId);
          throw parent
            ? httpError(409, 'alias_used_under', { alias, category: label(clash), parent: label(parent) }, { field: 'alias' })
            : httpError(409, 'alias_used', { alias, category: label(clash) }, { field: 'alias' });
        }

        const values: CategoryChanges = {
          title: newTitle,
          alias,
          colour: colour === undefined ? (current?.colour ?? null) : colour,
          parent_id: parentId,
          ordering:
            body.ordering ??
            (current && current.parent_id === parentId ? current.ordering : parentId === null ? 0 : await manage.nextOrdering(trx, parentId)),
        };
        const record = current ? await manage.update(trx, current.id, current.version, values) : await manage.insert(trx, values);
        // The row is locked since it was read, so the version cannot have moved; kept as the one guarded write.
        if (!record) throw staleVersion('category_stale_version', await describe(trx, await findOr404(trx, id as number)));
        return describe(trx, record);
      });
      request.log.info({ categoryId: saved.id, created: id === undefined, userId: request.user?.id }, 'Category saved');
      return ok(saved, 'Saved');
    } catch (error) {
      // Two saves racing for one alias: the unique index (migration 0007) decides.
      if (isUniqueViolation(error)) throw httpError(409, 'alias_used_here', undefined, { field: 'alias' });
      throw error;
    }
  });

  const setEnabled = (enabled: 0 | 1, message: 'Enabled' | 'Disabled') => async (request: { params: { id: number } }) => {
    const { id } = request.params;
    if (enabled === 0 && id === ROOT_CATEGORY_ID) throw httpError(400, 'category_root_disable', { root: ROOT_CATEGORY_ID });
    const record = await manage.setEnabled(app.db, id, enabled);
    if (!record) throw httpError(404, 'category_not_found', { id });
    return ok(await describe(app.db, record), message);
  };
  app.post('/api/v2/portal/category/:id/enable', { schema: enableCategorySchema, preHandler: manageRight }, setEnabled(1, 'Enabled'));
  app.post('/api/v2/portal/category/:id/disable', { schema: disableCategorySchema, preHandler: manageRight }, setEnabled(0, 'Disabled'));

  app.post('/api/v2/portal/category/:id/move', { schema: moveCategorySchema, preHandler: manageRight }, async (request) => {
    const { id } = request.params;
    const { direction, position } = request.body;
    if ((direction === undefined) === (position === undefined)) {
      throw httpError(400, 'category_move_direction_or_position');
    }
    const moved = await app.db.transaction().execute(async (trx) => {
      // The same lock as create/update/delete: two moves under one parent renumber one after the other.
      await manage.lockForChanges(trx);
      const category = await findOr404(trx, id, { lock: true });
      if (category.parent_id === null) throw httpError(400, 'category_root_no_siblings', { category: label(category) });
      const siblings = await manage.siblings(trx, category.parent_id);
      const order = reorderSiblings(siblings, id, direction !== undefined ? { direction } : { position: position as number });
      if (!Array.isArray(order)) throw httpErrorOf(order.status, order);
      await manage.setOrderings(trx, renumber(order, new Map(siblings.map((sibling) => [sibling.id, sibling.ordering]))));
      return describe(trx, await findOr404(trx, id));
    });
    request.log.info({ categoryId: id, direction, position, userId: request.user?.id }, 'Category moved');
    return ok(moved, 'Moved');
  });

  app.delete('/api/v2/portal/category/:id', { schema: deleteCategorySchema, preHandler: manageRight }, async (request) => {
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      await manage.lockForChanges(trx);
      // The row lock waits for article writes that reference the category (their foreign-key locks).
      const category = await findOr404(trx, id, { lock: true });
      if (isFixedCategory(id)) throw httpError(400, 'category_fixed_delete', { category: label(category) });
      const children = await manage.countChildren(trx, id);
      if (children > 0) {
        throw httpError(409, children === 1 ? 'category_has_child' : 'category_has_children', { category: label(category), count: children });
      }
      const articles = await manage.countArticles(trx, id);
      if (articles > 0) throw httpError(409, articles === 1 ? 'category_used_by_article' : 'category_used_by_articles', { category: label(category), count: articles });
      await manage.delete(trx, id);
    });
    request.log.info({ categoryId: id, userId: request.user?.id }, 'Category deleted');
    return ok(null, 'Deleted');
  });
};

export default categoriesRoutes;
