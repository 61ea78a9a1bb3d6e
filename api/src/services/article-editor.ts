/**
 * The article editor's workflows (spec section 3 "Article edit"), free of HTTP: open an article
 * (taking its edit lock), save it (one transaction: row lock, edit lock, version check, flag
 * rights, references, write, lock kept), and renew / take over / release the edit lock.
 * Refusals are the coded errors of lib/http-error; the routes only parse, authorise and shape.
 */
import type { Transaction } from 'kysely';
import type { Database, Db, DbRoot } from '../db/schema';
import type { ApiErrorCode } from '../lib/api-errors';
import { httpError, type HttpError } from '../lib/http-error';
import { type ArticleFlags, type ArticlePath, refusedFlag } from 'contracts/rules/article-flags';
import type { ArticleForm } from 'contracts/schemas/article-form';
import { hasRight, isOwner, mayEdit, maySee, STATE, type Actor } from 'contracts/rules/article-state';
import { placementScope } from 'contracts/rules/rights';
import type { MergeData } from 'contracts/schemas/working-copy';
import { articleEditRepository, newArticle, type EditArticle } from '../repositories/article-edit';
import { workingCopiesRepository } from '../repositories/working-copies';
import { articleLocksRepository, FREE_LOCK, isLive, lastHeldOf, lockInfo, type LockInfo } from '../repositories/article-locks';
import { articlesRepository } from '../repositories/articles';
import { articleScopeRepository } from '../repositories/article-scope';
import { articleScheduleRepository } from '../repositories/article-schedule';
import { parsePublishTime, scheduleAfterWrite } from 'contracts/rules/article-schedule';
import { recordRevisions } from '../repositories/article-revisions';
import { articleEditChanges, recordActivity } from './activity';
import { locations } from './locations';
import { sanitizeRichText } from '../lib/sanitize-html';
import { actorInCategory, actorOnArticle, outsideScope, scopedActor } from './article-scope';

export interface EditorActor extends Actor {
  name: string;
}

/** Times in messages go as instants (ISO 8601): each screen shows them in its user's language and time zone. */
export function messageTime(date: Date): string {
  return date.toISOString();
}

export function lockedError(name: string, since: Date): HttpError {
  return httpError(423, 'article_locked', { name, since: messageTime(since) });
}

/** `merge`: what the editor needs for a three-way merge of the stale form (contracts MergeDataSchema). */
export function conflictError(name: string | null, at: Date, merge?: MergeData): HttpError {
  const extra = merge ? { extra: { merge } } : {};
  return name === null
    ? httpError(409, 'article_changed_by_someone', { at: messageTime(at) }, extra)
    : httpError(409, 'article_changed', { name, at: messageTime(at) }, extra);
}

/** The stale save's merge material: the content of the version the form was opened at (when still kept) and the article now. */
async function mergeData(trx: Transaction<Database>, id: number, baseVersion: number): Promise<MergeData | undefined> {
  const theirs = await articleEditRepository.load(trx, id);
  if (!theirs) return undefined;
  const base = baseVersion > 0 ? await workingCopiesRepository.contentAt(trx, id, baseVersion) : undefined;
  return { base_version: baseVersion, base: base ?? null, theirs };
}

/**
 * The flags a user may not set (featured, access, newsletter) against what the result may hold:
 * a new article's values on create and copy (never the copied article's), the stored ones on save.
 */
function checkFlagRights(form: ArticleForm, path: ArticlePath, stored: ArticleFlags | null, actor: Actor): void {
  const refusal = refusedFlag(path, { access: form.access, featured: form.featured, newsletter: form.newsletter }, stored, actor.rights);
  if (refusal) throw httpError(403, refusal.code, { allowed: refusal.allowed }, { field: refusal.flag });
}

