import { Type } from 'typebox';
import { Envelope, errors, Id } from 'contracts/schemas/common';
import {
  BoardSchema,
  CreateDeskBodySchema,
  DeskSchema,
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
