import { Type, type TSchema } from 'typebox';
import { Envelope, errors, StringEnum } from 'contracts/schemas/common';
import { VersionField } from '../../lib/edit-version';

/** A tree node, nested `depth` levels (deeper levels are passed through as they are). */
function CategoryNode(depth: number): TSchema {
  return Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    alias: Type.String(),
    colour: Type.Union([Type.String(), Type.Null()], { description: 'CSS colour, e.g. #1677ff' }),
    parent_id: Type.Union([Type.Integer(), Type.Null()], { description: 'null for the root (id 8)' }),
    enabled: Type.Integer({ description: '1 enabled, 0 disabled' }),
    level: Type.Integer({ description: '1 for the root (id 8), 2 for the main sections, ...' }),
    leaf: Type.Boolean(),
    selected: Type.Boolean(),
    subcategories: Type.Array(depth > 1 ? CategoryNode(depth - 1) : Type.Unknown()),
  });
}

export const treeSchema = {
  tags: ['categories'],
  summary: 'The category tree (root id 8; parents 8 and 804 mark main categories)',
  querystring: Type.Object({
    includeDisabled: Type.Optional(StringEnum(['0', '1'] as const, { description: '1 also lists disabled categories' })),
  }),
  response: { 200: Envelope(Type.Array(CategoryNode(5))), ...errors(400, 401) },
};

const CategoryId = Type.Integer({ minimum: 1, description: 'Category id' });
const idParams = Type.Object({ id: CategoryId });

export const CategoryRecordSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  alias: Type.String({ description: 'Unique among the children of one parent' }),
  colour: Type.Union([Type.String(), Type.Null()], { description: '#rrggbb' }),
  parent_id: Type.Union([Type.Integer(), Type.Null()], { description: 'null for the root (id 8)' }),
  enabled: Type.Integer({ description: '1 enabled, 0 disabled' }),
  ordering: Type.Integer({ description: 'Position among its siblings (ascending)' }),
  version: Type.Integer({ description: 'Send it back to update the category' }),
  level: Type.Union([Type.Integer(), Type.Null()], { description: '1 for the root (id 8), 2 for the sections, … 4 at most; null when not below the root' }),
  type: Type.String({ description: 'root, section, sub-section or leaf (by level, see GET /api/v2/categories/types)' }),
  main: Type.Boolean({ description: 'A main category: its parent is 8 or 804' }),
  subcategories: Type.Integer({ description: 'Number of direct children' }),
});

export const typesSchema = {
  tags: ['categories'],
  summary: 'The kinds of category, by level: section (2), sub-section (3), leaf (4)',
  response: {
    200: Envelope(
      Type.Array(
        Type.Object({ id: Type.String(), title: Type.String(), level: Type.Integer(), description: Type.String() }),
      ),
    ),
    ...errors(401),
  },
};

export const getCategorySchema = {
  tags: ['categories'],
  summary: 'One category',
  params: idParams,
  response: { 200: Envelope(CategoryRecordSchema), ...errors(400, 401, 404) },
};

export const saveCategorySchema = {
  tags: ['categories'],
  summary: 'Create a category (no id) or update one (id); right manage_categories',
  description:
    'Form or JSON body. Create: title and parent_id are required; alias, colour and ordering optional (ordering defaults to after the last sibling). ' +
    'Update: fields left out keep their value. An empty alias is derived from the title (lowercase, diacritics stripped, other characters → "-"); ' +
    'a given alias is normalised the same way. The alias is unique among the children of one parent (409). Categories nest at most three levels ' +
    'below the root 8 (levels 2–4); a category cannot move under itself or its own sub-categories; 8 stays the root and 804 stays under 8 (400). ' +
    'An update needs the version it was made from (GET /api/v2/portal/category/{id}); a save of an older version answers 409 with the ' +
    'current category in data.current. Message "Saved".',
  body: Type.Object({
    id: Type.Optional(Type.Integer({ minimum: 0, description: 'The category to update; missing or 0 creates one' })),
    version: Type.Optional(VersionField),
    title: Type.Optional(Type.String({ maxLength: 255 })),
    alias: Type.Optional(Type.String({ maxLength: 255, description: 'Empty: derived from the title' })),
    colour: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: '#rrggbb; empty or null for none' })),
    parent_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The parent category' })),
    ordering: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647, description: 'Position among its siblings' })),
  }),
  response: { 200: Envelope(CategoryRecordSchema), ...errors(400, 401, 403, 404, 409) },
};

export const enableCategorySchema = {
  tags: ['categories'],
  summary: 'Enable a category; right manage_categories. Message "Enabled"',
  params: idParams,
  response: { 200: Envelope(CategoryRecordSchema), ...errors(400, 401, 403, 404) },
};

export const disableCategorySchema = {
  tags: ['categories'],
  summary: 'Disable a category (the tree then hides it and its subtree); right manage_categories. Message "Disabled"',
  description: 'The root 8 cannot be disabled (400).',
  params: idParams,
  response: { 200: Envelope(CategoryRecordSchema), ...errors(400, 401, 403, 404) },
};

export const deleteCategorySchema = {
  tags: ['categories'],
  summary: 'Delete a category; right manage_categories. Message "Deleted"',
  description:
    'Refused (409) while it has sub-categories or articles use it (catid, main category or topics). The fixed parents 8 and 804 cannot be deleted (400).',
  params: idParams,
  response: { 200: Envelope(Type.Null()), ...errors(400, 401, 403, 404, 409) },
};

export const moveCategorySchema = {
  tags: ['categories'],
  summary: 'Reorder a category among its siblings; right manage_categories. Message "Moved"',
  description:
    'Body: either direction (up, down, first, last) or position (1 = first among the children of the same parent). ' +
    'The siblings are renumbered 1…n (ordering), so GET /api/categories/tree lists them in the new order; disabled siblings count too. ' +
    'Up on the first or down on the last, a position outside 1…n, or both or neither of direction and position: 400. ' +
    'The parent does not change (POST /api/v2/portal/category with parent_id moves a category elsewhere).',
  params: idParams,
  body: Type.Object({
    direction: Type.Optional(StringEnum(['up', 'down', 'first', 'last'] as const, { description: 'One step or to either end' })),
    position: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The new 1-based place among its siblings' })),
  }),
  response: { 200: Envelope(CategoryRecordSchema), ...errors(400, 401, 403, 404) },
};