/** Every id the form refers to must exist; the location must be a known country and one of its states. */
async function checkReferences(db: Db, form: ArticleForm): Promise<void> {
  const checks: Array<[Parameters<typeof articleEditRepository.missing>[1], readonly number[], ApiErrorCode]> = [
    ['categories', form.topics, 'unknown_category_ids'],
    ['images', form.images.map((image) => image.id), 'unknown_image_ids'],
    ['authors', form.authors, 'unknown_author_ids'],
    ['tags', form.tags, 'unknown_tag_ids'],
    ['ads', form.ads, 'unknown_ad_ids'],
    ['videos', form.videos, 'unknown_video_ids'],
  ];
  if (form.catid !== null) checks.unshift(['categories', [form.catid], 'unknown_category_ids']);
  for (const [table, ids, what] of checks) {
    const missing = await articleEditRepository.missing(db, table, ids);
    if (missing.length) throw httpError(400, what, { ids: missing.join(', ') });
  }
  if (form.location) {
    const country = locations.country(form.location.country_code);
    if (!country) throw httpError(400, 'unknown_country', { code: form.location.country_code }, { field: 'location.country_code' });
    if (form.location.state_id !== null) {
      const state = locations.state(form.location.state_id);
      if (!state || state.country_code !== country.country_code) {
        throw httpError(
          400,
          'state_not_of_country',
          { id: form.location.state_id, country: country.country_name, code: country.country_code },
          { field: 'location.state_id' },
        );
      }
    }
  }
}

/** What a save of a stored article does to its schedule (contracts/rules/article-schedule.ts scheduleAfterWrite). */
async function keepOrWithdrawSchedule(
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  before: EditArticle,
  after: EditArticle,
  contentChanged: boolean,
): Promise<void> {
  const time = (value: string) => parsePublishTime(value)?.getTime() ?? null;
  const { upPending } = await articleScheduleRepository.marks(trx, id);
  const marks = scheduleAfterWrite({
    kind: 'save',
    mayApprove: hasRight(actor, 'approve_article'),
    contentChanged,
    publishUpChanged: time(before.publish_up) !== time(after.publish_up),
    publishDownChanged: time(before.publish_down) !== time(after.publish_down),
    scheduled: upPending && after.state === STATE.UNPUBLISHED,
    published: after.state === STATE.PUBLISHED,
  });
  await articleScheduleRepository.setMarks(trx, id, marks);
}

export interface TakenLock {
  lock: LockInfo;
  /** Who held it before (null: nobody, or the caller). */
  previous: LockInfo;
}

export interface ReleasedLock {
  lock: LockInfo;
  released: boolean;
}

/** How a save is recorded in the revision history: an editor save, or a restore of revision `restoredFrom` (its version `restoredVersion`). */
export interface SaveRevision {
  source: 'editor' | 'restore';
  restoredFrom?: number;
  restoredVersion?: number;
}

/** The activity entry of a save: what was done as the user did it (a restore is not an edit), and what else tells it. */
function saveActivity(creating: boolean, copiedFrom: number | null, revision: SaveRevision) {
  if (creating) return { action: 'create' as const, details: copiedFrom === null ? null : { copied_from: copiedFrom } };
  if (revision.source === 'restore')
    return { action: 'restore_revision' as const, details: { restored_version: revision.restoredVersion ?? null } };
  return { action: 'update' as const, details: null };
}

/** An article as the editor opens it, with what the caller may do there. */
export interface OpenedArticle {
  article: EditArticle;
  lock: LockInfo;
  outsideScope: boolean;
  allowedCategoryIds: number[] | undefined;
}

export class ArticleEditorService {
  constructor(
    private readonly db: DbRoot,
    private readonly options: { lockMinutes: number; revisionsKeep?: number },
  ) {}

  /** The article (404) and whether the caller may edit it. */
  private async lockTarget(id: number, actor: Actor): Promise<{ owner: boolean; outside: boolean }> {
    const article = await articlesRepository.find(this.db, id);
    if (!article) throw httpError(404, 'article_not_found', { id });
    const owner = mayEdit(article, await actorOnArticle(this.db, actor, id));
    return { owner, outside: !owner && mayEdit(article, actor) };
  }

