import { Type } from 'typebox';
import { Envelope, errors, ListEnvelope, SavedSchema } from 'contracts/schemas/common';
import { ContentTypeSchema, FeedPluginSchema, ImporterSchema, SaveImporterBodySchema } from 'contracts/schemas/importers';

// The OpenAPI description of the importer routes; the shapes are the contracts'.

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
  body: SaveImporterBodySchema,
  response: { 200: Envelope(SavedSchema), ...errors(400, 401, 403, 404, 409) },
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
  response: { 200: Envelope(Type.Array(FeedPluginSchema)), ...errors(401, 403) },
};

export const contentTypesSchema = {
  tags: ['importers'],
  summary: 'Content types an imported article can have (right import)',
  response: { 200: Envelope(Type.Array(ContentTypeSchema)), ...errors(401, 403) },
};
