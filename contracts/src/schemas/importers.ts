import { Type, type Static } from 'typebox';
import { ErrorParamsSchema, NamedRefSchema, Nullable, StringEnum, VersionField } from './common';

// Scheduled imports (spec section 3 "Scheduled import"), their runs (cron) and run history.

/** What became of a run of one importer; `running` until it ends, `not_modified` when the feed had not changed. */
export const IMPORT_RUN_STATUSES = ['running', 'ok', 'error', 'not_modified'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

/** One run of one importer (GET /api/v2/portal/importer/{id}/runs, and `last_run` of an importer). */
export const ImportRunSchema = Type.Object({
  id: Type.Integer(),
  importer_id: Type.Integer(),
  trigger: StringEnum(['manual', 'schedule'] as const, {
    description: 'manual (run modal or cron call) or schedule (the in-process scheduler)',
  }),
  status: StringEnum(IMPORT_RUN_STATUSES),
  started: Type.String({ format: 'date-time' }),
  finished: Nullable(Type.String({ format: 'date-time' })),
  seen: Type.Integer(),
  new: Type.Integer(),
  duplicate: Type.Integer(),
  failed: Type.Integer(),
  error: Nullable(Type.String(), { description: 'Why it failed, in English' }),
  error_code: Nullable(Type.String(), {
    description: 'The catalogue code of the failure, e.g. import_run_interrupted (its process ended mid-run)',
  }),
  error_params: Nullable(ErrorParamsSchema),
});
export type ImportRun = Static<typeof ImportRunSchema>;
export type ImportRunTrigger = ImportRun['trigger'];

export { ImportDefaultsSchema, type ImportDefaults } from './import-defaults';

/**
 * The Defaults in an importer as answered: the stored JSON as it is (ImportDefaults for everything saved
 * through the API; rows written before may lack fields, so the answer is not checked field by field).
 */
export const ImporterDefaultsSchema = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Defaults applied to each imported article',
});

/** A scheduled import as the API answers it. */
export const ImporterSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  feed_url: Type.String(),
  plugin: Type.String(),
  schedule: Type.Integer({ description: '1 hourly, 2 daily, 3 weekly, 4 every 5 minutes' }),
  enabled: Type.Integer({ description: '1 or 0' }),
  defaults: ImporterDefaultsSchema,
  created: Type.String({ format: 'date-time' }),
  modified: Type.String({ format: 'date-time' }),
  version: Type.Integer({ description: 'Send it back to update the importer' }),
  last_run: Type.Optional(Nullable(ImportRunSchema, { description: 'The newest run (list only), null before the first run' })),
});
export type Importer = Static<typeof ImporterSchema>;

/** POST /api/v2/portal/importer: create (id 0 or missing) or update; form or JSON. */
export const SaveImporterBodySchema = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 0, description: 'The importer to update; missing or 0 creates one' })),
  version: Type.Optional(VersionField),
  title: Type.Optional(Type.String()),
  feed_url: Type.Optional(Type.String()),
  plugin: Type.Optional(Type.String()),
  schedule: Type.Optional(Type.String({ description: '1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins' })),
  enabled: Type.Optional(Type.String({ description: '1 Yes, 0 No' })),
  defaults: Type.Optional(Type.Unknown({ description: 'The Defaults as a JSON string' })),
});
export type SaveImporterBody = Static<typeof SaveImporterBodySchema>;

/** A feed type an importer can read (GET /api/v2/portal/importer/plugins). */
export const FeedPluginSchema = Type.Object({ id: Type.String(), title: Type.String() });
export type FeedPlugin = Static<typeof FeedPluginSchema>;

/** A content type an imported article can have (GET /api/v2/portal/content-types). */
export const ContentTypeSchema = Type.Object({ id: Type.String(), name: Type.String() });
export type ContentType = Static<typeof ContentTypeSchema>;

/** A content creator (GET /api/v2/portal/creators): a user with the right create_article. */
export const CreatorSchema = NamedRefSchema;
export type Creator = Static<typeof CreatorSchema>;

/** How one importer's part of a manual or cron run went; one failure never stops the others. */
export const ImporterOutcomeSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: StringEnum(['ok', 'error', 'skipped'] as const),
  error: Type.Optional(Type.String({ description: 'Why the import failed or was skipped (English)' })),
  error_code: Type.Optional(Type.String({ description: 'The catalogue code of error, for translation (see the error envelope)' })),
  error_params: Type.Optional(ErrorParamsSchema),
  seen: Type.Integer({ description: 'Items in the feed' }),
  created: Type.Integer({ description: 'New articles (would be created, when simulating)' }),
  duplicates: Type.Integer({ description: 'Items imported before (GUID, link or content hash)' }),
  failed: Type.Integer({ description: 'Items that could not be mapped' }),
});
export type ImporterOutcome = Static<typeof ImporterOutcomeSchema>;

/** An article a run wrote (or would write, when simulating). */
export const RunItemSchema = Type.Object({
  id: Type.Integer({ description: 'The new article id; 0 when simulating' }),
  importer_id: Type.Integer(),
  title: Type.String(),
  created: Type.String({ format: 'date-time' }),
  state: Type.Integer(),
  url: Type.String(),
  introtext: Type.String({ description: 'The Intro: sanitised HTML, for the preview' }),
  text: Type.String({ description: 'The Text (the body after the Intro): sanitised HTML, for the preview' }),
  image_error: Type.Optional(Type.String({ description: "Why the item's own image was not imported (English); the article has no image" })),
  image_error_code: Type.Optional(Type.String({ description: 'The catalogue code of image_error, for translation' })),
  image_error_params: Type.Optional(ErrorParamsSchema),
});
export type RunItem = Static<typeof RunItemSchema>;

/** A feed item a run could not import (the feed's other items went on), with why. */
export const RunItemFailureSchema = Type.Object({
  importer_id: Type.Integer(),
  position: Type.Integer({ minimum: 1, description: 'Where the item is in the feed (1 = first)' }),
  error: Type.String({ description: 'Why (English)' }),
  error_code: Type.String({ description: 'The catalogue code of error, for translation (see the error envelope)' }),
  error_params: ErrorParamsSchema,
});
export type RunItemFailure = Static<typeof RunItemFailureSchema>;

/** `data` of GET /cron/import/{group} and /cron/import/single/{id}. */
export const RunResultSchema = Type.Object({
  simulate: Type.Boolean(),
  importers: Type.Array(ImporterOutcomeSchema),
  items: Type.Array(RunItemSchema),
  failures: Type.Array(RunItemFailureSchema, { description: 'Items that could not be imported, each with why (counted in failed)' }),
});
export type RunResult = Static<typeof RunResultSchema>;

/** ?simulate=1 shows what would be imported and writes nothing. */
export const SimulateQuerySchema = Type.Object({
  simulate: Type.Optional(StringEnum(['0', '1'] as const, { default: '0', description: '1: show what would be imported, write nothing' })),
});

/** GET /api/v2/portal/importer/{id}/runs. */
export const RunsQuerySchema = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })) });
