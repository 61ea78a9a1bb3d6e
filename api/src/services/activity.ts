/**
 * The activity log: every state-changing call records who, when, what (entity,
 * id, action) and the before → after of the fields that changed, in the transaction of the change
 * (so a change that fails or rolls back records nothing). Never a password or a token: callers pass
 * the fields a user edits, never credentials.
 */
import { clipChanges, diffFields, type ActivityChanges } from 'contracts/rules/activity';
import type { ActivityEntry, ActivityQuery } from 'contracts/schemas/activity';
import type { RunResult } from 'contracts/schemas/importers';
import { maySee, type Actor } from 'contracts/rules/article-state';
import type { Db } from '../db/schema';
import { httpError } from '../lib/http-error';
import { activityRepository, type NewActivity } from '../repositories/activity';
import { newArticle, type EditArticle } from '../repositories/article-edit';
import { articlesRepository } from '../repositories/articles';
import { SYSTEM_ACTOR } from './system-actor';
import { queueArticleEvents } from './webhook-outbox';

/** Records one entry in `trx`, the transaction of the change it describes (actor: the system actor's id 0 counts as the system). */
export async function recordActivity(trx: Db, input: NewActivity): Promise<void> {
  const actorId = input.actorId === SYSTEM_ACTOR.id ? null : input.actorId;
  await activityRepository.insert(trx, { ...input, actorId });
  // The same transaction: an article change that rolls back sends no webhook either.
  if (input.entity === 'article' && input.entityId !== null) await queueArticleEvents(trx, input.entityId, input.action, input.changes);
}

/** A validated date-time as an instant; the year 0000 (valid ISO 8601, before PostgreSQL's calendar) is refused. */
function instant(text: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1) throw httpError(400, 'field_date_time', { field }, { field });
  return date;
}

/** The page a query asks for: the first 20 entries unless it says otherwise. */
function pageOf(query: { limit?: number; limitStart?: number }): { limit: number; offset: number } {
  return { limit: query.limit ?? 20, offset: query.limitStart ?? 0 };
}

/** The query as the route validated it (TypeBox): dates still as text. */
export async function listActivity(db: Db, query: ActivityQuery): Promise<{ items: ActivityEntry[]; total: number }> {
  const from = instant(query.from, 'from');
  const to = instant(query.to, 'to');
  if (from && to && from.getTime() > to.getTime()) throw httpError(400, 'activity_range_invalid', undefined, { field: 'from' });
  if (query.entity_id !== undefined && query.entity === undefined) {
    throw httpError(400, 'activity_entity_id_without_entity', undefined, { field: 'entity_id' });
  }
  return activityRepository.list(
    db,
    { actorId: query.user, entity: query.entity, entityId: query.entity_id, action: query.action, from, to },
    pageOf(query),
  );
}

/** An article's own entries (the editor's panel): for whoever may see the article. */
export async function listArticleActivity(
  db: Db,
  actor: Actor,
  id: number,
  page: { limit?: number; limitStart?: number },
): Promise<{ items: ActivityEntry[]; total: number }> {
  const article = await articlesRepository.find(db, id);
  if (!article) throw httpError(404, 'article_not_found', { id });
  if (!maySee(article, actor)) throw httpError(403, 'article_not_visible');
  return activityRepository.list(db, { entity: 'article', entityId: id }, pageOf(page));
}

/** What the log compares of an article the editor saves: the fields a user edits, lists as ids or names. */
function articleSnapshot(article: EditArticle) {
  return {
    title: article.title,
    catid: article.catid,
    main_category_id: article.main_category_id,
    state: article.state,
    access: article.access,
    featured: article.featured,
    newsletter: article.newsletter,
    date: article.date,
    publish_up: article.publish_up,
    publish_down: article.publish_down,
    introtext: article.introtext,
    text: article.text,
    notes: article.notes,
    main_image: article.main_image,
    images: article.images.map((image) => image.id),
    topics: article.topics,
    tags: article.tags.map((tag) => tag.title),
    authors: article.authors.map((author) => author.name),
    ads: article.ads.map((ad) => ad.id),
    videos: article.videos.map((video) => video.id),
    location: article.location,
    event: article.event,
    reference_source: article.reference_source,
    reference_date: article.reference_date,
    reference_url: article.reference_url,
    references_at_source: article.references_at_source,
    use_source_link: article.use_source_link,
    videos_at_source: article.videos_at_source,
  };
}
type ArticleSnapshot = ReturnType<typeof articleSnapshot>;
const ARTICLE_FIELDS = Object.keys(articleSnapshot(newArticle(0, '', new Date(0)))) as (keyof ArticleSnapshot)[];

/** The fields of an editor save that changed, long texts cut (before null: a new article). */
export function articleEditChanges(before: EditArticle | null, after: EditArticle): ActivityChanges {
  return clipChanges(diffFields(before && articleSnapshot(before), articleSnapshot(after), ARTICLE_FIELDS));
}

/**
 * Imports started by hand (GET /cron/import…, a session or the cron secret = the system): one entry
 * per importer with what the run did. The run writes its articles in transactions of its own, so the
 * entry follows them; a simulation changes nothing and is not recorded.
 */
export async function recordImportRuns(db: Db, actorId: number | null, result: RunResult): Promise<void> {
  if (result.simulate) return;
  for (const outcome of result.importers) {
    const { status, created, duplicates, failed, error_code } = outcome;
    await recordActivity(db, {
      actorId,
      entity: 'importer',
      entityId: outcome.id,
      action: 'run',
      changes: {},
      details: { status, created, duplicates, failed, ...(error_code ? { error_code } : {}) },
    });
  }
}
