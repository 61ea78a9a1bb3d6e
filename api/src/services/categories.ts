/**
 * Category management (spec section 3 "Categories"): save (create or update, versioned), enable /
 * disable, move among siblings, delete. Writes take the categories' change lock and the row lock in
 * one transaction, so the tree rules (domain/category-rules.ts) see a tree that cannot move under
 * them. Free of HTTP: refusals are the coded errors of lib/http-error.
 */
import type { DbRoot } from '../db/schema';
import { requireVersion, staleVersion } from '../lib/edit-version';
import { httpError, httpErrorOf } from '../lib/http-error';
import {
  categoriesManageRepository as manage,
  UNIQUE_VIOLATION,
  type CategoryChanges,
  type CategoryRecord,
} from '../repositories/categories';
import { isFixedCategory, isMainCategory, LOCAL_CATEGORY_ID, ROOT_CATEGORY_ID } from 'contracts/rules/categories';
import type { SaveCategoryBody } from 'contracts/schemas/categories';
import { diffFields } from 'contracts/rules/activity';
import { recordActivity } from './activity';
import { checkPlacement, renumber, reorderSiblings, Shape, slugify, typeOfLevel, type SiblingMove } from '../domain/category-rules';

const label = (category: { id: number; title: string }) => `"${category.title}" (${category.id})`;

async function findOr404(db: DbRoot, id: number, options: { lock?: boolean } = {}): Promise<CategoryRecord> {
  const category = await manage.find(db, id, options);
  if (!category) throw httpError(404, 'category_not_found', { id });
  return category;
}

