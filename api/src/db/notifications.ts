import type { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import type { Database } from './schema';

/**
 * LISTEN/NOTIFY on one channel, for code that must hear writes of every process (PostgreSQL) or of
 * this process (PGlite: one process, its own notifications). The PostgreSQL side is the pattern of
 * lib/article-list-cache.ts and the session cache: a dedicated connection that LISTENs and comes back
 * after a loss; while it is down notifications are missed, so the consumer is told (onLost, then
 * onListening once LISTEN is in effect again) and can resynchronise.
 */
export interface NotificationHandlers {
  /** A notification of one of the channels listened to. */
  onNotify(payload: string, channel: string): void;
  /** LISTEN is in effect (first time, or again after a loss): anything before now was not heard. */
  onListening?(): void;
  /** The LISTEN connection went; it reconnects by itself. */
  onLost?(error?: Error): void;
}

export interface ChannelSubscription {
  close(): Promise<void>;
}

/**
 * LISTENs on one channel or several. Several share one connection, so their notifications arrive in
 * commit order across the channels (a revocation before the article change committed after it).
 */
export type ListenFunction = (channels: string | readonly string[], handlers: NotificationHandlers) => Promise<ChannelSubscription>;

const channelList = (channels: string | readonly string[]): readonly string[] => (typeof channels === 'string' ? [channels] : channels);

const RELISTEN_MS = 1_000;

/** PostgreSQL: a connection of its own that LISTENs on the channels, reconnecting after a loss. */
export function listenPostgres(databaseUrl: string): ListenFunction {
  return async (channels, handlers) => {
    const names = channelList(channels);
    let closed = false;
    let current: Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      if (closed) return;
      const client = new Client({ connectionString: databaseUrl });
      current = client;
      const lost = (error?: Error) => {
        if (current !== client) return;
        current = undefined;
        client.end().catch(() => undefined);
        handlers.onLost?.(error);
        if (!closed) retry = setTimeout(() => void connect(), RELISTEN_MS);
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (message) => {
        if (names.includes(message.channel)) handlers.onNotify(message.payload ?? '', message.channel);
      });
      try {
        await client.connect();
        for (const channel of names) await client.query(`listen ${client.escapeIdentifier(channel)}`);
        if (current === client) handlers.onListening?.();
      } catch (error) {
        lost(error as Error);
      }
    };
    await connect();
    return {
      async close() {
        closed = true;
        if (retry) clearTimeout(retry);
        const client = current;
        current = undefined;
        if (client) await client.end().catch(() => undefined);
      },
    };
  };
}

/**
 * PGlite: the embedded database hands its notifications to `notifications` (database.ts wires
 * PGlite's onNotification to it); LISTEN runs through Kysely so it waits its turn on the one connection
 * (never inside another caller's transaction).
 */
export function listenPglite(db: Kysely<Database>, notifications: EventEmitter): ListenFunction {
  return async (channels, handlers) => {
    const names = channelList(channels);
    const listeners = names.map((channel) => {
      const listener = (payload: string) => handlers.onNotify(payload, channel);
      notifications.on(channel, listener);
      return [channel, listener] as const;
    });
    for (const channel of names) await sql`listen ${sql.id(channel)}`.execute(db);
    handlers.onListening?.();
    return {
      async close() {
        for (const [channel, listener] of listeners) notifications.off(channel, listener);
      },
    };
  };
}
