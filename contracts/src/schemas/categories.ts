import { Type, type Static, type TSchema } from 'typebox';
import { CATEGORY_LIMITS } from '../rules/field-limits';
import { MAX_ID, Nullable, StringEnum, VersionField } from './common';

// The category tree and its management (GET /api/categories/tree, /api/v2/portal/category…).

/** The fields of a tree node besides its children. */
const CategoryNodeFieldsSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  alias: Type.String(),
  colour: Nullable(Type.String(), { description: 'CSS colour, e.g. #1677ff' }),
  parent_id: Nullable(Type.Integer(), { description: 'null for the root (id 8)' }),
  enabled: Type.Integer({ description: '1 enabled, 0 disabled (disabled ones only with includeDisabled=1)' }),
  level: Type.Integer({ description: '1 for the root (id 8), 2 for the main sections, ...' }),
  leaf: Type.Boolean(),
  selected: Type.Boolean(),
});

/** A tree node with its children, nested `depth` levels (deeper levels are passed through as they are). */
function categoryNodeSchema(depth: number): TSchema {
  return Type.Object({
    ...CategoryNodeFieldsSchema.properties,
    subcategories: Type.Array(depth > 1 ? categoryNodeSchema(depth - 1) : Type.Unknown()),
  });
}

/** A node of GET /api/categories/tree; the tree is at most 4 levels deep (root, section, sub-section, leaf). */
export const CategoryNodeSchema = categoryNodeSchema(5);
/** A node of GET /api/categories/tree (the schema's fields, with its children of the same shape). */
export type CategoryNode = Static<typeof CategoryNodeFieldsSchema> & { subcategories: CategoryNode[] };

/** GET /api/categories/tree. */
export const CategoryTreeQuerySchema = Type.Object({
  includeDisabled: Type.Optional(StringEnum(['0', '1'] as const, { description: '1 also lists disabled categories' })),
});

/** The kinds of category, by level (GET /api/v2/categories/types). */
export const CategoryTypeSchema = Type.Object({
  id: StringEnum(['root', 'section', 'sub-section', 'leaf'] as const),
  title: Type.String(),
  level: Type.Integer(),
  description: Type.String(),
});
export type CategoryType = Static<typeof CategoryTypeSchema>;

/** One category as its management reads and answers it. */
export const CategoryRecordSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  alias: Type.String({ description: 'Unique among the children of one parent' }),
  colour: Nullable(Type.String(), { description: '#rrggbb' }),
  parent_id: Nullable(Type.Integer(), { description: 'null for the root (id 8)' }),
  enabled: Type.Integer({ description: '1 enabled, 0 disabled' }),
  ordering: Type.Integer({ description: 'Position among its siblings (ascending)' }),
  version: Type.Integer({ description: 'Send it back to update the category' }),
  level: Nullable(Type.Integer(), { description: '1 for the root (id 8), 2 for the sections, … 4 at most; null when not below the root' }),
  type: Type.String({ description: 'root, section, sub-section or leaf (by level, see GET /api/v2/categories/types)' }),
  main: Type.Boolean({ description: 'A main category: its parent is 8 or 804' }),
  subcategories: Type.Integer({ description: 'Number of direct children' }),
});
export type CategoryRecord = Static<typeof CategoryRecordSchema>;

/** POST /api/v2/portal/category: create (no id) or update (id; fields left out keep their value). */
export const SaveCategoryBodySchema = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 0, description: 'The category to update; missing or 0 creates one' })),
  version: Type.Optional(VersionField),
  title: Type.Optional(Type.String({ maxLength: CATEGORY_LIMITS.title.max })),
  alias: Type.Optional(Type.String({ maxLength: CATEGORY_LIMITS.alias.max, description: 'Empty: derived from the title' })),
  colour: Type.Optional(Nullable(Type.String(), { description: '#rrggbb; empty or null for none' })),
  parent_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The parent category' })),
  ordering: Type.Optional(Type.Integer({ minimum: -MAX_ID - 1, maximum: MAX_ID, description: 'Position among its siblings' })),
});
export type SaveCategoryBody = Static<typeof SaveCategoryBodySchema>;

/** POST /api/v2/portal/category/{id}/move: either direction or position. */
export const MoveCategoryBodySchema = Type.Object({
  direction: Type.Optional(StringEnum(['up', 'down', 'first', 'last'] as const, { description: 'One step or to either end' })),
  position: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The new 1-based place among its siblings' })),
});
export type MoveCategoryBody = Static<typeof MoveCategoryBodySchema>;
