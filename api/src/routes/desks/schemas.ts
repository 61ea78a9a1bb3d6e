import { Type } from 'typebox';
import { Envelope, errors, Id } from 'contracts/schemas/common';
import {
  BoardSchema,
  CreateDeskBodySchema,
  DeskSchema,
  PlanningBodySchema,
  PlanningSchema,
  StageMoveBodySchema,
  StageMoveSchema,
  UpdateDeskBodySchema,
} from 'contracts/schemas/desks';

// The OpenAPI description of the desk routes; the shapes are the contracts'.

const deskParams = Type.Object({ id: Id('Desk id') });

export const listDesksSchema = {
  tags: ['desks'],
  summary: 'The desks the user works on (every desk with manage_desks), with stages and members',
  response: { 200: Envelope(Type.Array(DeskSchema)), ...errors(401) },
};

export const getDeskSchema = {
  tags: ['desks'],
  summary: 'One desk the user works on',
  params: deskParams,
  response: { 200: Envelope(DeskSchema), ...errors(400, 401, 404) },
};

export const createDeskSchema = {
  tags: ['desks'],
  summary: 'Create a desk; right manage_desks. Message "Created"',
  description: 'Without stages it gets Pitch, Writing, Editing, Copy, Ready. Names are unique in any case (409 desk_name_taken).',
  body: CreateDeskBodySchema,
  response: { 200: Envelope(DeskSchema), ...errors(400, 401, 403, 409) },
};

export const updateDeskSchema = {
  tags: ['desks'],
  summary: 'Change a desk\'s name, stages (their order: as sent) or members; right manage_desks. Message "Saved"',
  description:
    'Needs the version the form loaded (409 desk_stale_version with data.current). A stage left out of `stages` is removed; ' +
    'one still holding stories is refused (409 desk_stage_in_use).',
  params: deskParams,
  body: UpdateDeskBodySchema,
  response: { 200: Envelope(DeskSchema), ...errors(400, 401, 403, 404, 409) },
};

export const boardSchema = {
  tags: ['desks'],
  summary: "A desk's board: its stages and the stories on it the user may see (members and manage_desks)",
  params: deskParams,
  response: { 200: Envelope(BoardSchema), ...errors(400, 401, 404) },
};

export const moveStageSchema = {
  tags: ['desks'],
  summary: 'Move a story to a stage (its desk with it) or off the desks. Message "Moved"',
  description:
    'A member of the desks left and entered (or manage_desks) who may see the article; leaving a stage with a leave right ' +
    'needs it (403 desk_stage_leave_right). Needs the article version seen (409 article_stage_stale_version with data.current). ' +
    'Bumps the version, no revision; recorded in the activity log.',
  params: Type.Object({ id: Id('Article id') }),
  body: StageMoveBodySchema,
  response: { 200: Envelope(StageMoveSchema), ...errors(400, 401, 403, 404, 409) },
};

const articleParams = Type.Object({ id: Id('Article id') });

export const getPlanningSchema = {
  tags: ['desks'],
  summary: "A story's planning: assignees, deadline, planned slot, target length, overdue (whoever may see the article)",
  params: articleParams,
  response: { 200: Envelope(PlanningSchema), ...errors(400, 401, 404) },
};

export const savePlanningSchema = {
  tags: ['desks'],
  summary: 'Save a story\'s planning (all of it, as sent). Message "Planned"',
  description:
    'Whoever may edit the article, or works on its desk and may see it (403 planning_not_allowed). Every assignee must be a ' +
    'user who may see the article (400 planning_assignee_cannot_see); a planned slot before the deadline is refused ' +
    '(400 planning_slot_before_deadline). Needs the planning_version seen (409 planning_stale_version with data.current); ' +
    "the article's own version is untouched. Clears the overdue flag (the job sets it again if still due). Recorded in the activity log.",
  params: articleParams,
  body: PlanningBodySchema,
  response: { 200: Envelope(PlanningSchema), ...errors(400, 401, 403, 404, 409) },
};
