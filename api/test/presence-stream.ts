// A client of GET /api/portal/events for the API tests: reads the Server-Sent Events stream with fetch
// (as the front end does: the token in the AUTHENTICATION header) and waits for events.
import type { FastifyInstance } from 'fastify';
import type { PresenceEvent } from 'contracts/schemas/events';

export interface EventStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: PresenceEvent[];
  /** The first event (from the start) that matches; waits up to `ms` for it. */
  next<T extends PresenceEvent>(match: (event: PresenceEvent) => event is T, ms?: number): Promise<T>;
  next(match: (event: PresenceEvent) => boolean, ms?: number): Promise<PresenceEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The base URL of the app, listening on a free port of 127.0.0.1 (once). */
export async function baseUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app does not listen on a port');
  return `http://127.0.0.1:${address.port}`;
}

export async function openEventStream(app: FastifyInstance, token: string | null): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${await baseUrl(app)}/api/portal/events`, {
    headers: token === null ? {} : { authentication: token, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: PresenceEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (data) events.push(JSON.parse(data) as PresenceEvent);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close().
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();

  const next = (match: (event: PresenceEvent) => boolean, ms = 5_000): Promise<PresenceEvent> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (found) {
          finish();
          resolve(found);
        } else if (done) {
          finish();
          reject(new Error(`The stream ended without the event; got ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`No such event within ${ms} ms; got ${JSON.stringify(events)}`));
      }, ms);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    status: response.status,
    headers: response.headers,
    events,
    next: next as EventStream['next'],
    ended,
    close: () => controller.abort(),
  };
}

/** An event about that version of an article. */
export const changeOf = (articleId: number, version: number) => (event: PresenceEvent) =>
  event.type === 'article' && event.article_id === articleId && event.version === version;

async function idOf(app: FastifyInstance, username: string): Promise<number> {
  return (await app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

/** Gives the user exactly the roles named (as an admin's change or SQL by hand would). */
export async function setRoles(app: FastifyInstance, username: string, roles: string[]): Promise<void> {
  const userId = await idOf(app, username);
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    const ids = await trx.selectFrom('roles').select('id').where('name', 'in', roles).execute();
    if (ids.length)
      await trx
        .insertInto('user_roles')
        .values(ids.map((role) => ({ user_id: userId, role_id: role.id })))
        .execute();
  });
}

/** Bumps the version of an article not created by `username` (any write does); the new version. */
export async function touchOthersArticle(app: FastifyInstance, username: string): Promise<{ id: number; version: number }> {
  const userId = await idOf(app, username);
  const article = await app.db
    .selectFrom('articles')
    .select('id')
    .where('created_by', '<>', userId)
    .where('state', '<>', -2)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const after = await app.db
    .updateTable('articles')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', article.id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return { id: article.id, version: after.version };
}
