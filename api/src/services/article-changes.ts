/**
 * The article list's one-field changes (spec section 4): set a field (state, access, featured,
 * newsletter), move to the trash or delete for good, restore, submit. Each reads the row under a
 * lock, asks the state rules (contracts/rules/article-state) and writes in one transaction; refusals are the
 * rules' coded errors. Free of HTTP: the routes parse, call and shape.
 */
import type { Transaction } from 'kysely';
import type { Database, DbRoot } from '../db/schema';
import { httpError, httpErrorOf } from '../lib/http-error';
import { dueChange, scheduleAfterWrite, scheduleRefusal, type ScheduledAction } from 'contracts/rules/article-schedule';
import {
  hasRight,
  maySee,
  planUpdate,
  STATE,
  transition,
  type Actor,
  type ArticleAction,
  type UpdateField,
} from 'contracts/rules/article-state';
import { articleScheduleRepository } from '../repositories/article-schedule';
import { articlesRepository, type ArticleRecord } from '../repositories/articles';
import { recordRevisions } from '../repositories/article-revisions';
import { messageTime } from './article-editor';
import { SYSTEM_ACTOR } from './system-actor';
import { diffFields } from 'contracts/rules/activity';
import { recordActivity } from './activity';
import { actorOnArticle, decideInScope, outsideScope } from './article-scope';

type Trx = Transaction<Database>;

/** A new, unsaved article (id 0): what the state rules see when asked to submit it. */
const NEW_ARTICLE = { id: 0, state: STATE.DRAFT, access: 2, featured: 0, newsletter: 0 } as const;

/** The fields a change from the list moves (the activity log's before → after). */
const LIST_FIELDS = ['state', 'access', 'featured', 'newsletter'] as const;

/** Records the change of `before` into `after` (null: purged) in the change's transaction. */
function record(
  trx: Trx,
  actor: Actor,
  action: 'update' | 'delete' | 'purge' | 'restore' | 'submit',
  before: ArticleRecord,
  after: ArticleRecord | null,
) {
  return recordActivity(trx, {
    actorId: actor.id,
    entity: 'article',
    entityId: before.id,
    action,
    changes: diffFields(before, after, LIST_FIELDS),
  });
}

export interface FieldChange {
  record: ArticleRecord;
  /** false: the field held the value already (nothing written). */
  changed: boolean;
  /** The value the rules set (approving may pick another state than the one asked for). */
  to: number;
}

/** What the publishing job did with one due article. */
export interface ScheduledChange {
  id: number;
  from: number;
  /** null: the state stayed (e.g. a draft at its publish_up); only the due marks were cleared. */
  to: number | null;
  actions: ScheduledAction[];
  /** The article after the change (null when its state stayed). */
  record: ArticleRecord | null;
}

export class ArticleChangesService {
  constructor(
    private readonly db: DbRoot,
    private readonly options: { revisionsKeep?: number } = {},
  ) {}

  /** Each change that writes the article is a save: it records a revision in the same transaction. */
  private async recorded(trx: Trx, actor: Actor, record: ArticleRecord): Promise<ArticleRecord> {
    // The system (the publishing job, SYSTEM_ACTOR id 0) is no user: its revisions have none, as an import's.
    const userId = actor.id === SYSTEM_ACTOR.id ? null : actor.id;
    await recordRevisions(trx, [record.id], { userId, source: 'list', keep: this.options.revisionsKeep ?? 0 });
    return record;
  }

  /** Runs `work` in a transaction (the list cache learns of it from the database's generation, migration 0028). */
  private async inTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** A manual state change (any path: one row, bulk, restore, submit) withdraws a pending schedule; an approver's publish arms publish_down. */
  private async afterStateChange(trx: Trx, actor: Actor, saved: ArticleRecord): Promise<void> {
    const marks = scheduleAfterWrite({ kind: 'state', mayApprove: hasRight(actor, 'approve_article'), to: saved.state });
    await articleScheduleRepository.setMarks(trx, saved.id, marks);
  }

