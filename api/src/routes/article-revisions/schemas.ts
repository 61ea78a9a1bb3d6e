import { Envelope, errors, ListEnvelope } from 'contracts/schemas/common';
import {
  RestoreRevisionBodySchema,
  RestoredSchema,
  RevisionParamsSchema,
  RevisionSchema,
  RevisionsParamsSchema,
  RevisionsQuerySchema,
  RevisionSummarySchema,
} from 'contracts/schemas/revisions';

// The OpenAPI description of the revision history's routes; the shapes are the contracts'.

const RIGHTS = 'Needs the rights of editing the article: its owner, or edit_all_articles (403 otherwise).';

export const listRevisionsSchema = {
  tags: ['article revisions'],
  summary: "An article's revisions, newest first, paged: who, when, which version and what changed",
  description: `Every successful save records one (editor save, list changes, import creation, restore). ${RIGHTS}`,
  params: RevisionsParamsSchema,
  querystring: RevisionsQuerySchema,
  response: { 200: ListEnvelope(RevisionSummarySchema), ...errors(400, 401, 403, 404) },
};

export const getRevisionSchema = {
  tags: ['article revisions'],
  summary: 'One revision of an article, whole (the content of every field a user edits)',
  description: RIGHTS,
  params: RevisionParamsSchema,
  response: { 200: Envelope(RevisionSchema), ...errors(400, 401, 403, 404) },
};

export const restoreRevisionSchema = {
  tags: ['article revisions'],
  summary: "Restore a revision: its content becomes the article's next version (itself a revision)",
  description:
    `A save through the editor's workflow: the form rules apply (400), the edit lock must be free or yours (423) and \`version\` ` +
    'must be the stored one (409). Flags the user may not change keep their current values; the state is not changed. ' +
    RIGHTS,
  params: RevisionParamsSchema,
  body: RestoreRevisionBodySchema,
  response: { 200: Envelope(RestoredSchema), ...errors(400, 401, 403, 404, 409, 423) },
};
