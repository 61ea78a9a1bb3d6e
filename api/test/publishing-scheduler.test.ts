/**
 * The publishing job across processes (issue 15): on PostgreSQL two API processes (two apps, two
 * pools, one database) run the job and every due change is made exactly once; on PGlite the job
 * runs in-process. The articles are made due in SQL (a pending time moved into the past, the mark
 * kept), then the schedulers are let loose with a one-second tick; the test waits for the changes
 * it expects (never for "nothing happened") and then checks that each was made once: one version
 * bump per article, one log line per change across both processes.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { articleScheduleRepository } from '../src/repositories/article-schedule';
import { runDuePublishing } from '../src/services/publishing-job';
import { databaseKinds, provisionDatabase, type ProvisionedDatabase } from './database-env';
import { captureLogs } from './helpers';

const JOB = { publishScheduler: true, publishSchedulerTickSeconds: 1 };
const COUNT = 40;

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Timed out waiting');
}

describe.each(databaseKinds())('publishing job [%s]', (kind) => {
  let database: ProvisionedDatabase;
  const apps: FastifyInstance[] = [];
  const logs: Array<ReturnType<typeof captureLogs>> = [];

  beforeAll(async () => {
    database = await provisionDatabase(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.dispose();
  });

  async function start(config: Record<string, unknown>): Promise<FastifyInstance> {
    const log = captureLogs();
    const app = await buildApp({ config: { demo: false, ...database.config, ...config }, logger: { level: 'info', stream: log.stream } });
    apps.push(app);
    logs.push(log);
    return app;
  }

  /** COUNT articles: the first half Unpublished and due to go out, the second half Published and due to come down. */
  async function dueArticles(app: FastifyInstance, prefix: string): Promise<Array<{ id: number; version: number; state: number }>> {
    const ids = await app.db.selectFrom('articles').select(['id']).where('state', '!=', -2).orderBy('id').limit(COUNT).execute();
    const half = COUNT / 2;
    const up = ids.slice(0, half).map((row) => row.id);
    const down = ids.slice(half).map((row) => row.id);
    await sql`update articles set state = 0, title = ${`${prefix} up `} || id, publish_up = now() - interval '1 minute', publish_down = null where id in (${sql.join(up)})`.execute(
      app.db,
    );
    await sql`update articles set publish_up_pending = true where id in (${sql.join(up)})`.execute(app.db);
    await sql`update articles set state = 1, title = ${`${prefix} down `} || id, publish_down = now() - interval '1 minute' where id in (${sql.join(down)})`.execute(
      app.db,
    );
    await sql`update articles set publish_down_pending = true where id in (${sql.join(down)})`.execute(app.db);
    return app.db
      .selectFrom('articles')
      .select(['id', 'version', 'state'])
      .where('id', 'in', [...up, ...down])
      .orderBy('id')
      .execute();
  }

  it(
    kind === 'postgres' ? 'two processes make each due change exactly once' : 'makes each due change once, in-process',
    async () => {
      // Build the apps first (migrations done, jobs not started before ready), then make articles due.
      const first = await start(JOB);
      const second = kind === 'postgres' ? await start(JOB) : null;
      const before = await dueArticles(first, 'Job');
      expect(before).toHaveLength(COUNT);

      await Promise.all([first.ready(), second?.ready()]);
      const wanted = new Map(before.map((a) => [a.id, a.state === 0 ? 1 : 0]));
      await waitFor(async () => {
        const now = await first.db
          .selectFrom('articles')
          .select(['id', 'state'])
          .where('id', 'in', [...wanted.keys()])
          .execute();
        return now.every((a) => a.state === wanted.get(a.id));
      }, 20_000);
      // Every change made; nothing is due any more (asked, not slept on), so no later tick acts again.
      expect(await articleScheduleRepository.dueIds(first.db, 1000)).toEqual([]);

      const after = await first.db
        .selectFrom('articles')
        .select(['id', 'version', 'state'])
        .where('id', 'in', [...wanted.keys()])
        .orderBy('id')
        .execute();
      expect(after).toEqual(before.map((a) => ({ id: a.id, version: a.version + 1, state: wanted.get(a.id) })));

      // One "Scheduled publishing" log line per article, across both processes.
      const lines = logs.flatMap((log) => log.lines.flatMap((text) => text.split('\n').filter(Boolean)).map((line) => JSON.parse(line)));
      const logged = lines.filter((line) => line.msg === 'Scheduled publishing').map((line) => line.article as number);
      expect([...logged].sort((a, b) => a - b)).toEqual(before.map((a) => a.id));
    },
    40_000,
  );

  it('two passes racing on the same due articles make each change once (one pass each per process or connection)', async () => {
    // The schedulers of the test above stop first: only the two passes below may act.
    for (const running of apps.splice(0)) await running.close();
    const app = await start({});
    // A second pool on the same database (PostgreSQL), or the same database twice (PGlite, one connection).
    const other = kind === 'postgres' ? await start({}) : app;
    const before = await dueArticles(app, 'Race');
    const [a, b] = await Promise.all([runDuePublishing(app.db, { batch: 5 }), runDuePublishing(other.db, { batch: 5 })]);
    const done = [...a, ...b].map((change) => change.id).sort((x, y) => x - y);
    expect(done).toEqual(before.map((row) => row.id));
    expect(new Set(a.map((c) => c.id)).size + new Set(b.map((c) => c.id)).size).toBe(COUNT);
    const after = await app.db.selectFrom('articles').select(['id', 'version']).where('id', 'in', done).orderBy('id').execute();
    expect(after).toEqual(before.map((row) => ({ id: row.id, version: row.version + 1 })));
  }, 30_000);
});
