import { Type } from 'typebox';
import {
  CategoryNodeSchema,
  CategoryRecordSchema,
  CategoryTreeQuerySchema,
  CategoryTypeSchema,
  MoveCategoryBodySchema,
  SaveCategoryBodySchema,
} from 'contracts/schemas/categories';
import { Envelope, errors } from 'contracts/schemas/common';

// The OpenAPI description of the category routes; the shapes are the contracts'.

export const treeSchema = {
  tags: ['categories'],
  summary: 'The category tree (root id 8; parents 8 and 804 mark main categories)',
  querystring: CategoryTreeQuerySchema,
  response: { 200: Envelope(Type.Array(CategoryNodeSchema)), ...errors(400, 401) },
};

const CategoryId = Type.Integer({ minimum: 1, description: 'Category id' });
const idParams = Type.Object({ id: CategoryId });

export const typesSchema = {
  tags: ['categories'],
  summary: 'The kinds of category, by level: section (2), sub-section (3), leaf (4)',
  response: {
    200: Envelope(Type.Array(CategoryTypeSchema)),
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
  body: SaveCategoryBodySchema,
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
  body: MoveCategoryBodySchema,
  response: { 200: Envelope(CategoryRecordSchema), ...errors(400, 401, 403, 404) },
};
