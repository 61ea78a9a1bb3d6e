import { Type, type Static } from 'typebox';
import { EditArticleSchema } from './article';
import { Id, MAX_ID, Nullable } from './common';
import { RevisionContentSchema } from './revisions';
import { WORKING_COPY_MAX_CHARS } from '../rules/working-copy';

// A user's working copy of an article (/api/v2/articles/{id}/working-copy): the editor's unsaved form,
// kept on the server while typing so that it survives a closed browser and follows the user to
// another device. Not a revision: the article, its version and its edit lock stay as they are.

export const WorkingCopyParamsSchema = Type.Object({ id: Id('Article id') });

/** The form's fields as the editor holds them: any JSON object (it may be mid-edit, so it is not checked as an article). */
export const WorkingCopyFieldsSchema = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
  maxProperties: 200,
  description: `The editor's form, as JSON (at most ${WORKING_COPY_MAX_CHARS} characters); not checked as an article until it is saved`,
});

export const WorkingCopyBodySchema = Type.Object(
  {
    base_version: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The version of the article the editing started from' }),
    fields: WorkingCopyFieldsSchema,
  },
  { additionalProperties: false },
);
export type WorkingCopyBody = Static<typeof WorkingCopyBodySchema>;

export const WorkingCopySchema = Type.Object({
  article_id: Type.Integer(),
  base_version: Type.Integer(),
  fields: WorkingCopyFieldsSchema,
  saved_at: Type.String({ format: 'date-time', description: 'When it was last written' }),
});
export type WorkingCopy = Static<typeof WorkingCopySchema>;

/** `data` of GET: the caller's working copy of the article, or null when there is none. */
export const WorkingCopyDataSchema = Nullable(WorkingCopySchema);

/** `data` of PUT: when it was written. */
export const WorkingCopySavedSchema = Type.Object({ saved_at: Type.String({ format: 'date-time' }) });

/** `data` of DELETE: whether there was one. */
export const WorkingCopyDiscardedSchema = Type.Object({ discarded: Type.Boolean() });

/**
 * What a stale save's 409 carries beside its code, for a three-way merge in the editor: `base` the
 * content of the version the form was opened at (null when that version's content is no longer
 * kept), `theirs` the article as it is now (with the version to save against).
 */
export const MergeDataSchema = Type.Object({
  base_version: Type.Integer(),
  base: Nullable(RevisionContentSchema),
  theirs: EditArticleSchema,
});
export type MergeData = Static<typeof MergeDataSchema>;