/** The record with its level, type, main flag and number of children. */
async function describe(db: DbRoot, category: CategoryRecord) {
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

export type CategoryDetails = Awaited<ReturnType<typeof describe>>;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/** The save form as the route read it: title trimmed, colour normalised (null = none). */
export type CategoryInput = { [K in keyof Required<SaveCategoryBody>]: SaveCategoryBody[K] | undefined };

/** The fields of a category the activity log compares. */
const LOGGED_FIELDS = ['title', 'alias', 'colour', 'parent_id', 'ordering', 'enabled'] as const;

function logChange(
  trx: DbRoot,
  actorId: number | null,
  action: 'create' | 'update' | 'enable' | 'disable' | 'move' | 'delete',
  before: CategoryRecord | undefined,
  after: CategoryRecord | undefined,
) {
  const id = (after ?? before) as CategoryRecord;
  return recordActivity(trx, {
    actorId,
    entity: 'category',
    entityId: id.id,
    action,
    changes: diffFields(before ?? null, after ?? null, LOGGED_FIELDS),
  });
}

/** The alias a save gives: the one given (slugified), else the title's; the current one when none is given. */
function aliasOf(input: CategoryInput, current: CategoryRecord | undefined, title: string): string {
  if (input.alias === undefined && current) return current.alias;
  const given = input.alias?.trim() ?? '';
  const alias = slugify(given === '' ? title : given);
  if (alias === '') {
    throw httpError(400, given === '' ? 'alias_not_derivable' : 'alias_invalid', undefined, {
      field: given === '' ? 'title' : 'alias',
    });
  }
  return alias;
}

/** Refuses a parent the category may not have: the fixed root and local categories, a missing parent, a cycle or a level too deep. */
function checkParent(shape: Shape, current: CategoryRecord | undefined, input: CategoryInput, parentId: number | null): void {
  if (current?.id === ROOT_CATEGORY_ID) {
    if (input.parent_id !== undefined) throw httpError(400, 'category_root_fixed', { category: label(current) });
  } else if (current?.id === LOCAL_CATEGORY_ID && parentId !== ROOT_CATEGORY_ID) {
    throw httpError(400, 'category_local_fixed', { category: label(current), root: ROOT_CATEGORY_ID });
  } else if (parentId === null) {
    throw httpError(400, 'parent_id_required', undefined, { field: 'parent_id' });
  } else if (parentId !== current?.parent_id) {
    const refusal = checkPlacement(shape, current?.id, parentId);
    if (refusal) throw httpErrorOf(refusal.status, refusal);
  }
}

/** Every change takes `actorId`, who makes it (the activity log records it in the change's transaction). */
export class CategoriesService {
  constructor(private readonly db: DbRoot) {}

  async details(id: number): Promise<CategoryDetails> {
    return describe(this.db, await findOr404(this.db, id));
  }

  async save(actorId: number | null, input: CategoryInput): Promise<CategoryDetails> {
    try {
      return await this.db.transaction().execute((trx) => this.saveIn(trx, actorId, input));
    } catch (error) {
      // Two saves racing for one alias: the unique index (migration 0007) decides.
      if (isUniqueViolation(error)) throw httpError(409, 'alias_used_here', undefined, { field: 'alias' });
      throw error;
    }
  }

  private async saveIn(trx: DbRoot, actorId: number | null, input: CategoryInput): Promise<CategoryDetails> {
    const { id, title, colour } = input;
    await manage.lockForChanges(trx);
    const version = id === undefined ? undefined : requireVersion(input.version);
    const current = id === undefined ? undefined : await findOr404(trx, id, { lock: true });
    if (current && current.version !== version) throw staleVersion('category_stale_version', await describe(trx, current));
    const shape = new Shape(await manage.links(trx));
    const parentId = input.parent_id ?? current?.parent_id ?? null;
    checkParent(shape, current, input, parentId);

    const newTitle = title ?? current?.title ?? '';
    const alias = aliasOf(input, current, newTitle);
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
        input.ordering ??
        (current && current.parent_id === parentId ? current.ordering : parentId === null ? 0 : await manage.nextOrdering(trx, parentId)),
    };
    const record = current ? await manage.update(trx, current.id, current.version, values) : await manage.insert(trx, values);
    // The row is locked since it was read, so the version cannot have moved; kept as the one guarded write.
    if (!record) throw staleVersion('category_stale_version', await describe(trx, await findOr404(trx, id as number)));
    await logChange(trx, actorId, current ? 'update' : 'create', current, record);
    return describe(trx, record);
  }

  async setEnabled(actorId: number | null, id: number, enabled: 0 | 1): Promise<CategoryDetails> {
    if (enabled === 0 && id === ROOT_CATEGORY_ID) throw httpError(400, 'category_root_disable', { root: ROOT_CATEGORY_ID });
    return this.db.transaction().execute(async (trx) => {
      const before = await findOr404(trx, id, { lock: true });
      const record = await manage.setEnabled(trx, id, enabled);
      if (!record) throw httpError(404, 'category_not_found', { id });
      // Enabling an enabled category changes nothing: nothing to record.
      if (before.enabled !== record.enabled) await logChange(trx, actorId, enabled ? 'enable' : 'disable', before, record);
      return describe(trx, record);
    });
  }

  /** One step up or down, or to a position (1 = first) among its siblings. */
  async move(actorId: number | null, id: number, to: SiblingMove): Promise<CategoryDetails> {
    return this.db.transaction().execute(async (trx) => {
      // The same lock as create/update/delete: two moves under one parent renumber one after the other.
      await manage.lockForChanges(trx);
      const category = await findOr404(trx, id, { lock: true });
      if (category.parent_id === null) throw httpError(400, 'category_root_no_siblings', { category: label(category) });
      const siblings = await manage.siblings(trx, category.parent_id);
      const order = reorderSiblings(siblings, id, to);
      if (!Array.isArray(order)) throw httpErrorOf(order.status, order);
      await manage.setOrderings(trx, renumber(order, new Map(siblings.map((sibling) => [sibling.id, sibling.ordering]))));
      const moved = await findOr404(trx, id);
      if (moved.ordering !== category.ordering) await logChange(trx, actorId, 'move', category, moved);
      return describe(trx, moved);
    });
  }

  /** Only a category without children and articles; the fixed ones (root, local, ...) never. */
  async delete(actorId: number | null, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await manage.lockForChanges(trx);
      // The row lock waits for article writes that reference the category (their foreign-key locks).
      const category = await findOr404(trx, id, { lock: true });
      if (isFixedCategory(id)) throw httpError(400, 'category_fixed_delete', { category: label(category) });
      const children = await manage.countChildren(trx, id);
      if (children > 0) {
        throw httpError(409, children === 1 ? 'category_has_child' : 'category_has_children', {
          category: label(category),
          count: children,
        });
      }
      const articles = await manage.countArticles(trx, id);
      if (articles > 0)
        throw httpError(409, articles === 1 ? 'category_used_by_article' : 'category_used_by_articles', {
          category: label(category),
          count: articles,
        });
      await manage.delete(trx, id);
      await logChange(trx, actorId, 'delete', category, undefined);
    });
  }
}
