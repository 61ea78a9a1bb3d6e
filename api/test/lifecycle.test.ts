import http from 'node:http';
import net from 'node:net';
import { sql } from 'kysely';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { body, DEMO, describeEachDatabase } from './helpers';
import { provisionDatabase, type DatabaseKind, type ProvisionedDatabase } from './database-env';
import { serverEnv, startServerProcess, type ServerProcess } from './server-process';

/**
 * The process lifecycle behind a load balancer: liveness and readiness, and what SIGTERM does in a
 * real server process (readiness goes, the server stops accepting, in-flight requests finish, idle
 * keep-alive connections and event streams close, exit before SHUTDOWN_TIMEOUT).
 */
function request(
  url: string,
  options: http.RequestOptions & { body?: unknown } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: any }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      url,
      { ...options, headers: { ...options.headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : null }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(server: ServerProcess, agent: http.Agent, username: keyof typeof DEMO): Promise<string> {
  const answer = await request(`${server.url}/api/v2/session`, { method: 'POST', agent, body: { username, password: DEMO[username] } });
  if (answer.status !== 200) throw new Error(`Sign-in failed: ${JSON.stringify(answer.json)}`);
  return answer.json.data.auth as string;
}

/** Whether a new connection to the server's port is refused. */
function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function until(condition: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDatabase('health endpoints', (ctx) => {
  it('live and ready answer 200; ready goes 503 shutting_down while draining, live stays 200', async () => {
    const live = await ctx.get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(body(live)).toEqual({ code: 200, data: { status: 'ok' }, message: 'OK' });
    const ready = await ctx.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(body(ready).data).toEqual({ status: 'ok', database: ctx.kind });
    // The health check of before keeps answering as it did.
    expect(body(await ctx.get('/api/health')).data).toEqual({ status: 'ok', database: ctx.kind });

    ctx.app.lifecycle.drain();
    const draining = await ctx.get('/api/health/ready');
    expect(draining.statusCode).toBe(503);
    expect(body(draining)).toEqual({
      code: 503,
      data: { error: 'shutting_down' },
      message: 'The server is shutting down, try again in a moment',
    });
    expect(draining.headers.connection).toBe('close');
    expect((await ctx.get('/api/health/live')).statusCode).toBe(200);
  });
});

/** Asks /api/health/ready until it answers 200: a pool client whose backend just went may fail one more check before the pool drops it. */
async function readyAgain(app: { inject: (options: { method: 'GET'; url: string }) => Promise<{ statusCode: number }> }): Promise<number> {
  let status = 0;
  while (status !== 200) status = (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;
  return status;
}

const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('readiness without the database [postgres]', () => {
  it('answers 503 database_unavailable while the database refuses connections; live stays 200', async () => {
    const database = await provisionDatabase('postgres');
    const app = await buildApp({ config: { demo: false, ...database.config }, logger: false });
    const name = new URL(database.config.databaseUrl as string).pathname.slice(1);
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(body(ready).data).toEqual({ error: 'database_unavailable' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      await admin.query(`alter database "${name}" allow_connections true`);
      expect(await readyAgain(app)).toBe(200);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`).catch(() => undefined);
      await admin.end();
      await app.close();
      await database.dispose();
    }
  });
});

describeOnPostgres('a database connection lost during a query [postgres]', () => {
  it('fails that query only: the process carries on and the next request is served', async () => {
    const database = await provisionDatabase('postgres');
    const app = await buildApp({ config: { demo: false, ...database.config }, logger: false });
    const name = new URL(database.config.databaseUrl as string).pathname.slice(1);
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await app.ready();
      const slow = sql`select pg_sleep(30)`.execute(app.db);
      const outcome = slow.then(
        () => 'answered',
        () => 'failed',
      );
      let pid: number | undefined;
      while (pid === undefined) {
        const { rows } = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and query like 'select pg_sleep%'",
          [name],
        );
        pid = rows[0]?.pid;
      }
      await admin.query('select pg_terminate_backend($1)', [pid]);
      expect(await outcome).toBe('failed');
      // Without a listener on clients in use, the lost connection's 'error' event ended the process.
      expect(await readyAgain(app)).toBe(200);
    } finally {
      await admin.end();
      await app.close();
      await database.dispose();
    }
  });
});

// Server processes take a while to start: these run once, on PostgreSQL when it is there (what a
// deployment behind a load balancer runs on), else on PGlite.
const processKind: DatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe.each([processKind])('SIGTERM in a real server process [%s]', (kind) => {
  let database: ProvisionedDatabase;
  beforeAll(async () => {
    database = await provisionDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('exits cleanly before SHUTDOWN_TIMEOUT with an idle keep-alive client and an event stream attached', async () => {
    const server = await startServerProcess(serverEnv(database, { SHUTDOWN_TIMEOUT: '20' }));
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000, maxSockets: 1 });
    try {
      const token = await signIn(server, agent, 'editor');
      expect((await request(`${server.url}/api/health/live`, { agent })).status).toBe(200);
      // The agent now holds an idle keep-alive connection.
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
      const streamEnded = new Promise<void>((resolve, reject) => {
        http
          .get(`${server.url}/api/portal/events`, { headers: { authentication: token, accept: 'text/event-stream' } }, (res) => {
            expect(res.statusCode).toBe(200);
            res.on('data', () => undefined);
            res.on('end', resolve);
            res.on('close', resolve);
          })
          .on('error', reject);
      });
      await until(async () => server.output().includes('"url":"/api/portal/events"'), 'the event stream to open');

      const started = Date.now();
      server.child.kill('SIGTERM');
      const code = await server.exited;
      const seconds = (Date.now() - started) / 1000;
      await streamEnded;
      console.log(
        `[${kind}] SIGTERM with an idle keep-alive client and an event stream: exit ${code} after ${seconds.toFixed(2)} s (SHUTDOWN_TIMEOUT 20 s)`,
      );
      // 0: closed by itself; the deadline would have exited 1.
      expect(code).toBe(0);
      expect(server.output()).toContain('Shut down');
    } finally {
      agent.destroy();
      server.child.kill('SIGKILL');
    }
  }, 90_000);

  it('the deadline ends a shutdown that cannot finish (exit 1 after SHUTDOWN_TIMEOUT)', async () => {
    if (kind !== 'postgres') return;
    // A save waits on a lock the test holds for longer than the 2 s timeout.
    const server = await startServerProcess(serverEnv(database, { SHUTDOWN_TIMEOUT: '2' }));
    const holder = new Client({ connectionString: database.config.databaseUrl });
    await holder.connect();
    const agent = new http.Agent({ keepAlive: true });
    try {
      const token = await signIn(server, agent, 'admin');
      const { rows } = await holder.query<{ id: number }>('select id from articles where featured = 0 and state = 1 order by id limit 1');
      await holder.query('begin');
      await holder.query('lock table articles in share mode');
      const save = request(`${server.url}/api/portal/article/update`, {
        method: 'POST',
        agent,
        headers: { authentication: token },
        body: { id: rows[0]?.id, field: 'featured', value: 1 },
      }).then(
        () => 'answered',
        () => 'cut off',
      );
      await until(async () => (await waitingOnLocks(holder)) >= 1, 'the save to wait on the lock');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('Shutdown took longer than SHUTDOWN_TIMEOUT');
      expect(await save).toBe('cut off');
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
      agent.destroy();
      server.child.kill('SIGKILL');
    }
  }, 90_000);

  it('finishes every save in flight at SIGTERM: 0 lost', async () => {
    if (kind !== 'postgres') return;
    const server = await startServerProcess(serverEnv(database, { SHUTDOWN_TIMEOUT: '20' }));
    const holder = new Client({ connectionString: database.config.databaseUrl });
    await holder.connect();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 5 });
    try {
      const token = await signIn(server, agent, 'admin');
      const { rows } = await holder.query<{ id: number }>('select id from articles where featured = 0 order by id limit 5');
      expect(rows).toHaveLength(5);
      // The saves reach the server and wait on a lock the test holds: in flight for sure.
      await holder.query('begin');
      await holder.query('lock table articles in share mode');
      const saves = rows.map((row) =>
        request(`${server.url}/api/portal/article/update`, {
          method: 'POST',
          agent,
          headers: { authentication: token },
          body: { id: row.id, field: 'featured', value: 1 },
        }),
      );
      // All 5 received (logged as incoming), the first waiting in the database (the others queue behind it).
      await until(
        async () => (server.output().match(/"url":"\/api\/portal\/article\/update"/g) ?? []).length >= 5,
        'the server to receive the 5 saves',
      );
      await until(async () => (await waitingOnLocks(holder)) >= 1, 'a save to wait on the lock');
      server.child.kill('SIGTERM');
      // Draining: the server no longer takes new connections while the saves are still running.
      await until(() => refusesConnections(server.url), 'the server to stop accepting');
      await holder.query('commit');
      const answers = await Promise.all(saves);
      const code = await server.exited;
      const { rows: saved } = await holder.query<{ count: number }>(
        'select count(*)::int as count from articles where id = any($1) and featured = 1',
        [rows.map((row) => row.id)],
      );
      const ok = answers.filter((answer) => answer.status === 200).length;
      console.log(
        `[${kind}] SIGTERM with 5 saves in flight: ${ok} answered 200, ${saved[0]?.count} committed, ${5 - (saved[0]?.count ?? 0)} lost; exit ${code}`,
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
      expect(answers.every((answer) => answer.headers.connection === 'close')).toBe(true);
      expect(saved[0]?.count).toBe(5);
      expect(code).toBe(0);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
      agent.destroy();
      server.child.kill('SIGKILL');
    }
  }, 90_000);
});

/** Queries of this database waiting on a lock. */
async function waitingOnLocks(client: Client): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    "select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return rows[0]?.count ?? 0;
}
