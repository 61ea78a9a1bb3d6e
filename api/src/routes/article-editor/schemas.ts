import { Envelope, errors, SavedSchema } from 'contracts/schemas/common';
import {
  ArticleEditDataSchema,
  ArticleEditQuerySchema,
  LockParamsSchema,
  LockSchema,
  ReleaseLockQuerySchema,
} from 'contracts/schemas/article';
import { SaveArticleBodySchema } from 'contracts/schemas/article-form';

// The OpenAPI description of the article editor's routes; the shapes are the contracts'.

export const getArticleSchema = {
  tags: ['article editor'],
  summary: 'One article for the editor: the article, its topics, the preview HTML and the edit lock',
  description:
    'id=0 gives an empty new article (right create_article). Opening an article you may edit (owner or edit_all_articles) ' +
    'takes its edit lock, or renews it, when it is free or yours; otherwise `lock` says who holds it and since when (the article is still readable). ' +
    'Needs the owner, view_all_articles or edit_all_articles.',
  querystring: ArticleEditQuerySchema,
  response: {
    200: Envelope(ArticleEditDataSchema),
    ...errors(400, 401, 403, 404),
  },
};

export const saveArticleSchema = {
  tags: ['article editor'],
  summary: 'Save the edit form (form-serialised); copy=1 duplicates into a new draft',
  description:
    'application/x-www-form-urlencoded as shared `toFormBody` makes it (arrays as repeated keys, objects as JSON text), or JSON. ' +
    'New (id 0) and copy need create_article; an existing article needs its owner or edit_all_articles, its edit lock free or ' +
    'yours (423 otherwise) and `version` equal to the stored one (409 otherwise). Changing access or newsletter needs set_access, ' +
    'featured feature_article. The state is not changed by a save (submit and approve do that); new articles and copies are drafts (5).',
  body: SaveArticleBodySchema,
  response: {
    200: Envelope(SavedSchema),
    ...errors(400, 401, 403, 404, 409, 423),
  },
};

export const renewLockSchema = {
  tags: ['article editor'],
  summary: 'Keep the edit lock (heartbeat): renews it, or takes it when free; 423 when someone else holds it',
  params: LockParamsSchema,
  response: { 200: Envelope(LockSchema), ...errors(400, 401, 403, 404, 423) },
};

export const takeLockSchema = {
  tags: ['article editor'],
  summary: 'Take the edit lock over from whoever holds it (right edit_all_articles)',
  params: LockParamsSchema,
  response: { 200: Envelope(LockSchema), ...errors(400, 401, 403, 404) },
};

export const releaseLockSchema = {
  tags: ['article editor'],
  summary: 'Release the edit lock (closing the editor); does nothing when the caller does not hold it',
  params: LockParamsSchema,
  querystring: ReleaseLockQuerySchema,
  response: { 200: Envelope(LockSchema), ...errors(400, 401, 404) },
};
