import { Type } from 'typebox';
import { errors, ListEnvelope } from '../../lib/schemas';

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
});

export const listImportersSchema = {
  tags: ['importers'],
  summary: 'Scheduled imports (right import)',
  response: { 200: ListEnvelope(ImporterSchema), ...errors(401, 403) },
};
