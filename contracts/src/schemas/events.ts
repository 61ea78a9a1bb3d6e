import { Type, type Static } from 'typebox';
import { NamedRefSchema, Nullable } from './common';

// Live presence (GET /api/portal/events): Server-Sent Events, one JSON object per `data:` line.
// A client gets only the events of articles it may see (contracts/rules/article-state maySee).

/** Who holds an article's edit lock now (held_by null: free). */
export const LockEventSchema = Type.Object(
  {
    type: Type.Literal('lock'),
    article_id: Type.Integer(),
    held_by: Nullable(NamedRefSchema, { description: 'The lock holder; null when the lock was freed' }),
    since: Nullable(Type.String({ format: 'date-time' })),
    expires: Nullable(Type.String({ format: 'date-time', description: 'Free again after this time without renewal' })),
  },
  { description: 'An edit lock was taken, taken over, renewed or freed' },
);
export type LockEvent = Static<typeof LockEventSchema>;

/** An article changed (any save: the editor, the list toggles, a job) or was deleted for good. */
export const ArticleChangedEventSchema = Type.Object(
  {
    type: Type.Literal('article'),
    article_id: Type.Integer(),
    version: Type.Integer({ description: 'The version after the change (every change bumps it)' }),
    state: Type.Integer(),
    deleted: Type.Boolean({ description: 'Deleted for good' }),
  },
  { description: 'An article was saved or changed' },
);
export type ArticleChangedEvent = Static<typeof ArticleChangedEventSchema>;

/** A story moved to another stage (or desk, or off the desks); sent beside its `article` event. */
export const StageEventSchema = Type.Object(
  {
    type: Type.Literal('stage'),
    article_id: Type.Integer(),
    desk_id: Nullable(Type.Integer()),
    stage_id: Nullable(Type.Integer()),
    version: Type.Integer({ description: 'The version after the move' }),
  },
  { description: 'A story moved between stages (the desk boards move its card)' },
);
export type StageEvent = Static<typeof StageEventSchema>;

/** A story's planning changed (a planning save) or the overdue job flagged it; sent beside its `article` event. */
export const PlanningEventSchema = Type.Object(
  {
    type: Type.Literal('planning'),
    article_id: Type.Integer(),
    desk_id: Nullable(Type.Integer()),
    planning_version: Type.Integer({ description: 'The planning version now' }),
    overdue: Type.Boolean({ description: 'Flagged overdue by the overdue job (the board marks it unless in the last stage)' }),
  },
  { description: 'A story was re-planned or became overdue (the desk boards update its card)' },
);
export type PlanningEvent = Static<typeof PlanningEventSchema>;

/** Sent first on every connection (and again when the server may have missed changes): the live locks now. */
export const PresenceSnapshotSchema = Type.Object(
  {
    type: Type.Literal('snapshot'),
    locks: Type.Array(LockEventSchema),
    heartbeat_ms: Type.Integer({ description: 'A heartbeat comes at least this often; silence for longer means the stream is gone' }),
  },
  { description: 'The state to start from (replaces what the client knew)' },
);
export type PresenceSnapshot = Static<typeof PresenceSnapshotSchema>;

export const HeartbeatEventSchema = Type.Object({ type: Type.Literal('heartbeat') }, { description: 'Keeps the stream alive' });
export type HeartbeatEvent = Static<typeof HeartbeatEventSchema>;

export const PresenceEventSchema = Type.Union([
  PresenceSnapshotSchema,
  LockEventSchema,
  ArticleChangedEventSchema,
  StageEventSchema,
  PlanningEventSchema,
  HeartbeatEventSchema,
]);
export type PresenceEvent = Static<typeof PresenceEventSchema>;
