import { Type } from 'typebox';
import { Envelope, ErrorParamsSchema, errors, ListEnvelope } from 'contracts/schemas/common';
import { VersionField } from '../../lib/edit-version';

export const LastRunSchema = Type.Object(
  {
    id: Type.Integer(),
    importer_id: Type.Integer(),
    trigger: Type.String({ description: 'manual or schedule' }),
    status: Type.String(),
    started: Type.String(),
    finished: Type.Union([Type.String(), Type.Null()]),
    seen: Type.Integer(),
    new: Type.Integer(),
    duplicate: Type.Integer(),
    failed: Type.Integer(),
    error: Type.Union([Type.String(), Type.Null()]),
    error_code: Type.Union([Type.String(), Type.Null()], { description: 'The catalogue code of the failure, e.g. import_run_interrupted' }),
    error_params: Type.Union([ErrorParamsSchema, Type.Null()]),
  },
  { additionalProperties: true },
);

export const ImporterSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  feed_url: Type.String(),
  plugin: Type.String(),
  schedule: Type.Integer({ description: '1 hourly, 2 daily, 3 weekly, 4 every 5 minutes' }),
  enabled: Type.Integer({ description: '1 or 0' }),
  defaults: Type.Record(Type.String(), Type.Unknown(), { description: 'Defaults applied to each imported article' }),
  created: Type.String({ format: 'date-time' }),
  modified: Type.String({ format: 'date-time' }),
  version: Type.Integer({ description: 'Send it back to update the importer' }),
  last_run: Type.Optional(Type.Union([LastRunSchema, Type.Null()], { description: 'The newest run, null before the first run' })),
});

const idParams = Type.Object({ id: Type.Integer({ minimum: 1, description: 'Importer id' }) });

export const listImportersSchema = {
  tags: ['importers'],
  summary: 'Scheduled imports (right import), each with its last run',
  response: { 200: ListEnvelope(ImporterSchema), ...errors(401, 403) },
};

export const getImporterSchema = {
  tags: ['importers'],
  summary: 'One scheduled import (right import)',
  params: idParams,
  response: { 200: Envelope(ImporterSchema), ...errors(400, 401, 403, 404) },
};

export const saveImporterSchema = {
  tags: ['importers'],
  summary: 'Create (id 0 or missing) or update a scheduled import (right import)',
  description:
    'Form or JSON body. Required: title, feed_url (http or https URL), plugin (GET /api/v2/portal/importer/plugins), and defaults: ' +
    'a JSON string (an object is accepted in a JSON body) with every Defaults field of the spec; contentType ' +
    '(GET /api/v2/portal/content-types), user (a content creator, GET /api/v2/portal/creators) and mainCategory (one of topics) are required. ' +
    "Fields left out of defaults take the form defaults (published '0', date '1', sourceDomain '0', dateFirstPublished '0', tinyURL '0', " +
    "imageSource '0', country '0'). schedule (1–4) and enabled (1/0) default to 1. An update needs the version it was made from " +
    '(GET /api/v2/portal/importer/{id}); a save of an older version answers 409 with the current importer in data.current. ' +
    'published 0 or 1 (approving the articles) needs approve_article unless the importer already has it. Message "Saved"; data { id, version }.',
  body: Type.Object({
    id: Type.Optional(Type.Integer({ minimum: 0, description: 'The importer to update; missing or 0 creates one' })),
    version: Type.Optional(VersionField),
    title: Type.Optional(Type.String()),
    feed_url: Type.Optional(Type.String()),
    plugin: Type.Optional(Type.String()),
    schedule: Type.Optional(Type.String({ description: '1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins' })),
    enabled: Type.Optional(Type.String({ description: '1 Yes, 0 No' })),
    defaults: Type.Optional(Type.Unknown({ description: 'The Defaults as a JSON string' })),
  }),
  response: { 200: Envelope(Type.Object({ id: Type.Integer(), version: Type.Integer() })), ...errors(400, 401, 403, 404, 409) },
};

const actionSchema = (summary: string) => ({
  tags: ['importers'],
  summary,
  params: idParams,
  response: { 200: Envelope(Type.Union([ImporterSchema, Type.Null()])), ...errors(400, 401, 403, 404) },
});

export const enableImporterSchema = actionSchema('Enable a scheduled import (right import); message "Enabled"');
export const disableImporterSchema = actionSchema('Disable a scheduled import (right import); message "Disabled"');
export const deleteImporterSchema = actionSchema('Delete a scheduled import and its run history (right import); message "Deleted"');

export const pluginsSchema = {
  tags: ['importers'],
  summary: 'The feed types an importer can read (right import)',
  response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), title: Type.String() }))), ...errors(401, 403) },
};

export const contentTypesSchema = {
  tags: ['importers'],
  summary: 'Content types an imported article can have (right import)',
  response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))), ...errors(401, 403) },
};
