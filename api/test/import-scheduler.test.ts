/**
 * The import scheduler: due importers run by themselves, once. On PostgreSQL, two API processes
 * (two apps, two pools, one database) share the work and each due run happens exactly once.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { claimImporter, dueImporterIds } from '../src/services/import-runner';
import { databaseKinds, provisionDatabase, type ProvisionedDatabase } from './database-env';
import { rssFeed, startFeedServer, type FeedServer } from './import-feed-server';

const SCHEDULER = {
  importScheduler: true,
  importSchedulerTickSeconds: 1,
  importAllowedNetworks: ['127.0.0.0/8'],
  importTimeoutSeconds: 5,
};

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Timed out waiting');
}

describe.each(databaseKinds())('import scheduler [%s]', (kind) => {
  let feeds: FeedServer;
  let database: ProvisionedDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    feeds = await startFeedServer();
    database = await provisionDatabase(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.dispose();
    await feeds?.close();
  });

  async function start(): Promise<FastifyInstance> {
    const app = await buildApp({ config: { demo: false, ...database.config, ...SCHEDULER }, logger: false });
    apps.push(app);
    return app;
  }

  it(
    kind === 'postgres' ? 'two processes run each due importer exactly once' : 'runs a due importer once, in-process',
    async () => {
      // Build the apps first (migrations done), then add importers and let the schedulers loose.
      const first = await start();
      const second = kind === 'postgres' ? await start() : null;
      await first.db.deleteFrom('importers').execute();
      const paths = ['/s1.xml', '/s2.xml', '/s3.xml', '/s4.xml'];
      paths.forEach((p, i) =>
        feeds.set(p, rssFeed([{ guid: `sched-${i}`, title: `Scheduled ${i}`, link: `https://loopback.example/sched-${i}` }])),
      );
      const ids: number[] = [];
      for (const [index, p] of paths.entries()) {
        const row = await first.db
          .insertInto('importers')
          .values({ title: `S${index}`, feed_url: feeds.url(p), plugin: 'rss', schedule: index === 3 ? 2 : 4, enabled: 1, defaults: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const disabled = await first.db
        .insertInto('importers')
        .values({ title: 'off', feed_url: feeds.url('/s1.xml'), plugin: 'rss', schedule: 4, enabled: 0, defaults: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();

      await Promise.all([first.ready(), second?.ready()]);
      await waitFor(async () => {
        const rows = await first.db.selectFrom('import_runs').select('id').where('status', '!=', 'running').execute();
        return rows.length >= ids.length;
      }, 20_000);
      // Nothing is due any more, so no later tick of either scheduler can run them again (a claim moves
      // next_run_at to the lease's end, a finished run to the next schedule): asked, not slept on.
      expect((await dueImporterIds(first.db, 100)).filter((id) => ids.includes(id))).toEqual([]);

      const runs = await first.db
        .selectFrom('import_runs')
        .select(['importer_id', 'trigger', 'status', 'new_items'])
        .orderBy('importer_id')
        .execute();
      expect(runs).toEqual(ids.map((id) => ({ importer_id: id, trigger: 'schedule', status: 'ok', new_items: 1 })));
      for (const p of paths) expect(feeds.hits(p)).toBe(1);
      const articles = await first.db
        .selectFrom('articles')
        .select('title')
        .where('title', 'like', 'Scheduled %')
        .orderBy('title')
        .execute();
      expect(articles.map((a) => a.title)).toEqual(['Scheduled 0', 'Scheduled 1', 'Scheduled 2', 'Scheduled 3']);
      const state = await first.db
        .selectFrom('import_state')
        .select(['importer_id', 'next_run_at', 'running_until'])
        .where('importer_id', 'in', ids)
        .orderBy('importer_id')
        .execute();
      const waits = state.map((s) => Math.round((new Date(s.next_run_at).getTime() - Date.now()) / 60_000));
      expect(waits).toEqual([5, 5, 5, 24 * 60]);
      expect(state.every((s) => s.running_until === null)).toBe(true);
      expect(await first.db.selectFrom('import_runs').select('id').where('importer_id', '=', disabled.id).execute()).toEqual([]);
    },
    40_000,
  );

  it('claims a due importer once even when two claims race', async () => {
    const app = apps[0]!;
    const row = await app.db
      .insertInto('importers')
      .values({ title: 'race', feed_url: feeds.url('/s1.xml'), plugin: 'rss', schedule: 1, enabled: 0, defaults: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The running schedulers may already have created the state row (ensureAll): make it due either way.
    const due = new Date(Date.now() - 1000);
    await app.db
      .insertInto('import_state')
      .values({ importer_id: row.id, next_run_at: due })
      .onConflict((oc) => oc.column('importer_id').doUpdateSet({ next_run_at: due }))
      .execute();
    const other = apps[1] ?? app;
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => claimImporter(i % 2 ? other.db : app.db, row.id, 60, kind === 'postgres')),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
