/**
 * What the article list and the searches share: the list filter as SQL conditions on `a` (articles),
 * the planner's estimate of a condition's rows, and small SQL helpers.
 */
import { KNOWN_STATES } from 'contracts/rules/article-state';
import { sql, type RawBuilder } from 'kysely';
import type { PlanningFilter } from 'contracts/rules/planning';
import type { Db } from '../db/schema';
import { LAST_STAGE_OF } from './desk-planning';

export type SortDirection = 'ASC' | 'DESC';

export const TRASH_STATE = -2;

/** The list filter once the route has read and checked the query (spec "Article search filter"). */
export interface ArticleFilter {
  /** Only articles this user created (the `user` filter, or a user without view_all_articles). */
  createdBy?: number | undefined;
  /** catid in these ids (a category and its descendants); an empty list matches nothing. */
  categoryIds?: number[] | undefined;
  /**
   * A state, 'other': any state the portal does not name, 'notTrash': every state but -2, or
   * 'scheduled': Unpublished with a pending publish_up (contracts/rules/article-schedule.ts).
   */
  state?: number | 'other' | 'notTrash' | 'scheduled' | undefined;
  /** Free text: PostgreSQL full-text search (websearch syntax) over title + introtext. */
  search?: string | undefined;
  /** Articles with one of these authors; an empty list matches nothing. */
  authorIds?: number[] | undefined;
  featured?: 0 | 1 | undefined;
  /** The planning filters (contracts/rules/planning matchesPlanning): assignee, desk, stage, overdue. */
  planning?: PlanningFilter | undefined;
}

/** A story shown overdue (contracts/rules/planning isOverdue): flagged by the job and not in its desk's last stage. */
const OVERDUE = sql`(a.overdue_at is not null and a.stage_id is not null and a.stage_id <> ${LAST_STAGE_OF('a')})`;

/** The planning filter as SQL conditions on `a`. */
function planningConditions(filter: PlanningFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (filter.assignee !== undefined) {
    where.push(sql`exists (select 1 from article_assignees x where x.article_id = a.id and x.user_id = ${filter.assignee}::int)`);
  }
  if (filter.unassigned) where.push(sql`not exists (select 1 from article_assignees x where x.article_id = a.id)`);
  if (filter.deskId !== undefined) where.push(sql`a.desk_id = ${filter.deskId}::int`);
  if (filter.stageId !== undefined) where.push(sql`a.stage_id = ${filter.stageId}::int`);
  if (filter.overdue !== undefined) where.push(filter.overdue ? OVERDUE : sql`not ${OVERDUE}`);
  return where;
}

export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function intList(values: readonly number[]): RawBuilder<unknown> {
  return sql.join(values.map((value) => sql`${value}::int`));
}

/** The filter as SQL conditions on `a` (articles). */
export function conditions(filter: ArticleFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (filter.createdBy !== undefined) where.push(sql`a.created_by = ${filter.createdBy}::int`);
  if (filter.categoryIds !== undefined) {
    where.push(filter.categoryIds.length ? sql`a.catid in (${intList(filter.categoryIds)})` : sql`false`);
  }
  if (filter.state === 'other') where.push(sql`a.state not in (${intList(KNOWN_STATES)})`);
  // Scheduled: an approver's schedule not acted on yet (the partial index on the pending mark serves it).
  else if (filter.state === 'scheduled') where.push(sql`(a.state = 0 and a.publish_up_pending and a.publish_up is not null)`);
  else if (filter.state === 'notTrash') where.push(sql`a.state <> ${TRASH_STATE}::int`);
  else if (filter.state !== undefined) where.push(sql`a.state = ${filter.state}::int`);
  if (filter.featured !== undefined) where.push(sql`a.featured = ${filter.featured}::int`);
  if (filter.search !== undefined) where.push(sql`a.search_vector @@ websearch_to_tsquery('english', ${filter.search})`);
  if (filter.authorIds !== undefined) {
    where.push(
      filter.authorIds.length
        ? sql`exists (select 1 from article_authors aa where aa.article_id = a.id and aa.author_id in (${intList(filter.authorIds)}))`
        : sql`false`,
    );
  }
  if (filter.planning) where.push(...planningConditions(filter.planning));
  return where;
}

export function whereClause(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The planner's estimate of the rows matching `where` (statistics only, no rows read). */
export async function estimateHits(db: Db, where: RawBuilder<unknown>[]): Promise<number | undefined> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) select 1 from articles a ${whereClause(where)}`.execute(db);
  const raw = rows[0]?.['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: unknown } }> | undefined;
  const estimate = doc?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' && Number.isFinite(estimate) ? estimate : undefined;
}
