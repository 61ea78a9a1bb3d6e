/**
 * The planning of stories on the desks (migration 0038): assignees, deadline, planned slot, target
 * length, each save checked against planning_version; and the overdue job's claim.
 *
 * Several API processes on one PostgreSQL run the overdue job and each story is flagged once, as the
 * publishing job claims its work (repositories/article-schedule.ts): the due rows are read `for update
 * skip locked` (a row another process is flagging is skipped, not waited on) and flagged only while
 * still unflagged, in one statement whose commit makes them not due for anyone after.
 */
import { sql } from 'kysely';
import type { NamedRef } from 'contracts/schemas/common';
import type { Actor } from 'contracts/rules/article-state';
import type { Db } from '../db/schema';
import { grantsFrom, grantsOf, rightsOf } from './users';

/** A story's planning row, under a row lock when read for a save. */
export interface PlanningRow {
  id: number;
  created_by: number | null;
  catid: number | null;
  desk_id: number | null;
  stage_id: number | null;
  deadline: Date | null;
  planned_slot: Date | null;
  target_words: number | null;
  planning_version: number;
  overdue_at: Date | null;
}

/** The last stage of the desk `a` lies on (highest position; the board's order), as SQL on `a`. */
export const LAST_STAGE_OF = (alias: string) =>
  sql`(select s.id from desk_stages s where s.desk_id = ${sql.ref(`${alias}.desk_id`)} order by s.position desc, s.id desc limit 1)`;

/** The overdue job: the stories due to be flagged, oldest deadline first (contracts/rules/planning dueForOverdue). */
const DUE = sql`c.overdue_at is null and c.deadline is not null and c.deadline <= now() and c.desk_id is not null
  and c.state <> -2 and c.stage_id is distinct from ${LAST_STAGE_OF('c')}`;

export interface FlaggedStory {
  id: number;
  desk_id: number;
  deadline: Date;
}

export const deskPlanningRepository = {
  async find(db: Db, articleId: number, lock = false): Promise<PlanningRow | undefined> {
    let query = db
      .selectFrom('articles')
      .select([
        'id',
        'created_by',
        'catid',
        'desk_id',
        'stage_id',
        'deadline',
        'planned_slot',
        'target_words',
        'planning_version',
        'overdue_at',
      ])
      .where('id', '=', articleId);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    return { ...row, deadline: date(row.deadline), planned_slot: date(row.planned_slot), overdue_at: date(row.overdue_at) };
  },

  /** The assignees of each article, by name. */
  async assignees(db: Db, articleIds: readonly number[]): Promise<Map<number, NamedRef[]>> {
    const map = new Map<number, NamedRef[]>();
    if (articleIds.length === 0) return map;
    const rows = await db
      .selectFrom('article_assignees as x')
      .innerJoin('users as u', 'u.id', 'x.user_id')
      .select(['x.article_id', 'u.id', 'u.name'])
      .where('x.article_id', 'in', [...articleIds])
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
    for (const row of rows) map.set(row.article_id, [...(map.get(row.article_id) ?? []), { id: row.id, name: row.name }]);
    return map;
  },

  /** The last stage of each desk. */
  async lastStages(db: Db, deskIds: readonly number[]): Promise<Map<number, number>> {
    if (deskIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('desk_stages')
      .select(['desk_id', 'id'])
      .where('desk_id', 'in', [...new Set(deskIds)])
      .orderBy('desk_id')
      .orderBy('position', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const map = new Map<number, number>();
    for (const row of rows) if (!map.has(row.desk_id)) map.set(row.desk_id, row.id);
    return map;
  },

  /** The enabled users of `ids` as actors (their rights and grants): who may be assigned is asked of them. */
  async actors(db: Db, ids: readonly number[]): Promise<Map<number, Actor>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('users as u')
      .select(['u.id', rightsOf.as('rights'), grantsOf.as('grants')])
      .where('u.id', 'in', [...ids])
      .where('u.enabled', '=', true)
      .execute();
    return new Map(rows.map((row) => [row.id, { id: row.id, rights: row.rights, grants: grantsFrom(row.grants) }]));
  },

  /** Writes the planning seen at `version` (bumping it, clearing the overdue flag); undefined when stale. */
  async save(
    db: Db,
    articleId: number,
    version: number,
    plan: { deadline: Date | null; planned_slot: Date | null; target_words: number | null },
  ): Promise<number | undefined> {
    const row = await db
      .updateTable('articles')
      .set({ ...plan, planning_version: sql`planning_version + 1`, overdue_at: null } as never)
      .where('id', '=', articleId)
      .where('planning_version', '=', version)
      .returning('planning_version')
      .executeTakeFirst();
    return row?.planning_version;
  },

  async setAssignees(db: Db, articleId: number, userIds: readonly number[]): Promise<void> {
    await db.deleteFrom('article_assignees').where('article_id', '=', articleId).execute();
    if (userIds.length > 0) {
      await db
        .insertInto('article_assignees')
        .values(userIds.map((userId) => ({ article_id: articleId, user_id: userId })))
        .execute();
    }
  },

  /** Claims and flags up to `limit` overdue stories; the ones this call flagged (none twice across processes). */
  async flagOverdue(db: Db, limit: number): Promise<FlaggedStory[]> {
    const { rows } = await sql<{ id: number; desk_id: number; deadline: Date | string }>`
      update articles a set overdue_at = now()
      where a.id in (select c.id from articles c where ${DUE} order by c.deadline, c.id limit ${limit}::int for update skip locked)
        and a.overdue_at is null
      returning a.id, a.desk_id, a.deadline
    `.execute(db);
    return rows.map((row) => ({ id: row.id, desk_id: row.desk_id, deadline: new Date(row.deadline) }));
  },
};
