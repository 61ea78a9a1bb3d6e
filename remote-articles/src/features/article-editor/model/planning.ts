// The Planning panel's values: the planning as the pickers hold it (wall times of the user,
// 'YYYY-MM-DDTHH:mm', '' for none) and back as the API takes it (UTC ISO instants, null for none).
import type { Planning, PlanningBody } from 'contracts/schemas/desks';
import { dateTimeForInput, dateTimeForServer } from './dates';

export interface PlanningValues {
  assignees: number[];
  deadline: string;
  plannedSlot: string;
  targetWords: number | null;
}

export function planningValues(planning: Planning, timeZone?: string): PlanningValues {
  return {
    assignees: planning.assignees.map((user) => user.id),
    deadline: dateTimeForInput(planning.deadline, timeZone),
    plannedSlot: dateTimeForInput(planning.planned_slot, timeZone),
    targetWords: planning.target_words,
  };
}

/** A wall time of the user as a UTC ISO instant; null when empty or unreadable. */
function instant(wall: string, timeZone?: string): string | null {
  const utc = dateTimeForServer(wall, timeZone);
  return utc === '' ? null : `${utc.replace(' ', 'T')}Z`;
}

export function planningBody(values: PlanningValues, planningVersion: number, timeZone?: string): PlanningBody {
  return {
    planning_version: planningVersion,
    assignees: [...values.assignees],
    deadline: instant(values.deadline, timeZone),
    planned_slot: instant(values.plannedSlot, timeZone),
    target_words: values.targetWords === null || values.targetWords < 1 ? null : Math.round(values.targetWords),
  };
}
