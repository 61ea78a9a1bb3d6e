import { Type, type Static } from 'typebox';
import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES } from '../rules/activity';
import { Id, MAX_ID, Nullable, StringEnum } from './common';

// The activity log: GET /api/v2/activity and an article's own activity.

/** One field's value before and after (null: none, e.g. on create). */
export const FieldChangeSchema = Type.Object({ from: Type.Unknown(), to: Type.Unknown() });

/** One entry of the activity log. */
export const ActivityEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time', description: 'When (UTC)' }),
  actor: Nullable(Type.Object({ id: Type.Integer(), name: Type.String({ description: "The user's name (#id when the user is gone)" }) }), {
    description: 'Who; null: the system (a scheduled job) or, for sign_in_refused, nobody known',
  }),
  entity: StringEnum(ACTIVITY_ENTITIES),
  entity_id: Nullable(Type.Integer(), { description: 'The id of the record (null: a refused sign-in for an unknown name)' }),
  entity_label: Nullable(Type.String(), {
    description: "The record's name today (an article's or importer's title, a user's name); null when it is gone or has none",
  }),
  action: StringEnum(ACTIVITY_ACTIONS),
  changes: Type.Record(Type.String(), FieldChangeSchema, { description: 'The fields that changed: { field: { from, to } }' }),
  details: Nullable(Type.Record(Type.String(), Type.Unknown()), {
    description: 'What else describes the entry (the login name a refused sign-in tried, the run an importer started, the article copied)',
  }),
  names: Type.Record(Type.String(), Type.String(), {
    description:
      'The names today of the records the changes name by id ("category:804" → the category\'s title, "image:1" → the image\'s caption or file name); a record that is gone has none',
  }),
});
export type ActivityEntry = Static<typeof ActivityEntrySchema>;

/** GET /api/v2/activity: every filter is optional; newest first. */
export const ActivityQuerySchema = Type.Object({
  user: Type.Optional(Id('Who (user id)')),
  entity: Type.Optional(StringEnum(ACTIVITY_ENTITIES, { description: 'What kind of record' })),
  entity_id: Type.Optional(Id('The id of the record (with entity)')),
  action: Type.Optional(StringEnum(ACTIVITY_ACTIONS, { description: 'What was done' })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'From this time (inclusive, ISO 8601 with time zone)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Until this time (exclusive, ISO 8601 with time zone)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size (1 to 100)' })),
  limitStart: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, default: 0, description: 'Offset of the first entry' })),
});
export type ActivityQuery = Static<typeof ActivityQuerySchema>;

/** GET /api/portal/article/{id}/activity: an article's own entries, newest first. */
export const ArticleActivityQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size (1 to 100)' })),
  limitStart: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, default: 0, description: 'Offset of the first entry' })),
});
export type ArticleActivityQuery = Static<typeof ArticleActivityQuerySchema>;
