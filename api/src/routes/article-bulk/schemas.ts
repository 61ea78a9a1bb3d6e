import { BULK_MAX_IDS } from 'contracts/rules/bulk-actions';
import { BulkArticlesBodySchema, BulkArticlesResponseSchema } from 'contracts/schemas/bulk';
import { Envelope, errors } from 'contracts/schemas/common';

// The OpenAPI description of the bulk route; the shapes are the contracts'.

export const bulkArticlesSchema = {
  tags: ['articles'],
  summary: 'One action on several articles of the list (approve, unpublish, trash, restore, feature, unfeature)',
  description:
    `Each article is checked and changed on its own, as its single-article call would (POST /api/portal/article/update or /restore): ` +
    'the same rights per article (the owner or edit_all_articles for trash and restore, approve_article for approve and unpublish, ' +
    'feature_article for feature and unfeature) and the same state rules. A refused article changes nothing and does not stop the ' +
    `others: each gets its result (done, unchanged or refused with the coded reason). At most ${BULK_MAX_IDS} distinct ids. JSON body.`,
  body: BulkArticlesBodySchema,
  response: { 200: Envelope(BulkArticlesResponseSchema), ...errors(400, 401) },
};
