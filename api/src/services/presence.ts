/**
 * Live presence: who holds which article's edit lock, which articles changed, moved stage or were re-planned,
 * pushed to the signed-in clients of this process (GET /api/portal/events).
 *
 * The source is the database, not this process: migration 0024's row triggers NOTIFY
 * `article_presence` on every lock and article change, whoever made it (this process, another API
 * process on the same PostgreSQL, a job, SQL by hand); each process LISTENs (db/notifications.ts;
 * PGlite: its own notifications, in-process) and hands every event to its subscribers that may see
 * the article (contracts/rules/article-state maySee: the owner, view_all_articles or edit_all_articles),
 * with a scoped role's rights only where they hold: each notice names the category the article's
 * scope is decided by (migration 0040), and a scoped stream gets it only when its rights in that
 * category (contracts/rules/rights rightsInCategory) let it see the article.
 * When the LISTEN connection was lost, changes may have been missed: once it is back every subscriber
 * gets a fresh snapshot.
 *
 * A stream lives no longer than its session and its rights: the same connection LISTENs on
 * session_revoked (migration 0020: a session ended or renewed, a user changed or disabled, roles
 * changed), so a revocation committed before an article change is heard before it. On such a
 * notice the streams it concerns hold their events and their session is checked again in the
 * database (`checkSession`); a stream whose session ended, or whose rights changed, is ended (the
 * client reconnects and starts over with what it may see now), the others get what was held.
 */
import type { ArticleChangedEvent, LockEvent, PresenceEvent, PresenceSnapshot } from 'contracts/schemas/events';
import { hasRight, maySee, type Actor } from 'contracts/rules/article-state';
import { rightsInCategory } from 'contracts/rules/rights';
import type { DbRoot } from '../db/schema';
import type { ChannelSubscription, ListenFunction } from '../db/notifications';
import { articlePresenceRepository, type LiveLockRow } from '../repositories/article-presence';
import { articleScopeRepository } from '../repositories/article-scope';
import { scopedActor } from './article-scope';
import { SESSION_REVOKED_CHANNEL } from './auth-service';

/** The channel of migration 0024's triggers. */
export const PRESENCE_CHANNEL = 'article_presence';

export interface PresenceOptions {
  lockMinutes: number;
  /** How often a stream gets a heartbeat (and its session is checked again). */
  heartbeatMs: number;
  listen: ListenFunction;
  /**
   * Checks a subscriber's session again in the database: true keeps the stream (the session is live
   * and its rights unchanged), false ends it.
   */
  checkSession(subscriber: PresenceSubscriber): Promise<boolean>;
  onError?: (error: Error) => void;
  now?: () => Date;
}

export interface PresenceSubscriber {
  actor: Actor;
  /** The session the stream runs on. */
  sessionId: number;
  send(event: PresenceEvent): void;
  /** Ends the stream (its session ended or its rights changed). */
  end(): void;
}

/**
 * Whose article an event is about and where it lies: `path` is the ancestor path of its scope
 * category ([] none or unknown: only unscoped rights see it), null when no stream is scoped.
 */
interface EventArticle {
  createdBy: number | null;
  path: readonly number[] | null;
}

/** An event for a subscriber whose session is being checked; `owner` null: for whoever may stream. */
interface HeldEvent {
  owner: EventArticle | null;
  event: PresenceEvent;
}

/** Whether a stream may get an event about this article: maySee with the rights it holds where the article lies. */
function streamMaySee(article: EventArticle, actor: Actor): boolean {
  if (!scopedActor(actor)) return maySee(article, actor);
  return maySee(article, { ...actor, rights: rightsInCategory(actor.grants ?? [], article.path ?? []) });
}
interface SessionCheck {
  held: HeldEvent[];
  /** Another notice came while checking: the answer may predate it, check once more. */
  again: boolean;
}

/** What a trigger sends (migration 0024). */
interface LockNotice {
  kind: 'lock';
  article_id: number;
  created_by: number | null;
  /** The article's scope category (migration 0040; absent from older notices). */
  category_id?: number | null;
  user_id: number | null;
  name: string | null;
  since: string | null;
  renewed_at: string | null;
}
interface ArticleNotice {
  kind: 'article';
  article_id: number;
  created_by: number | null;
  category_id?: number | null;
  version: number;
  state: number;
  deleted: boolean;
  /** Where it is on the desks (migration 0036; absent from older notices). */
  desk_id?: number | null;
  stage_id?: number | null;
  /** Its stage changed in this update. */
  moved?: boolean;
  /** Its planning or overdue flag changed in this update (migration 0038). */
  planned?: boolean;
  planning_version?: number;
  overdue?: boolean;
}
type Notice = LockNotice | ArticleNotice;

