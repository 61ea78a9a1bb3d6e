import { Type, type Static } from 'typebox';
import { BULK_ACTIONS, BULK_MAX_IDS, BULK_OUTCOMES } from '../rules/bulk-actions';
import { ArticleChangeSchema } from './articles';
import { ErrorParamsSchema, Id, StringEnum } from './common';

// POST /api/portal/articles/bulk: one action on several articles of the list, each checked on its own.

export const BulkArticlesBodySchema = Type.Object({
  ids: Type.Array(Id('Article id'), {
    minItems: 1,
    maxItems: BULK_MAX_IDS,
    uniqueItems: true,
    description: `The articles, each once (at most ${BULK_MAX_IDS}: the largest page of the list); done in this order`,
  }),
  action: StringEnum(BULK_ACTIONS, {
    description:
      'approve (state 1), unpublish (state 0), trash (state -2; one already in the trash stays), restore (-2 → 0), feature, unfeature',
  }),
});
export type BulkArticlesBody = Static<typeof BulkArticlesBodySchema>;

/** What happened to one article of a bulk action. */
export const BulkResultSchema = Type.Object({
  id: Type.Integer(),
  outcome: StringEnum(BULK_OUTCOMES, {
    description: 'done: changed; unchanged: it had the value already; refused: not allowed (error says why), nothing changed',
  }),
  article: Type.Optional(ArticleChangeSchema),
  status: Type.Optional(Type.Integer({ description: 'refused: the status the single-article call answers (400, 403, 404, 409)' })),
  error: Type.Optional(
    Type.String({ description: 'refused: the machine code (contracts/errors/api-errors.json); the client translates it' }),
  ),
  params: Type.Optional(ErrorParamsSchema),
});
export type BulkResult = Static<typeof BulkResultSchema>;

export const BulkArticlesResponseSchema = Type.Object({
  action: StringEnum(BULK_ACTIONS),
  results: Type.Array(BulkResultSchema, { description: 'One per id, in the order of ids' }),
  done: Type.Integer({ description: 'How many were changed' }),
  unchanged: Type.Integer({ description: 'How many had the value already' }),
  refused: Type.Integer({ description: 'How many were refused' }),
});
export type BulkArticlesResponse = Static<typeof BulkArticlesResponseSchema>;
