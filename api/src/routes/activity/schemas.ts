import { Type } from 'typebox';
import { ActivityEntrySchema, ActivityQuerySchema, ArticleActivityQuerySchema } from 'contracts/schemas/activity';
import { errors, Id, ListEnvelope } from 'contracts/schemas/common';

// The OpenAPI description of the activity log's routes; the shapes are the contracts'.

export const listActivitySchema = {
  tags: ['activity'],
  summary: 'The activity log: who changed what and when, newest first (right view_activity)',
  description:
    'Every state-changing call, sign-ins, sign-outs and refused sign-ins. Filters combine; `from` is inclusive, `to` exclusive. ' +
    '`entity_id` needs `entity`.',
  querystring: ActivityQuerySchema,
  response: { 200: ListEnvelope(ActivityEntrySchema), ...errors(400, 401, 403) },
};

export const articleActivitySchema = {
  tags: ['activity'],
  summary: "An article's own activity, newest first (whoever may see the article)",
  params: Type.Object({ id: Id('Article id') }),
  querystring: ArticleActivityQuerySchema,
  response: { 200: ListEnvelope(ActivityEntrySchema), ...errors(400, 401, 403, 404) },
};
