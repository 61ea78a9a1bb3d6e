import { sql } from 'kysely';
import type { BoardCard, Desk, Stage } from 'contracts/schemas/desks';
import { leaveRightOf, type StageRule } from 'contracts/rules/desks';
import { wordCount } from 'contracts/rules/planning';
import type { Db } from '../db/schema';

/** Where an article is on the desks, with its version, under a row lock for the move. */
export interface ArticlePlace {
  id: number;
  created_by: number | null;
  desk_id: number | null;
  stage_id: number | null;
  version: number;
}

/** The desks' SQL (migration 0036). */
export const desksRepository = {
  /** Desks by id (all when `ids` is undefined), with stages in order and members by name. */
  async list(db: Db, ids?: readonly number[]): Promise<Desk[]> {
    if (ids && ids.length === 0) return [];
    let desks = db
      .selectFrom('desks')
      .select(['id', 'name', 'version'])
      .orderBy(sql`lower(name)`);
    if (ids) desks = desks.where('id', 'in', [...ids]);
    const rows = await desks.execute();
    if (rows.length === 0) return [];
    const deskIds = rows.map((row) => row.id);
    const [stages, members] = await Promise.all([
      db
        .selectFrom('desk_stages')
        .select(['id', 'desk_id', 'name', 'position', 'leave_right'])
        .where('desk_id', 'in', deskIds)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('desk_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.desk_id', 'u.id', 'u.name'])
        .where('m.desk_id', 'in', deskIds)
        .orderBy('u.name')
        .orderBy('u.id')
        .execute(),
    ]);
    return rows.map((row) => ({
      ...row,
      stages: stages
        .filter((stage) => stage.desk_id === row.id)
        .map((stage): Stage => ({
          id: stage.id,
          name: stage.name,
          position: stage.position,
          leave_right: leaveRightOf(stage.leave_right),
        })),
      members: members.filter((member) => member.desk_id === row.id).map(({ id, name }) => ({ id, name })),
    }));
  },

  async find(db: Db, id: number): Promise<Desk | undefined> {
    return (await this.list(db, [id]))[0];
  },

  /** The ids of the desks a user belongs to. */
  async deskIdsOf(db: Db, userId: number): Promise<number[]> {
    const rows = await db.selectFrom('desk_members').select('desk_id').where('user_id', '=', userId).orderBy('desk_id').execute();
    return rows.map((row) => row.desk_id);
  },

  async stage(db: Db, id: number): Promise<StageRule | undefined> {
    const row = await db.selectFrom('desk_stages').select(['id', 'desk_id', 'name', 'leave_right']).where('id', '=', id).executeTakeFirst();
    return row ? { ...row, leave_right: leaveRightOf(row.leave_right) } : undefined;
  },

  /** Whether a desk of this name (any case) exists, other than `exceptId`. */
  async nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
    let query = db
      .selectFrom('desks')
      .select('id')
      .where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  /** The user ids of `ids` that exist. */
  async existingUsers(db: Db, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((row) => row.id));
  },

  async insert(db: Db, name: string): Promise<number> {
    const row = await db.insertInto('desks').values({ name }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** Renames (or only touches, bumping the version) a desk seen at `version`; false when stale or gone. */
  async touch(db: Db, id: number, version: number, name: string | undefined): Promise<boolean> {
    const row = await db
      .updateTable('desks')
      .set(name === undefined ? { name: sql`name` } : { name })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async setMembers(db: Db, deskId: number, userIds: readonly number[]): Promise<void> {
    await db.deleteFrom('desk_members').where('desk_id', '=', deskId).execute();
    if (userIds.length > 0) {
      await db
        .insertInto('desk_members')
        .values(userIds.map((userId) => ({ desk_id: deskId, user_id: userId })))
        .execute();
    }
  },

  /** The stage ids of a desk, each with how many stories it holds. */
  async stageUse(db: Db, deskId: number): Promise<Array<{ id: number; name: string; stories: number }>> {
    return db
      .selectFrom('desk_stages as s')
      .leftJoin('articles as a', 'a.stage_id', 's.id')
      .select(['s.id', 's.name', (eb) => eb.fn.count<string>('a.id').as('stories')])
      .where('s.desk_id', '=', deskId)
      .groupBy(['s.id', 's.name'])
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, stories: Number(row.stories) })));
  },

  async insertStage(db: Db, deskId: number, stage: { name: string; position: number; leave_right: string | null }): Promise<void> {
    await db
      .insertInto('desk_stages')
      .values({ desk_id: deskId, ...stage })
      .execute();
  },

  async updateStage(
    db: Db,
    deskId: number,
    id: number,
    stage: { name: string; position: number; leave_right: string | null },
  ): Promise<void> {
    await db.updateTable('desk_stages').set(stage).where('id', '=', id).where('desk_id', '=', deskId).execute();
  },

  async deleteStages(db: Db, deskId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .deleteFrom('desk_stages')
      .where('desk_id', '=', deskId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** An article's place on the desks, its row locked until the transaction ends. */
  async placeForMove(db: Db, articleId: number): Promise<ArticlePlace | undefined> {
    return db
      .selectFrom('articles')
      .select(['id', 'created_by', 'desk_id', 'stage_id', 'version'])
      .where('id', '=', articleId)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * Puts the article on a stage (its desk with it) or off the desks. Bumps the version (the stale-move
   * check, and the presence stream's article event) without a revision: no content changed.
   */
  async move(db: Db, articleId: number, place: { desk_id: number | null; stage_id: number | null }): Promise<number> {
    const row = await db
      .updateTable('articles')
      .set({ ...place, version: sql`version + 1` } as never)
      .where('id', '=', articleId)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  },

  /**
   * The board's cards: the desk's stories (not in the trash, state -2), those created by `ownerId` only
   * when given (a user who may not see all articles), those `scope` lets a scoped reader see when given,
   * newest first, each with its planning (the assignees by name added by the caller), its word count
   * and its live edit lock.
   */
  async cards(
    db: Db,
    deskId: number,
    options: { ownerId?: number; scope?: { ownerId: number; categoryIds: number[] }; now: Date; lockMinutes: number; limit: number },
  ): Promise<Array<Omit<BoardCard, 'assignees' | 'overdue'> & { flagged: boolean }>> {
    const since = new Date(options.now.getTime() - options.lockMinutes * 60_000);
    let query = db
      .selectFrom('articles as a')
      .leftJoin('article_locks as l', (join) => join.onRef('l.article_id', '=', 'a.id').on('l.renewed_at', '>', since))
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select([
        'a.id',
        'a.title',
        'a.stage_id',
        'a.state',
        'a.version',
        'a.deadline',
        'a.planned_slot',
        'a.target_words',
        'a.overdue_at',
        'a.introtext',
        'a.text',
        'l.user_id as lock_user',
        'u.name as lock_name',
        'l.renewed_at',
      ])
      .where('a.desk_id', '=', deskId)
      .where('a.state', '<>', -2)
      .orderBy('a.id', 'desc')
      .limit(options.limit);
    if (options.ownerId !== undefined) query = query.where('a.created_by', '=', options.ownerId);
    const scope = options.scope;
    if (scope !== undefined) {
      // A scoped reader: their own stories, and those whose scope category lies under their desks.
      query = query.where((eb) =>
        eb.or([
          eb('a.created_by', '=', scope.ownerId),
          ...(scope.categoryIds.length > 0 ? [eb(sql<number | null>`coalesce(a.catid, a.main_category_id)`, 'in', scope.categoryIds)] : []),
        ]),
      );
    }
    const rows = await query.execute();
    const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      stage_id: row.stage_id as number,
      state: row.state,
      version: row.version,
      deadline: iso(row.deadline),
      planned_slot: iso(row.planned_slot),
      target_words: row.target_words,
      words: wordCount(`${row.introtext} ${row.text}`),
      flagged: row.overdue_at !== null,
      lock:
        row.lock_user !== null && row.lock_name !== null && row.renewed_at !== null
          ? {
              held_by: { id: row.lock_user, name: row.lock_name },
              expires: new Date(new Date(row.renewed_at).getTime() + options.lockMinutes * 60_000).toISOString(),
            }
          : null,
    }));
  },
};