  /** Scoped roles: every category under where the actor may put the article (placementScope); undefined: anywhere. */
  private async allowedCategories(actor: Actor, placing: { creating: boolean; owner: boolean }): Promise<number[] | undefined> {
    if (!scopedActor(actor)) return undefined;
    const roots = placementScope(actor.grants ?? [], placing);
    return roots === null ? undefined : articleScopeRepository.subtrees(this.db, roots);
  }

  private async currentLock(id: number, actor: Actor, now: Date): Promise<LockInfo> {
    return lockInfo(await articleLocksRepository.find(this.db, id), actor.id, now, this.options.lockMinutes);
  }

  /** id 0 = a new article (needs create_article); else the stored one, its lock taken when the caller may edit it. */
  /**
   * `outside_scope`: the user's roles would let them edit this article but not where it lies (its
   * main category is outside the scope of those roles): the editor opens read-only and says so.
   */
  async open(actor: EditorActor, id: number, now: Date): Promise<OpenedArticle> {
    if (id === 0) {
      if (!hasRight(actor, 'create_article')) throw httpError(403, 'no_right', { right: 'create_article' });
      return {
        article: newArticle(actor.id, actor.name, now),
        lock: { ...FREE_LOCK, mine: true },
        outsideScope: false,
        allowedCategoryIds: await this.allowedCategories(actor, { creating: true, owner: true }),
      };
    }
    const article = await articleEditRepository.load(this.db, id);
    if (!article) throw httpError(404, 'article_not_found', { id });
    const facts = { createdBy: article.created_by };
    if (!maySee(facts, actor)) throw httpError(403, 'article_not_visible');
    const scoped = await actorInCategory(this.db, actor, article.main_category_id ?? article.catid);
    if (!maySee(facts, scoped)) throw outsideScope();
    const editable = mayEdit(facts, scoped);
    if (editable) await articleLocksRepository.hold(this.db, id, actor.id, now, this.options.lockMinutes);
    return {
      article,
      lock: await this.currentLock(id, actor, now),
      outsideScope: !editable && mayEdit(facts, actor),
      allowedCategoryIds: await this.allowedCategories(actor, { creating: false, owner: isOwner(facts, actor) }),
    };
  }

