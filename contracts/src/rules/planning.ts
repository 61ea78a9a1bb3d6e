/**
 * Planning on the desks: assignees, deadline, planned slot and target length of a story, when a story
 * is overdue, and what the planning filters of the article list and the board's quick filters match.
 * The API applies them (the list's SQL, the overdue job, the planning save); the screens ask the same
 * functions (the board's quick filters, the overdue mark).
 */

export const ASSIGNEES_MAX = 20;
export const TARGET_WORDS_MAX = 100_000;

/** The board's quick filters; the article list has `mine` and `overdue` as flags beside desk and stage. */
export const QUICK_FILTERS = ['mine', 'overdue', 'unassigned'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

/** What the planning rules need to know of a story. */
export interface PlanningFacts {
  assigneeIds: readonly number[];
  deskId: number | null;
  stageId: number | null;
  /** The id of the last stage of the story's desk (null: on no desk). */
  lastStageId: number | null;
  deadline: Date | null;
  /** The overdue job has flagged it (and no planning save has cleared that since). */
  flagged: boolean;
}

/** Whether the story is in the making on a desk: on a stage other than its desk's last one. */
export function inFlight(story: Pick<PlanningFacts, 'deskId' | 'stageId' | 'lastStageId'>): boolean {
  return story.deskId !== null && story.stageId !== null && story.stageId !== story.lastStageId;
}

/** Whether the overdue job flags the story now: past its deadline, in flight, not flagged yet. */
export function dueForOverdue(story: PlanningFacts, now: Date): boolean {
  return !story.flagged && story.deadline !== null && story.deadline.getTime() <= now.getTime() && inFlight(story);
}

/** Whether the story shows as overdue (board mark, list filter): flagged by the job and still in flight. */
export function isOverdue(story: PlanningFacts): boolean {
  return story.flagged && inFlight(story);
}

/** The list's planning filters (all optional; together they all apply). */
export interface PlanningFilter {
  /** Only stories assigned to this user (the `mine` flag: the caller). */
  assignee?: number | undefined;
  deskId?: number | undefined;
  stageId?: number | undefined;
  overdue?: boolean | undefined;
  /** Only stories assigned to no one (the board's quick filter). */
  unassigned?: boolean | undefined;
}

/** Whether a story passes the planning filter. */
export function matchesPlanning(story: PlanningFacts, filter: PlanningFilter): boolean {
  if (filter.assignee !== undefined && !story.assigneeIds.includes(filter.assignee)) return false;
  if (filter.unassigned && story.assigneeIds.length > 0) return false;
  if (filter.deskId !== undefined && story.deskId !== filter.deskId) return false;
  if (filter.stageId !== undefined && story.stageId !== filter.stageId) return false;
  if (filter.overdue !== undefined && isOverdue(story) !== filter.overdue) return false;
  return true;
}

/** A board quick filter as a planning filter, for `viewerId`. */
export function quickFilter(filter: QuickFilter, viewerId: number): PlanningFilter {
  if (filter === 'mine') return { assignee: viewerId };
  if (filter === 'overdue') return { overdue: true };
  return { unassigned: true };
}

/**
 * Who changes a story's planning: whoever may edit the article (its owner, edit_all_articles), or
 * someone who works on the desk it lies on (a member, manage_desks) and may see it.
 */
export function mayPlan(who: { mayEdit: boolean; maySee: boolean; worksOnItsDesk: boolean }): boolean {
  return who.mayEdit || (who.maySee && who.worksOnItsDesk);
}

export interface PlanningRefusal {
  status: 400;
  code: 'planning_stage_not_on_desk' | 'planning_assignee_cannot_see' | 'planning_slot_before_deadline';
  params?: Record<string, string | number>;
  field: string;
}

/** A list filter naming a stage of another desk than the one filtered matches nothing by mistake: refused. */
export function planningFilterRefusal(filter: { deskId?: number | undefined; stageDeskId?: number | undefined }): PlanningRefusal | null {
  if (filter.deskId !== undefined && filter.stageDeskId !== undefined && filter.deskId !== filter.stageDeskId) {
    return { status: 400, code: 'planning_stage_not_on_desk', field: 'stage' };
  }
  return null;
}

/**
 * A planning save: every assignee must be someone who may see the article (`maySee` per user id);
 * a planned slot before the deadline leaves no time to finish the story.
 */
export function planningRefusal(
  plan: { assignees: readonly number[]; deadline: Date | null; plannedSlot: Date | null },
  maySee: (userId: number) => boolean,
): PlanningRefusal | null {
  const blind = plan.assignees.find((id) => !maySee(id));
  if (blind !== undefined) return { status: 400, code: 'planning_assignee_cannot_see', params: { id: blind }, field: 'assignees' };
  if (plan.deadline && plan.plannedSlot && plan.plannedSlot.getTime() < plan.deadline.getTime()) {
    return { status: 400, code: 'planning_slot_before_deadline', field: 'planned_slot' };
  }
  return null;
}

/** Words of a text as the board counts them against the target (HTML tags and entities are not words). */
export function wordCount(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z0-9#]+;/gi, ' ')
    .trim();
  if (text === '') return 0;
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
