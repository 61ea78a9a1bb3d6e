import { Type } from 'typebox';
import { Envelope, errors } from 'contracts/schemas/common';
import {
  ArticleChangeSchema,
  ArticleIdBodySchema,
  ArticleListEnvelope,
  ArticleListItemSchema,
  ArticleListQuerySchema,
  articleSearchQuerySchema,
  ArticleSearchItemSchema,
  EstimatedListEnvelope,
  OnlineSubmitterSchema,
  ScheduleArticleBodySchema,
  UpdateArticleBodySchema,
} from 'contracts/schemas/articles';

// The OpenAPI description of the article list's routes; the shapes are the contracts'.

export const listArticlesSchema = {
  tags: ['articles'],
  summary: 'The article list of the portal, filtered, sorted and paged',
  description:
    'Users without view_all_articles see only their own articles and may not filter (403) but for their own trash (status -2); ' +
    "paging and sorting work for everyone. trash_total: how many articles of the caller's list are in the trash. " +
    'Empty filter values count as not given.',
  querystring: ArticleListQuerySchema,
  response: { 200: ArticleListEnvelope(ArticleListItemSchema), ...errors(400, 401, 403) },
};

const SEARCH_SCOPE =
  'Users with view_all_articles search every article; others search published articles and their own. An empty term gives an empty result.';

export const searchArticlesSchema = {
  tags: ['articles'],
  summary: 'Search all articles (full text over title and intro)',
  description: SEARCH_SCOPE,
  querystring: articleSearchQuerySchema('Words to find (English stemming; "quotes", OR and -word work)'),
  response: { 200: EstimatedListEnvelope(ArticleSearchItemSchema), ...errors(400, 401) },
};

export const searchTitlesSchema = {
  tags: ['articles'],
  summary: 'Search all titles (at most 5 words; every word must appear in the title)',
  description: `${SEARCH_SCOPE} Words are matched anywhere in the title, in any letter case; at least one needs 3 characters.`,
  querystring: articleSearchQuerySchema('Up to 5 words'),
  response: { 200: EstimatedListEnvelope(ArticleSearchItemSchema), ...errors(400, 401) },
};

export const updateArticleSchema = {
  tags: ['articles'],
  summary: 'Change one field of an article from the list',
  description:
    'access: 1 or 2 (set_access; an article at 3 keeps it, 409). newsletter: 0 or 1 (set_access). featured: 0 or 1 (feature_article). ' +
    'state: 0 or 1 as approve gives it (approve_article: 1 becomes 0, anything else 1), 4 to submit a draft, -2 to move to the trash ' +
    '(owner or edit_all_articles). The value is the one wanted: sending the current value changes nothing. Form or JSON body.',
  body: UpdateArticleBodySchema,
  response: { 200: Envelope(ArticleChangeSchema), ...errors(400, 401, 403, 404, 409) },
};

export const deleteArticleSchema = {
  tags: ['articles'],
  summary: 'Delete an article: to the trash (-2), or for good when it is in the trash already',
  description: 'The owner, or a user with edit_all_articles. Form or JSON body. A permanent delete answers data: null.',
  body: ArticleIdBodySchema,
  response: {
    200: Envelope(Type.Union([ArticleChangeSchema, Type.Null()])),
    ...errors(400, 401, 403, 404),
  },
};

export const restoreArticleSchema = {
  tags: ['articles'],
  summary:
    'Restore an article from the trash (-2) to the state it had (Draft, Awaiting approval, Unpublished; Published only for approvers)',
  description:
    'Rights as for delete: the owner, or a user with edit_all_articles. Form or JSON body. 409 when the article is not in the trash. A schedule is not brought back.',
  body: ArticleIdBodySchema,
  response: { 200: Envelope(ArticleChangeSchema), ...errors(400, 401, 403, 404, 409) },
};

export const submitArticleSchema = {
  tags: ['articles'],
  summary: 'Submit a draft (5) for approval (4)',
  description: 'The owner, or a user with edit_all_articles. Id 0 (a new, unsaved article) is refused.',
  params: Type.Object({ id: Type.Integer({ minimum: 0, description: 'Article id' }) }),
  response: { 200: Envelope(ArticleChangeSchema), ...errors(400, 401, 403, 404, 409) },
};

export const scheduleArticleSchema = {
  tags: ['articles'],
  summary:
    'Schedule a draft (5), an article awaiting approval (4) or an Unpublished one (0): Scheduled, published by the clock at publish_up',
  description:
    'Right approve_article. The article becomes Unpublished (0) with its publish_up pending (Scheduled) and publish_down pending when it lies ahead. ' +
    'publish_up must lie ahead (400); a Published or trashed article is refused (409), as is a version other than the current one (409: changed since the approver saw it). ' +
    'A later manual state change, or a content change by a user without approve_article, withdraws the schedule.',
  params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'Article id' }) }),
  body: ScheduleArticleBodySchema,
  response: { 200: Envelope(ArticleChangeSchema), ...errors(400, 401, 403, 404, 409) },
};

export const onlineSubmittersSchema = {
  tags: ['articles'],
  summary: 'Submitters signed in now (a session used in the last 15 minutes); right edit_all_articles',
  response: { 200: Envelope(Type.Array(OnlineSubmitterSchema)), ...errors(401, 403) },
};