  /**
   * Create (id 0), copy or save: all or nothing, refused while another user holds the lock or the version moved on.
   * Records the saved content as a revision (`revision`: how; `revision` of the result: its id).
   */
  async save(
    actor: Actor,
    form: ArticleForm,
    now: Date,
    revision: SaveRevision = { source: 'editor' },
  ): Promise<{ id: number; version: number; revision: number }> {
    const creating = form.id === 0 || form.copy;
    if (creating && !hasRight(actor, 'create_article')) throw httpError(403, 'no_right', { right: 'create_article' });
    const anywhere = actor;
    return this.db.transaction().execute(async (trx) => {
      let stored: ArticleFlags | null = null;
      let storedOwner: number | null = null;
      if (form.id !== 0) {
        const article = await articlesRepository.find(trx, form.id, { lock: !form.copy });
        if (!article) throw httpError(404, 'article_not_found', { id: form.id });
        stored = article;
        storedOwner = article.createdBy;
        const where = await actorOnArticle(trx, anywhere, form.id);
        if (form.copy) {
          if (!maySee(article, anywhere)) throw httpError(403, 'article_not_visible');
          if (!maySee(article, where)) throw outsideScope();
        } else {
          if (!mayEdit(article, anywhere)) throw httpError(403, 'article_not_yours');
          if (!mayEdit(article, where)) throw outsideScope();
          const lock = await articleLocksRepository.find(trx, form.id);
          if (isLive(lock, now, this.options.lockMinutes) && lock.userId !== actor.id) throw lockedError(lock.name, lock.since);
          if (article.version !== form.version) {
            const changed = await articleEditRepository.lastChange(trx, form.id);
            throw conflictError(changed.name, changed.modified, await mergeData(trx, form.id, form.version));
          }
        }
      }
      // Where the article goes: the rights held there decide the save (an article cannot be moved out of
      // one's desks), in its main category and in its category (the one its scope is decided by).
      if (scopedActor(anywhere)) {
        const owner = { createdBy: creating ? anywhere.id : storedOwner };
        for (const [categoryId, field] of [
          [form.main_category_id, 'main_category_id'],
          [form.catid, 'catid'],
        ] as const) {
          if (categoryId === null) continue;
          actor = await actorInCategory(trx, anywhere, categoryId);
          const allowed = creating ? hasRight(actor, 'create_article') : mayEdit(owner, actor);
          if (!allowed) throw httpError(403, 'article_category_outside_scope', undefined, { field });
        }
      }
      checkFlagRights(form, form.copy ? 'copy' : creating ? 'create' : 'save', stored, actor);
      await checkReferences(trx, form);
      const before = creating ? null : await articleEditRepository.load(trx, form.id);
      const saved = await articleEditRepository.save(
        trx,
        { form, text: sanitizeRichText(form.text), introtext: sanitizeRichText(form.introtext), userId: actor.id, now },
        creating ? undefined : form.id,
      );
      // The form is stored (in the copy, for a copy): the saver's unsaved changes of it are no longer needed.
      if (form.id !== 0) await workingCopiesRepository.remove(trx, form.id, actor.id);
      // The saver keeps editing (or closes and releases): the lock is theirs either way.
      await articleLocksRepository.hold(trx, saved.id, actor.id, now, this.options.lockMinutes, true);
      const after = (await articleEditRepository.load(trx, saved.id)) as EditArticle;
      const changes = articleEditChanges(before ?? null, after);
      if (before) await keepOrWithdrawSchedule(trx, actor, saved.id, before, after, Object.keys(changes).length > 0);
      await recordActivity(trx, {
        actorId: actor.id,
        entity: 'article',
        entityId: saved.id,
        ...saveActivity(creating, form.copy ? form.id : null, revision),
        changes,
        at: now,
      });
      const [recorded] = await recordRevisions(trx, [saved.id], {
        userId: actor.id,
        source: revision.source,
        restoredFrom: revision.restoredFrom ?? null,
        keep: this.options.revisionsKeep ?? 0,
      });
      return { ...saved, revision: recorded!.id };
    });
  }

  /** The owner keeps their lock; refused while another user holds it. */
  async renewLock(actor: Actor, id: number, now: Date): Promise<LockInfo> {
    const { owner, outside } = await this.lockTarget(id, actor);
    if (outside) throw outsideScope();
    if (!owner) throw httpError(403, 'article_not_yours');
    const held = await articleLocksRepository.hold(this.db, id, actor.id, now, this.options.lockMinutes);
    const lock = await this.currentLock(id, actor, now);
    if (!held && lock.held_by) throw lockedError(lock.held_by.name, new Date(lock.since as string));
    return lock;
  }

  /** Takes the lock whoever holds it (the route requires edit_all_articles). */
  async takeLock(actor: Actor, id: number, now: Date): Promise<TakenLock> {
    // Taking over needs edit_all_articles where the article lies, not only somewhere.
    if (!hasRight(await actorOnArticle(this.db, actor, id), 'edit_all_articles') && (await articlesRepository.find(this.db, id)))
      throw outsideScope();
    await this.lockTarget(id, actor);
    const previous = await this.currentLock(id, actor, now);
    await articleLocksRepository.hold(this.db, id, actor.id, now, this.options.lockMinutes, true);
    return { lock: await this.currentLock(id, actor, now), previous };
  }

  /** `expires`: the expiry the releasing editor saw; a lock renewed since (by another editor of theirs) is kept. */
  async releaseLock(actor: Actor, id: number, expires: string | undefined, now: Date): Promise<ReleasedLock> {
    await this.lockTarget(id, actor);
    const lastHeld = expires === undefined ? undefined : lastHeldOf(expires, this.options.lockMinutes);
    if (lastHeld === null) throw httpError(400, 'field_date_time', { field: 'expires' }, { field: 'expires' });
    const released = await articleLocksRepository.release(this.db, id, actor.id, lastHeld);
    return { lock: await this.currentLock(id, actor, now), released };
  }
}