function parseNotice(payload: string): Notice | null {
  try {
    const notice = JSON.parse(payload) as Notice;
    if (notice && (notice.kind === 'lock' || notice.kind === 'article') && Number.isInteger(notice.article_id)) return notice;
  } catch {
    // Not ours (someone else NOTIFYing on the channel): ignored.
  }
  return null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

export class PresenceHub {
  readonly #db: DbRoot;
  readonly #options: PresenceOptions;
  readonly #subscribers = new Set<PresenceSubscriber>();
  readonly #checks = new Map<PresenceSubscriber, SessionCheck>();
  #subscription: ChannelSubscription | undefined;
  #listenedBefore = false;
  /** Notices are dispatched one after the other (a scoped stream's needs a category lookup first), in the order heard. */
  #dispatching: Promise<void> = Promise.resolve();

  constructor(db: DbRoot, options: PresenceOptions) {
    this.#db = db;
    this.#options = options;
  }

  get heartbeatMs(): number {
    return this.#options.heartbeatMs;
  }

  async start(): Promise<void> {
    this.#subscription = await this.#options.listen([PRESENCE_CHANNEL, SESSION_REVOKED_CHANNEL], {
      onNotify: (payload, channel) => (channel === SESSION_REVOKED_CHANNEL ? this.#revoked(payload) : this.#dispatch(payload)),
      onListening: () => {
        // Back after a loss: what happened meanwhile was not heard (revocations too), so everyone starts over.
        if (this.#listenedBefore) {
          for (const subscriber of this.#subscribers) {
            this.recheck(subscriber);
            void this.#resync(subscriber);
          }
        }
        this.#listenedBefore = true;
      },
      onLost: (error) => {
        if (error) this.#options.onError?.(error);
      },
    });
  }

  async close(): Promise<void> {
    this.#subscribers.clear();
    this.#checks.clear();
    await this.#subscription?.close();
    this.#subscription = undefined;
  }

  /** Adds a stream; returns its removal. Events start at once: the caller sends the snapshot first. */
  subscribe(subscriber: PresenceSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => {
      this.#subscribers.delete(subscriber);
      this.#checks.delete(subscriber);
    };
  }

  /**
   * Checks the subscriber's session again (a revocation notice, its expiry, a heartbeat); its events
   * are held meanwhile, then delivered, or dropped with the stream.
   */
  recheck(subscriber: PresenceSubscriber): void {
    if (!this.#subscribers.has(subscriber)) return;
    const running = this.#checks.get(subscriber);
    if (running) {
      running.again = true;
      return;
    }
    const check: SessionCheck = { held: [], again: false };
    this.#checks.set(subscriber, check);
    void this.#runCheck(subscriber, check);
  }

  async #runCheck(subscriber: PresenceSubscriber, check: SessionCheck): Promise<void> {
    let keep: boolean;
    do {
      check.again = false;
      try {
        keep = await this.#options.checkSession(subscriber);
      } catch (error) {
        // Not known to be live: ended (the client reconnects, and is checked then).
        this.#options.onError?.(error as Error);
        keep = false;
      }
    } while (keep && check.again && this.#checks.get(subscriber) === check);
    if (this.#checks.get(subscriber) !== check) return;
    this.#checks.delete(subscriber);
    if (!keep) {
      this.#subscribers.delete(subscriber);
      subscriber.end();
      return;
    }
    for (const { owner, event } of check.held) this.#deliver(subscriber, owner, event);
  }

  /** Hands an event to a subscriber that may see it, or holds it while its session is checked. */
  #deliver(subscriber: PresenceSubscriber, owner: HeldEvent['owner'], event: PresenceEvent): void {
    const check = this.#checks.get(subscriber);
    if (check) {
      check.held.push({ owner, event });
      return;
    }
    if (owner && !streamMaySee(owner, subscriber.actor)) return;
    try {
      subscriber.send(event);
    } catch (error) {
      this.#options.onError?.(error as Error);
    }
  }

  /** A session_revoked notice: the streams it may concern are checked again. */
  #revoked(payload: string): void {
    const [kind, rawId] = payload.split(':');
    const id = Number(rawId);
    for (const subscriber of this.#subscribers) {
      const concerned = kind === 'session' ? subscriber.sessionId === id : kind === 'user' ? subscriber.actor.id === id : true;
      if (concerned) this.recheck(subscriber);
    }
  }

  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  /** The live locks of the articles the actor may see. */
  async snapshot(actor: Actor): Promise<PresenceSnapshot> {
    const now = (this.#options.now ?? (() => new Date()))();
    const renewedAfter = new Date(now.getTime() - this.#options.lockMinutes * 60_000);
    const everyArticle = hasRight(actor, 'view_all_articles') || hasRight(actor, 'edit_all_articles');
    const rows = await articlePresenceRepository.liveLocks(this.#db, renewedAfter, everyArticle ? undefined : actor.id);
    const paths = scopedActor(actor)
      ? await articleScopeRepository.ancestorPaths(
          this.#db,
          rows.flatMap((row) => (row.categoryId === null ? [] : [row.categoryId])),
        )
      : new Map<number, number[]>();
    const pathOf = (row: LiveLockRow) => (row.categoryId === null ? [] : (paths.get(row.categoryId) ?? []));
    return {
      type: 'snapshot',
      locks: rows.filter((row) => streamMaySee({ createdBy: row.createdBy, path: pathOf(row) }, actor)).map((row) => this.#lockOfRow(row)),
      heartbeat_ms: this.#options.heartbeatMs,
    };
  }

  async #resync(subscriber: PresenceSubscriber): Promise<void> {
    try {
      const snapshot = await this.snapshot(subscriber.actor);
      if (this.#subscribers.has(subscriber)) this.#deliver(subscriber, null, snapshot);
    } catch (error) {
      this.#options.onError?.(error as Error);
    }
  }

  #lockOfRow(row: LiveLockRow): LockEvent {
    return {
      type: 'lock',
      article_id: row.articleId,
      held_by: { id: row.userId, name: row.name },
      since: row.since.toISOString(),
      expires: new Date(row.renewedAt.getTime() + this.#options.lockMinutes * 60_000).toISOString(),
    };
  }

  #eventOf(notice: Notice): PresenceEvent {
    if (notice.kind === 'article') {
      const event: ArticleChangedEvent = {
        type: 'article',
        article_id: notice.article_id,
        version: notice.version,
        state: notice.state,
        deleted: notice.deleted,
      };
      return event;
    }
    if (notice.user_id === null || notice.renewed_at === null) {
      return { type: 'lock', article_id: notice.article_id, held_by: null, since: null, expires: null };
    }
    const renewedAt = new Date(notice.renewed_at);
    return {
      type: 'lock',
      article_id: notice.article_id,
      held_by: { id: notice.user_id, name: notice.name ?? '' },
      since: notice.since === null ? null : iso(notice.since),
      expires: new Date(renewedAt.getTime() + this.#options.lockMinutes * 60_000).toISOString(),
    };
  }

  #dispatch(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    this.#dispatching = this.#dispatching
      .then(() => this.#dispatchNotice(notice))
      .catch((error: unknown) => this.#options.onError?.(error as Error));
  }

  /** The ancestor path of the notice's article for the scoped streams; null when none is open (no lookup then). */
  async #pathOf(notice: Notice): Promise<readonly number[] | null> {
    if (![...this.#subscribers].some((subscriber) => scopedActor(subscriber.actor))) return null;
    return articleScopeRepository.ancestorPath(this.#db, notice.category_id ?? null);
  }

  async #dispatchNotice(notice: Notice): Promise<void> {
    const event = this.#eventOf(notice);
    const owner: EventArticle = { createdBy: notice.created_by, path: await this.#pathOf(notice) };
    // A move: the boards also get where the story is now, for whoever may see the article (as its article event).
    const moved: PresenceEvent | null =
      notice.kind === 'article' && notice.moved === true
        ? {
            type: 'stage',
            article_id: notice.article_id,
            desk_id: notice.desk_id ?? null,
            stage_id: notice.stage_id ?? null,
            version: notice.version,
          }
        : null;
    const planned: PresenceEvent | null =
      notice.kind === 'article' && notice.planned === true && notice.planning_version !== undefined
        ? {
            type: 'planning',
            article_id: notice.article_id,
            desk_id: notice.desk_id ?? null,
            planning_version: notice.planning_version,
            overdue: notice.overdue === true,
          }
        : null;
    for (const subscriber of this.#subscribers) {
      this.#deliver(subscriber, owner, event);
      if (moved) this.#deliver(subscriber, owner, moved);
      if (planned) this.#deliver(subscriber, owner, planned);
    }
  }
}
