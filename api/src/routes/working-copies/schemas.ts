import { Envelope, errors } from 'contracts/schemas/common';
import {
  WorkingCopyBodySchema,
  WorkingCopyDataSchema,
  WorkingCopyDiscardedSchema,
  WorkingCopyParamsSchema,
  WorkingCopySavedSchema,
} from 'contracts/schemas/working-copy';

// The OpenAPI description of the working copy routes; the shapes are the contracts'.

const RIGHTS =
  'Only for an article the caller may edit (its owner, or edit_all_articles) where it lies (scoped roles: 403 article_outside_scope). ' +
  'Each user has their own; the article, its version and its edit lock are not touched.';

export const getWorkingCopySchema = {
  tags: ['article editor'],
  summary: "The caller's unsaved changes of an article (the editor's autosave), or null",
  description: RIGHTS,
  params: WorkingCopyParamsSchema,
  response: { 200: Envelope(WorkingCopyDataSchema), ...errors(400, 401, 403, 404) },
};

export const putWorkingCopySchema = {
  tags: ['article editor'],
  summary: "Keep the editor's unsaved form on the server (autosave; replaces the caller's earlier one)",
  description:
    `${RIGHTS} The editor sends it at most every 5 seconds while the user types and once when the page goes away; ` +
    'a good save of the article discards it. Kept for WORKING_COPY_RETENTION_DAYS (default 14) after its last write.',
  params: WorkingCopyParamsSchema,
  body: WorkingCopyBodySchema,
  response: { 200: Envelope(WorkingCopySavedSchema), ...errors(400, 401, 403, 404) },
};

export const deleteWorkingCopySchema = {
  tags: ['article editor'],
  summary: "Discard the caller's unsaved changes of an article",
  description: RIGHTS,
  params: WorkingCopyParamsSchema,
  response: { 200: Envelope(WorkingCopyDiscardedSchema), ...errors(400, 401, 403, 404) },
};
