import { sql } from 'kysely';
import type { ActivityEntry } from 'contracts/schemas/activity';
import { referencedIds, referenceKey, type ActivityAction, type ActivityChanges, type ActivityEntity } from 'contracts/rules/activity';
import type { Db } from '../db/schema';

/** One entry of the log, as the service records it. */
export interface NewActivity {
  /** The user who acted; null = the system. */
  actorId: number | null;
  entity: ActivityEntity;
  entityId: number | null;
  action: ActivityAction;
  changes: ActivityChanges;
  /** What else describes the entry (the login name a refused sign-in tried, a run's id). */
  details?: Record<string, unknown> | null;
  /** When (default: the database's now()); the workflows that take a clock pass theirs. */
  at?: Date;
}

export interface ActivityFilter {
  actorId?: number;
  entity?: ActivityEntity;
  entityId?: number;
  action?: ActivityAction;
  from?: Date;
  to?: Date;
}

/**
 * The names today of the categories and images a page of entries names by id (its changes keep ids:
 * a renamed category reads with its new name), "category:804" → "Sport"; two queries for the page.
 */
async function referencedNames(db: Db, changes: ActivityChanges[]): Promise<Map<string, string>> {
  const categoryIds = new Set<number>();
  const imageIds = new Set<number>();
  for (const entry of changes) {
    const ids = referencedIds(entry);
    ids.category.forEach((id) => categoryIds.add(id));
    ids.image.forEach((id) => imageIds.add(id));
  }
  const [categories, images] = await Promise.all([
    categoryIds.size
      ? db
          .selectFrom('categories')
          .select(['id', 'title'])
          .where('id', 'in', [...categoryIds])
          .execute()
      : [],
    imageIds.size
      ? db
          .selectFrom('images')
          .select(['id', 'description', 'file_name'])
          .where('id', 'in', [...imageIds])
          .execute()
      : [],
  ]);
  const names = new Map<string, string>();
  for (const category of categories) names.set(referenceKey('category', category.id), category.title);
  for (const image of images) names.set(referenceKey('image', image.id), image.description.trim() || image.file_name);
  return names;
}

/** The names one entry's changes need. */
function namesOf(changes: ActivityChanges, names: Map<string, string>): Record<string, string> {
  const ids = referencedIds(changes);
  const own: Record<string, string> = {};
  for (const kind of ['category', 'image'] as const) {
    for (const id of ids[kind]) {
      const name = names.get(referenceKey(kind, id));
      if (name !== undefined) own[referenceKey(kind, id)] = name;
    }
  }
  return own;
}

/** The activity log's SQL (migration 0022). */
export const activityRepository = {
  async insert(db: Db, entry: NewActivity): Promise<void> {
    await db
      .insertInto('activity_log')
      .values({
        actor_id: entry.actorId,
        entity: entry.entity,
        entity_id: entry.entityId,
        action: entry.action,
        changes: JSON.stringify(entry.changes),
        details: entry.details ? JSON.stringify(entry.details) : null,
        ...(entry.at ? { at: entry.at } : {}),
      })
      .execute();
  },

  /** Forgets the refused sign-ins recorded before `before` (their IPs are kept no longer than that). */
  async pruneRefusedSignIns(db: Db, before: Date): Promise<void> {
    await db.deleteFrom('activity_log').where('action', '=', 'sign_in_refused').where('at', '<', before).execute();
  },

  /** One page of the entries the filter matches, newest first, and how many match in all. */
  async list(db: Db, filter: ActivityFilter, page: { limit: number; offset: number }): Promise<{ items: ActivityEntry[]; total: number }> {
    let query = db.selectFrom('activity_log as l');
    if (filter.actorId !== undefined) query = query.where('l.actor_id', '=', filter.actorId);
    if (filter.entity !== undefined) query = query.where('l.entity', '=', filter.entity);
    if (filter.entityId !== undefined) query = query.where('l.entity_id', '=', filter.entityId);
    if (filter.action !== undefined) query = query.where('l.action', '=', filter.action);
    if (filter.from !== undefined) query = query.where('l.at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('l.at', '<', filter.to);
    const [rows, count] = await Promise.all([
      query
        .leftJoin('users as u', 'u.id', 'l.actor_id')
        // The record's name today (gone: null), so a row reads "Harbour opens" rather than "#7".
        .leftJoin('articles as a', (join) => join.onRef('a.id', '=', 'l.entity_id').on('l.entity', '=', 'article'))
        .leftJoin('categories as c', (join) => join.onRef('c.id', '=', 'l.entity_id').on('l.entity', '=', 'category'))
        .leftJoin('importers as i', (join) => join.onRef('i.id', '=', 'l.entity_id').on('l.entity', '=', 'importer'))
        .leftJoin('authors as au', (join) => join.onRef('au.id', '=', 'l.entity_id').on('l.entity', '=', 'author'))
        .leftJoin('tags as t', (join) => join.onRef('t.id', '=', 'l.entity_id').on('l.entity', '=', 'tag'))
        .leftJoin('users as eu', (join) => join.onRef('eu.id', '=', 'l.entity_id').on('l.entity', '=', 'user'))
        .select(['l.id', 'l.at', 'l.actor_id', 'u.name as actor_name', 'l.entity', 'l.entity_id', 'l.action', 'l.changes', 'l.details'])
        .select(sql<string | null>`coalesce(a.title, c.title, i.title, au.name, t.title, eu.name)`.as('entity_label'))
        .orderBy('l.at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const names = await referencedNames(
      db,
      rows.map((row) => (row.changes ?? {}) as ActivityChanges),
    );
    return {
      items: rows.map((row) => ({
        id: row.id,
        at: new Date(row.at).toISOString(),
        actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? `#${row.actor_id}` },
        entity: row.entity as ActivityEntity,
        entity_id: row.entity_id,
        entity_label: row.entity_label ?? null,
        action: row.action as ActivityAction,
        changes: row.changes ?? {},
        details: row.details ?? null,
        names: namesOf((row.changes ?? {}) as ActivityChanges, names),
      })),
      total: Number(count.total),
    };
  },
};
