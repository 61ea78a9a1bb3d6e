import { Type, type Static } from 'typebox';
import { RIGHTS } from '../rules/rights';
import { DESK_MEMBERS_MAX, DESK_NAME_MAX, DESK_STAGES_MAX, STAGE_NAME_MAX } from '../rules/desks';
import { ASSIGNEES_MAX, TARGET_WORDS_MAX } from '../rules/planning';
import { Id, NamedRefSchema, Nullable, StringEnum, VersionField } from './common';

// Desks (/api/v2/desks…): members, ordered stages, the board; an article's stage move
// (/api/v2/articles/{id}/stage). Creating and editing desks needs manage_desks.

export const StageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  position: Type.Integer({ description: 'Order on the board, from 1' }),
  leave_right: Nullable(StringEnum(RIGHTS), { description: 'Moving a story out of this stage needs this right; null: none' }),
});
export type Stage = Static<typeof StageSchema>;

export const DeskSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  version: Type.Integer({ description: 'Send it back to update the desk' }),
  stages: Type.Array(StageSchema, { description: 'In board order' }),
  members: Type.Array(NamedRefSchema),
});
export type Desk = Static<typeof DeskSchema>;

/** One stage as a desk save sends it: with the id of an existing stage to keep it (renamed, moved), without for a new one. */
export const StageInputSchema = Type.Object(
  {
    id: Type.Optional(Id('An existing stage of this desk')),
    name: Type.String({ minLength: 1, maxLength: STAGE_NAME_MAX, pattern: '\\S' }),
    leave_right: Type.Optional(Nullable(StringEnum(RIGHTS))),
  },
  { additionalProperties: false },
);
export type StageInput = Static<typeof StageInputSchema>;

const deskFields = {
  name: Type.String({ minLength: 1, maxLength: DESK_NAME_MAX, pattern: '\\S' }),
  stages: Type.Array(StageInputSchema, {
    minItems: 1,
    maxItems: DESK_STAGES_MAX,
    description: 'In board order; a stage left out is removed (refused while it holds stories)',
  }),
  members: Type.Array(Id('A user id'), { maxItems: DESK_MEMBERS_MAX, uniqueItems: true }),
};

/** POST /api/v2/desks. */
export const CreateDeskBodySchema = Type.Object(
  { name: deskFields.name, stages: Type.Optional(deskFields.stages), members: Type.Optional(deskFields.members) },
  { additionalProperties: false },
);
export type CreateDeskBody = Static<typeof CreateDeskBodySchema>;

/** POST /api/v2/desks/{id}: what is sent changes, the rest stays. */
export const UpdateDeskBodySchema = Type.Object(
  {
    version: VersionField,
    name: Type.Optional(deskFields.name),
    stages: Type.Optional(deskFields.stages),
    members: Type.Optional(deskFields.members),
  },
  { additionalProperties: false },
);
export type UpdateDeskBody = Static<typeof UpdateDeskBodySchema>;

const Instant = (description: string) => Nullable(Type.String({ format: 'date-time' }), { description });

/** A story's planning as the board, the editor and the list show it. */
const planningFields = {
  assignees: Type.Array(NamedRefSchema, { description: 'Who the story is assigned to, by name' }),
  deadline: Instant('By when the story is due (UTC)'),
  planned_slot: Instant('When the story is meant to run (UTC); planning only, distinct from publish_up'),
  target_words: Nullable(Type.Integer(), { description: 'How long the story should be, in words' }),
  overdue: Type.Boolean({ description: 'Flagged by the overdue job (past its deadline) and not in the last stage of its desk' }),
};

/** A story on the board. */
export const BoardCardSchema = Type.Object({
  id: Type.Integer({ description: 'The article id' }),
  title: Type.String(),
  stage_id: Type.Integer(),
  state: Type.Integer(),
  version: Type.Integer({ description: 'Send it back to move the story' }),
  ...planningFields,
  words: Type.Integer({ description: 'Words written so far (intro and full text)' }),
  lock: Nullable(Type.Object({ held_by: NamedRefSchema, expires: Type.String({ format: 'date-time' }) }), {
    description: 'The live edit lock, if someone has the story open',
  }),
});
export type BoardCard = Static<typeof BoardCardSchema>;

/** GET /api/v2/articles/{id}/planning: a story's planning, with its own version. */
export const PlanningSchema = Type.Object({
  article_id: Type.Integer(),
  planning_version: Type.Integer({ description: 'Send it back to save the planning (409 planning_stale_version on a stale one)' }),
  desk_id: Nullable(Type.Integer()),
  stage_id: Nullable(Type.Integer()),
  ...planningFields,
  may_plan: Type.Boolean({ description: 'Whether the caller may change the planning' }),
});
export type Planning = Static<typeof PlanningSchema>;

const InstantInput = (description: string) =>
  Nullable(Type.String({ format: 'date-time', maxLength: 40 }), { description: `${description} (ISO date-time); null: none` });

/** POST /api/v2/articles/{id}/planning: the whole planning as it should be. */
export const PlanningBodySchema = Type.Object(
  {
    planning_version: VersionField,
    assignees: Type.Array(Id('A user id: someone who may see the article'), { maxItems: ASSIGNEES_MAX, uniqueItems: true }),
    deadline: InstantInput('By when the story is due'),
    planned_slot: InstantInput('When the story is meant to run'),
    target_words: Nullable(Type.Integer({ minimum: 1, maximum: TARGET_WORDS_MAX }), {
      description: 'Target length in words; null or 0: none',
    }),
  },
  { additionalProperties: false },
);
export type PlanningBody = Static<typeof PlanningBodySchema>;

/** The article list's planning columns (GET /api/portal/articles items). */
export const ListPlanningFields = {
  desk_id: Nullable(Type.Integer(), { description: 'The desk the story is made on' }),
  stage_id: Nullable(Type.Integer(), { description: 'Its stage on that desk' }),
  ...planningFields,
};

/** GET /api/v2/desks/{id}/board. */
export const BoardSchema = Type.Object({
  desk: DeskSchema,
  cards: Type.Array(BoardCardSchema, { description: 'The stories on the desk that the user may see, newest first' }),
});
export type Board = Static<typeof BoardSchema>;

/** POST /api/v2/articles/{id}/stage. */
export const StageMoveBodySchema = Type.Object(
  {
    version: VersionField,
    stage_id: Nullable(Id('The stage to move to (its desk with it); null: off the desk')),
  },
  { additionalProperties: false },
);
export type StageMoveBody = Static<typeof StageMoveBodySchema>;

export const StageMoveSchema = Type.Object({
  article_id: Type.Integer(),
  desk_id: Nullable(Type.Integer()),
  stage_id: Nullable(Type.Integer()),
  version: Type.Integer({ description: 'The article version after the move' }),
});
export type StageMove = Static<typeof StageMoveSchema>;
