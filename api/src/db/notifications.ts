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
  onNotify(payload: string): void;
  /** LISTEN is in effect (first time, or again after a loss): anything before now was not heard. */
  onListening?(): void;
  /** The LISTEN connection went; it reconnects by itself. */
  onLost?(error?: Error): void;
}

export interface ChannelSubscription {
  close(): Promise<void>;
}

export type ListenFunction = (channel: string, handlers: NotificationHandlers) => Promise<ChannelSubscription>;

const RELISTEN_MS = 1_000;

/** PostgreSQL: a connection of its own that LISTENs on `channel`, reconnecting after a loss. */
export function listenPostgres(databaseUrl: string): ListenFunction {
  return async (channel, handlers) => {
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
        if (message.channel === channel) handlers.onNotify(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
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
  return async (channel, handlers) => {
    const listener = (payload: string) => handlers.onNotify(payload);
    notifications.on(channel, listener);
    await sql`listen ${sql.id(channel)}`.execute(db);
    handlers.onListening?.();
    return {
      async close() {
        notifications.off(channel, listener);
      },
    };
  };
}