  /** Writes state `to` as a change by `actor`: the save's revision and the schedule's marks. */
  private async writeState(trx: Trx, actor: Actor, id: number, to: number): Promise<ArticleRecord> {
    const saved = await this.recorded(trx, actor, await articlesRepository.setField(trx, id, 'state', to));
    await this.afterStateChange(trx, actor, saved);
    return saved;
  }

  /**
   * The article, locked for the change. For an `actor` who may not see it, the same 404 as for an
   * unknown id: whether an id exists is not told to whoever may not see it.
   */
  private async lockedArticle(trx: Trx, id: number, actor?: Actor): Promise<ArticleRecord> {
    const article = await articlesRepository.find(trx, id, { lock: true });
    if (!article || (actor && !maySee(article, actor))) throw httpError(404, 'article_not_found', { id });
    return article;
  }

  /**
   * The article locked for the change, with the actor narrowed to the rights they hold on it (scoped
   * roles). Seen only through a role whose scope does not cover it: "outside your desks" (403).
   */
  private async lockedInScope(trx: Trx, id: number, actor: Actor): Promise<{ article: ArticleRecord; scoped: Actor }> {
    const article = await this.lockedArticle(trx, id, actor);
    const scoped = await actorOnArticle(trx, actor, id);
    if (!maySee(article, scoped)) throw outsideScope();
    return { article, scoped };
  }

  /** The state the action leads to, or the rules' refusal. */
  private target(article: Parameters<typeof transition>[0], action: ArticleAction, actor: Actor, scoped: Actor = actor): number | null {
    return decideInScope(actor, scoped, (who) => {
      const outcome = transition(article, action, who);
      if (!outcome.ok) throw httpErrorOf(outcome.status, outcome);
      return outcome.to;
    });
  }

  async setField(actor: Actor, id: number, field: UpdateField, value: number): Promise<FieldChange> {
    return this.inTransaction(async (trx) => {
      const { article, scoped } = await this.lockedInScope(trx, id, actor);
      const plan = decideInScope(actor, scoped, (who) => {
        const outcome = planUpdate(article, field, value, who);
        if (!outcome.ok) throw httpErrorOf(outcome.status, outcome);
        return outcome;
      });
      actor = scoped;
      // Unpublishing a Scheduled article (state 0 already) is a decision too: it withdraws the schedule.
      const unschedules = field === 'state' && plan.to === STATE.UNPUBLISHED && (await articleScheduleRepository.marks(trx, id)).upPending;
      if (!plan.changed && !unschedules) return { record: article, changed: false, to: plan.to };
      const saved =
        field === 'state'
          ? await this.writeState(trx, actor, id, plan.to)
          : await this.recorded(trx, actor, await articlesRepository.setField(trx, id, field, plan.to));
      await record(trx, actor, 'update', article, saved);
      return { record: saved, changed: true, to: plan.to };
    });
  }

  /** Moves the article to the trash; one in the trash goes for good (then null). */
  async delete(actor: Actor, id: number): Promise<ArticleRecord | null> {
    return this.inTransaction(async (trx) => {
      const { article, scoped } = await this.lockedInScope(trx, id, actor);
      const to = this.target(article, 'delete', actor, scoped);
      actor = scoped;
      if (to === null) {
        await articlesRepository.purge(trx, id);
        await record(trx, actor, 'purge', article, null);
        return null;
      }
      const saved = await this.writeState(trx, actor, id, to);
      await record(trx, actor, 'delete', article, saved);
      return saved;
    });
  }

  async restore(actor: Actor, id: number): Promise<ArticleRecord> {
    return this.inTransaction(async (trx) => {
      const { article, scoped } = await this.lockedInScope(trx, id, actor);
      const to = this.target(article, 'restore', actor, scoped);
      actor = scoped;
      const saved = await this.writeState(trx, actor, id, to as number);
      await record(trx, actor, 'restore', article, saved);
      return saved;
    });
  }

