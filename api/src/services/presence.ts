/**
 * Live presence: who holds which article's edit lock, and which articles changed,
 * pushed to the signed-in clients of this process (GET /api/portal/events).
 *
 * The source is the database, not this process: migration 0024's row triggers NOTIFY
 * `article_presence` on every lock and article change, whoever made it (this process, another API
 * process on the same PostgreSQL, a job, SQL by hand); each process LISTENs (db/notifications.ts;
 * PGlite: its own notifications, in-process) and hands every event to its subscribers that may see
 * the article (contracts/rules/article-state maySee: the owner, view_all_articles or edit_all_articles).
 * When the LISTEN connection was lost, changes may have been missed: once it is back every subscriber
 * gets a fresh snapshot.
 */
import type { Kysely } from 'kysely';
import type { ArticleChangedEvent, LockEvent, PresenceEvent, PresenceSnapshot } from 'contracts/schemas/events';
import { hasRight, maySee, type Actor } from 'contracts/rules/article-state';
import type { Database } from '../db/schema';
import type { ChannelSubscription, ListenFunction } from '../db/notifications';
import { articlePresenceRepository, type LiveLockRow } from '../repositories/article-presence';

/** The channel of migration 0024's triggers. */
export const PRESENCE_CHANNEL = 'article_presence';

export interface PresenceOptions {
  lockMinutes: number;
  /** How often a stream gets a heartbeat (and its session is checked again). */
  heartbeatMs: number;
  listen: ListenFunction;
  onError?: (error: Error) => void;
  now?: () => Date;
}

export interface PresenceSubscriber {
  /** The rights may change while the stream is open (the route checks the session on each heartbeat). */
  actor: Actor;
  send(event: PresenceEvent): void;
}

/** What a trigger sends (migration 0024). */
interface LockNotice {
  kind: 'lock';
  article_id: number;
  created_by: number | null;
  user_id: number | null;
  name: string | null;
  since: string | null;
  renewed_at: string | null;
}
interface ArticleNotice {
  kind: 'article';
  article_id: number;
  created_by: number | null;
  version: number;
  state: number;
  deleted: boolean;
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
  readonly #db: Kysely<Database>;
  readonly #options: PresenceOptions;
  readonly #subscribers = new Set<PresenceSubscriber>();
  #subscription: ChannelSubscription | undefined;
  #listenedBefore = false;

  constructor(db: Kysely<Database>, options: PresenceOptions) {
    this.#db = db;
    this.#options = options;
  }

  get heartbeatMs(): number {
    return this.#options.heartbeatMs;
  }

  async start(): Promise<void> {
    this.#subscription = await this.#options.listen(PRESENCE_CHANNEL, {
      onNotify: (payload) => this.#dispatch(payload),
      onListening: () => {
        // Back after a loss: what happened meanwhile was not heard, so everyone starts over.
        if (this.#listenedBefore) for (const subscriber of this.#subscribers) void this.#resync(subscriber);
        this.#listenedBefore = true;
      },
      onLost: (error) => {
        if (error) this.#options.onError?.(error);
      },
    });
  }

  async close(): Promise<void> {
    this.#subscribers.clear();
    await this.#subscription?.close();
    this.#subscription = undefined;
  }

  /** Adds a stream; returns its removal. Events start at once: the caller sends the snapshot first. */
  subscribe(subscriber: PresenceSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
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
    return {
      type: 'snapshot',
      locks: rows.filter((row) => maySee({ createdBy: row.createdBy }, actor)).map((row) => this.#lockOfRow(row)),
      heartbeat_ms: this.#options.heartbeatMs,
    };
  }

  async #resync(subscriber: PresenceSubscriber): Promise<void> {
    try {
      const snapshot = await this.snapshot(subscriber.actor);
      if (this.#subscribers.has(subscriber)) subscriber.send(snapshot);
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
    const event = this.#eventOf(notice);
    const owner = { createdBy: notice.created_by };
    for (const subscriber of this.#subscribers) {
      if (!maySee(owner, subscriber.actor)) continue;
      try {
        subscriber.send(event);
      } catch (error) {
        this.#options.onError?.(error as Error);
      }
    }
  }
}
