/**
 * A story's planning (assignees, deadline, planned slot, target length) and the overdue job's pass.
 * Planning has its own version (planning_version: a stale save is a 409) so that re-planning never
 * makes the writer's open article stale; each save is recorded in the activity log. Free of HTTP.
 */
import { maySee, mayEdit, type Actor } from 'contracts/rules/article-state';
import { worksOn } from 'contracts/rules/desks';
import { isOverdue, mayPlan, planningRefusal } from 'contracts/rules/planning';
import type { Planning, PlanningBody } from 'contracts/schemas/desks';
import type { DbRoot, Db } from '../db/schema';
import { httpError, httpErrorOf } from '../lib/http-error';
import { deskPlanningRepository as plans, type FlaggedStory, type PlanningRow } from '../repositories/desk-planning';
import { desksRepository as desks } from '../repositories/desks';
import { recordActivity } from './activity';
import { actorInCategory, actorOnArticle } from './article-scope';
import { SYSTEM_ACTOR } from './system-actor';

/** How many overdue stories one statement of the job flags. */
export const OVERDUE_BATCH = 50;

const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

/** An ISO date-time of the body as an instant (the schema checked its form; the year 0 is still refused). */
function instant(text: string | null, field: string): Date | null {
  if (text === null) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1) throw httpError(400, 'field_date_time', { field }, { field });
  return date;
}

async function planningOf(db: Db, row: PlanningRow, mayChange: boolean): Promise<Planning> {
  const [assignees, last] = await Promise.all([
    plans.assignees(db, [row.id]),
    plans.lastStages(db, row.desk_id === null ? [] : [row.desk_id]),
  ]);
  const names = assignees.get(row.id) ?? [];
  return {
    article_id: row.id,
    planning_version: row.planning_version,
    desk_id: row.desk_id,
    stage_id: row.stage_id,
    assignees: names,
    deadline: isoOrNull(row.deadline),
    planned_slot: isoOrNull(row.planned_slot),
    target_words: row.target_words,
    overdue: isOverdue({
      assigneeIds: names.map((user) => user.id),
      deskId: row.desk_id,
      stageId: row.stage_id,
      lastStageId: row.desk_id === null ? null : (last.get(row.desk_id) ?? null),
      deadline: row.deadline,
      flagged: row.overdue_at !== null,
    }),
    may_plan: mayChange,
  };
}

/** Whether `actor` may see and may plan the story (its rights where the article lies). */
async function accessOf(db: Db, actor: Actor, row: PlanningRow): Promise<{ sees: boolean; plans: boolean }> {
  const scoped = await actorOnArticle(db, actor, row.id);
  const sees = maySee({ createdBy: row.created_by }, scoped);
  const deskIds = row.desk_id === null ? [] : await desks.deskIdsOf(db, actor.id);
  const worksOnItsDesk = row.desk_id !== null && worksOn({ rights: scoped.rights, desks: deskIds }, row.desk_id);
  return { sees, plans: mayPlan({ mayEdit: mayEdit({ createdBy: row.created_by }, scoped), maySee: sees, worksOnItsDesk }) };
}

/** Refuses an assignee who does not exist (or is disabled) or may not see the article. */
async function checkAssignees(db: Db, row: PlanningRow, ids: readonly number[], deadline: Date | null, plannedSlot: Date | null) {
  const actors = await plans.actors(db, ids);
  const unknown = ids.find((id) => !actors.has(id));
  if (unknown !== undefined) throw httpError(400, 'desk_unknown_member', { id: unknown }, { field: 'assignees' });
  const seeing = new Set<number>();
  for (const [id, user] of actors) {
    if (maySee({ createdBy: row.created_by }, await actorInCategory(db, user, row.catid))) seeing.add(id);
  }
  const refusal = planningRefusal({ assignees: ids, deadline, plannedSlot }, (id) => seeing.has(id));
  if (refusal)
    throw httpErrorOf(refusal.status, { code: refusal.code, field: refusal.field, ...(refusal.params ? { params: refusal.params } : {}) });
}

export function deskPlanningService(db: DbRoot) {
  return {
    async get(actor: Actor, articleId: number): Promise<Planning> {
      const row = await plans.find(db, articleId);
      const access = row ? await accessOf(db, actor, row) : null;
      if (!row || !access?.sees) throw httpError(404, 'article_not_found', { id: articleId });
      return planningOf(db, row, access.plans);
    },

    /** Saves the whole planning as seen at `planning_version`. */
    async save(actor: Actor, articleId: number, body: PlanningBody): Promise<Planning> {
      const deadline = instant(body.deadline, 'deadline');
      const plannedSlot = instant(body.planned_slot, 'planned_slot');
      return db.transaction().execute(async (trx) => {
        const row = await plans.find(trx, articleId, true);
        const access = row ? await accessOf(trx, actor, row) : null;
        if (!row || !access?.sees) throw httpError(404, 'article_not_found', { id: articleId });
        if (!access.plans) throw httpError(403, 'planning_not_allowed');
        await checkAssignees(trx, row, body.assignees, deadline, plannedSlot);
        const before = await planningOf(trx, row, true);
        const version = await plans.save(trx, articleId, body.planning_version, {
          deadline,
          planned_slot: plannedSlot,
          target_words: body.target_words,
        });
        if (version === undefined)
          throw httpError(409, 'planning_stale_version', undefined, { field: 'planning_version', extra: { current: before } });
        await plans.setAssignees(trx, articleId, body.assignees);
        const after = await planningOf(trx, (await plans.find(trx, articleId)) as PlanningRow, true);
        await recordActivity(trx, {
          actorId: actor.id,
          entity: 'article',
          entityId: articleId,
          action: 'plan',
          changes: planningChanges(before, after),
        });
        return after;
      });
    },
  };
}

function planningChanges(before: Planning, after: Planning): Record<string, { from: unknown; to: unknown }> {
  const view = (plan: Planning) => ({
    assignees: plan.assignees.map((user) => user.id),
    deadline: plan.deadline,
    planned_slot: plan.planned_slot,
    target_words: plan.target_words,
  });
  const [from, to] = [view(before), view(after)];
  return Object.fromEntries(
    (Object.keys(from) as Array<keyof typeof from>)
      .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
      .map((key) => [key, { from: from[key], to: to[key] }]),
  );
}

/**
 * The overdue job's pass: flags every story past its deadline and not in its desk's last stage, each
 * once across processes (repositories/desk-planning.ts flagOverdue), recorded as done by the system.
 */
export async function runOverdueFlagging(db: DbRoot, options: { stopped?: () => boolean; batch?: number } = {}): Promise<FlaggedStory[]> {
  const flagged: FlaggedStory[] = [];
  for (;;) {
    if (options.stopped?.()) return flagged;
    const batch = await db.transaction().execute(async (trx) => {
      const stories = await plans.flagOverdue(trx, options.batch ?? OVERDUE_BATCH);
      for (const story of stories) {
        await recordActivity(trx, {
          actorId: SYSTEM_ACTOR.id,
          entity: 'article',
          entityId: story.id,
          action: 'overdue',
          changes: {},
          details: { deadline: story.deadline.toISOString(), desk: story.desk_id },
        });
      }
      return stories;
    });
    flagged.push(...batch);
    if (batch.length < (options.batch ?? OVERDUE_BATCH)) return flagged;
  }
}
