/**
 * Desks and stages: a desk has members and an ordered list of stages; an article being made has a
 * desk and a stage beside its state (spec section 4's states are unchanged). The API checks these
 * rules on every move and desk save; the board asks them before it offers a move.
 */
import { isRight, type Right } from './rights';

export const DESK_NAME_MAX = 80;
export const STAGE_NAME_MAX = 60;
export const DESK_STAGES_MAX = 20;
export const DESK_MEMBERS_MAX = 500;

/** The stages a new desk starts with, and the demo seed's. */
export const DEFAULT_STAGES = ['Pitch', 'Writing', 'Editing', 'Copy', 'Ready'] as const;

/** What a move needs to know of a stage. */
export interface StageRule {
  id: number;
  desk_id: number;
  name: string;
  /** Leaving this stage (to another one, or off the desk) needs this right; null: anyone who may move. */
  leave_right: Right | null;
}

/** Who moves: their rights (anywhere) and the desks they belong to. */
export interface Mover {
  rights: readonly string[];
  desks: readonly number[];
}

export interface DeskRefusal {
  status: 403 | 409 | 400;
  code: 'desk_not_member' | 'desk_stage_leave_right' | 'desk_stage_duplicate';
  params?: Record<string, string | number>;
}

/** Whether the mover works on the desk: a member, or someone who manages desks. */
export function worksOn(mover: Mover, deskId: number): boolean {
  return mover.desks.includes(deskId) || mover.rights.includes('manage_desks');
}

/**
 * Why `mover` may not move a story from stage `from` to stage `to` (null: off any desk), or null when
 * they may. Staying in the same stage is no move and always allowed.
 */
export function moveRefusal(from: StageRule | null, to: StageRule | null, mover: Mover): DeskRefusal | null {
  if (from?.id === to?.id) return null;
  for (const stage of [to, from]) {
    if (stage && !worksOn(mover, stage.desk_id)) return { status: 403, code: 'desk_not_member', params: { desk: stage.desk_id } };
  }
  if (from?.leave_right && !mover.rights.includes(from.leave_right)) {
    return { status: 403, code: 'desk_stage_leave_right', params: { stage: from.name, right: from.leave_right } };
  }
  return null;
}

/** The stage names of a desk, trimmed; a name twice (any case) is refused. */
export function stageNamesRefusal(names: readonly string[]): DeskRefusal | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.trim().toLocaleLowerCase();
    if (seen.has(key)) return { status: 400, code: 'desk_stage_duplicate', params: { name: name.trim() } };
    seen.add(key);
  }
  return null;
}

/** A stored leave right: a right's name, else none (an unknown name from older data is not trusted). */
export function leaveRightOf(value: unknown): Right | null {
  return isRight(value) ? value : null;
}

/** A stage's neighbour in a direction (the keyboard's move left / right), or null at the end. */
export function neighbourStage<T extends { id: number }>(stages: readonly T[], stageId: number, step: -1 | 1): T | null {
  const index = stages.findIndex((stage) => stage.id === stageId);
  if (index < 0) return null;
  return stages[index + step] ?? null;
}