  /**
   * The publishing job (plugins/publishing-scheduler.ts): publishes at publish_up, unpublishes at
   * publish_down (contracts/rules/article-schedule.ts `dueChange`), as `actor` (SYSTEM_ACTOR), who
   * needs approve_article as anyone who publishes. Null when nothing is due any more or another
   * process is doing it right now (the row is locked): each due change happens once.
   */
  async applyDueSchedule(actor: Actor, id: number): Promise<ScheduledChange | null> {
    if (!hasRight(actor, 'approve_article')) throw httpError(403, 'no_right', { right: 'approve_article' });
    return this.inTransaction(async (trx) => {
      const due = await articleScheduleRepository.lockDue(trx, id);
      if (!due || (!due.upDue && !due.downDue)) return null;
      const change = dueChange(due);
      await articleScheduleRepository.clearPending(trx, id, due);
      if (change.to === null) return { id, from: change.from, to: null, actions: change.actions, record: null };
      // A state change is a save (its revision, by no user) and an activity done by the system; clearing the marks alone is neither.
      const before = await this.lockedArticle(trx, id);
      const saved = await this.recorded(trx, actor, await articlesRepository.setField(trx, id, 'state', change.to));
      await record(trx, actor, 'update', before, saved);
      return { id, from: change.from, to: change.to, actions: change.actions, record: saved };
    });
  }

  /**
   * Schedules the article (an approver's decision, contracts/rules/article-schedule.ts): it becomes
   * Unpublished with publish_up pending, publish_down pending when it lies ahead. `version`: the
   * one the approver has seen (another's save since is a 409); `publishUp`: the time, else the stored one.
   */
  async schedule(actor: Actor, id: number, input: { version: number; publishUp?: Date | undefined }, now: Date): Promise<ArticleRecord> {
    return this.inTransaction(async (trx) => {
      const article = await this.lockedArticle(trx, id);
      const stored = await articleScheduleRepository.times(trx, id);
      const publishUp = input.publishUp ?? stored.publishUp;
      const scoped = await actorOnArticle(trx, actor, id);
      decideInScope(actor, scoped, (who) => {
        const refusal = scheduleRefusal({
          state: article.state,
          mayApprove: hasRight(who, 'approve_article'),
          publishUp,
          publishDown: stored.publishDown,
          now,
        });
        if (refusal) throw httpErrorOf(refusal.status, refusal);
      });
      if (article.version !== input.version)
        throw httpError(409, 'schedule_article_changed', { at: messageTime(new Date(article.modified)) });
      if (input.publishUp) await articleScheduleRepository.setPublishUp(trx, id, input.publishUp);
      const saved = await this.recorded(trx, actor, await articlesRepository.setField(trx, id, 'state', STATE.UNPUBLISHED));
      await articleScheduleRepository.setMarks(trx, id, { up: 'arm', down: 'arm' });
      await recordActivity(trx, {
        actorId: actor.id,
        entity: 'article',
        entityId: id,
        action: 'update',
        changes: diffFields(article, saved, ['state']),
        details: { scheduled_for: (publishUp as Date).toISOString() },
      });
      return saved;
    });
  }

  /** id 0: the rules' answer for a new article (the editor saves it first). */
  async submit(actor: Actor, id: number): Promise<ArticleRecord> {
    return this.inTransaction(async (trx) => {
      const { article, scoped } =
        id === 0 ? { article: { ...NEW_ARTICLE, createdBy: actor.id }, scoped: actor } : await this.lockedInScope(trx, id, actor);
      const to = this.target(article, 'submit', actor, scoped);
      actor = scoped;
      const saved = await this.writeState(trx, actor, id, to as number);
      await record(trx, actor, 'submit', { ...saved, state: article.state }, saved);
      return saved;
    });
  }
}
