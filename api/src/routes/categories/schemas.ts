import { Type, type TSchema } from 'typebox';
import { Envelope, errors, StringEnum } from '../../lib/schemas';

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
