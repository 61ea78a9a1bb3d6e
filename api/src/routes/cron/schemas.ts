import { Type } from 'typebox';
import { Envelope, ErrorParamsSchema, errors, IntegerEnum, ListEnvelope, StringEnum } from 'contracts/schemas/common';

const OutcomeSchema = Type.Object({
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

const ItemSchema = Type.Object({
  id: Type.Integer({ description: 'The new article id; 0 when simulating' }),
  importer_id: Type.Integer(),
  title: Type.String(),
  created: Type.String({ format: 'date-time' }),
  state: Type.Integer(),
  url: Type.String(),
  introtext: Type.String({ description: 'Sanitised HTML, for the preview' }),
});

const RunResultSchema = Type.Object({
  simulate: Type.Boolean(),
  importers: Type.Array(OutcomeSchema),
  items: Type.Array(ItemSchema),
});

const simulateQuery = Type.Object({
  simulate: Type.Optional(StringEnum(['0', '1'] as const, { default: '0', description: '1: show what would be imported, write nothing' })),
});

const CRON_DESCRIPTION =
  'Needs a session with the right import, or the header X-Cron-Secret equal to CRON_SECRET (an external scheduler). ' +
  "One importer's failure is reported in its outcome and never stops the others.";

export const runGroupSchema = {
  tags: ['importers'],
  summary: 'Run the enabled importers of a schedule group (-1 all, 1 hourly, 2 daily, 3 weekly, 4 every 5 minutes)',
  description: CRON_DESCRIPTION,
  params: Type.Object({ id: IntegerEnum([-1, 1, 2, 3, 4] as const, { description: '-1 all, or a schedule code 1–4' }) }),
  querystring: simulateQuery,
  response: { 200: Envelope(RunResultSchema), ...errors(400, 401, 403) },
};

export const runSingleSchema = {
  tags: ['importers'],
  summary: 'Run one importer (enabled or not)',
  description: CRON_DESCRIPTION,
  params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'Importer id' }) }),
  querystring: simulateQuery,
  response: { 200: Envelope(RunResultSchema), ...errors(400, 401, 403, 404) },
};

export const RunSchema = Type.Object({
  id: Type.Integer(),
  importer_id: Type.Integer(),
  trigger: Type.String({ description: 'manual or schedule' }),
  status: StringEnum(['running', 'ok', 'error', 'not_modified'] as const),
  started: Type.String({ format: 'date-time' }),
  finished: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  seen: Type.Integer(),
  new: Type.Integer(),
  duplicate: Type.Integer(),
  failed: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  error_code: Type.Union([Type.String(), Type.Null()], { description: 'The catalogue code of the failure, e.g. import_run_interrupted (its process ended mid-run)' }),
  error_params: Type.Union([ErrorParamsSchema, Type.Null()]),
});

export const listRunsSchema = {
  tags: ['importers'],
  summary: "An importer's run history, newest first (right import)",
  params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'Importer id' }) }),
  querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })) }),
  response: { 200: ListEnvelope(RunSchema), ...errors(400, 401, 403, 404) },
};

export const shortLinkSchema = {
  tags: ['system'],
  summary: 'A short link made by an importer (tinyURL "Generate TinyURL"): redirects to the article source',
  params: Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9]{4,32}$' }) }),
  security: [],
  response: { ...errors(400, 404) },
};
