import { Type } from 'typebox';
import { Envelope, errors, IntegerEnum, ListEnvelope } from 'contracts/schemas/common';
import { ImportRunSchema, RunResultSchema, RunsQuerySchema, SimulateQuerySchema } from 'contracts/schemas/importers';

// The OpenAPI description of the cron and run-history routes; the shapes are the contracts'.

const CRON_DESCRIPTION =
  'Needs a session with the right import, or the header X-Cron-Secret equal to CRON_SECRET (an external scheduler). ' +
  "One importer's failure is reported in its outcome and never stops the others.";

export const runGroupSchema = {
  tags: ['importers'],
  summary: 'Run the enabled importers of a schedule group (-1 all, 1 hourly, 2 daily, 3 weekly, 4 every 5 minutes)',
  description: CRON_DESCRIPTION,
  params: Type.Object({ id: IntegerEnum([-1, 1, 2, 3, 4] as const, { description: '-1 all, or a schedule code 1–4' }) }),
  querystring: SimulateQuerySchema,
  response: { 200: Envelope(RunResultSchema), ...errors(400, 401, 403) },
};

export const runSingleSchema = {
  tags: ['importers'],
  summary: 'Run one importer (enabled or not)',
  description: CRON_DESCRIPTION,
  params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'Importer id' }) }),
  querystring: SimulateQuerySchema,
  response: { 200: Envelope(RunResultSchema), ...errors(400, 401, 403, 404) },
};

export const listRunsSchema = {
  tags: ['importers'],
  summary: "An importer's run history, newest first (right import)",
  params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'Importer id' }) }),
  querystring: RunsQuerySchema,
  response: { 200: ListEnvelope(ImportRunSchema), ...errors(400, 401, 403, 404) },
};

export const shortLinkSchema = {
  tags: ['system'],
  summary: 'A short link made by an importer (tinyURL "Generate TinyURL"): redirects to the article source',
  params: Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9]{4,32}$' }) }),
  security: [],
  response: { ...errors(400, 404) },
};
