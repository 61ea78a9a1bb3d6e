/**
 * An import run whose process is gone (kill -9, crash) is closed as failed (import_run_interrupted)
 * when the API starts and before a run takes the importer's lease, with the counts it committed, and
 * the importer can run again at once. Gone means, on PostgreSQL, that the owner's advisory lock is
 * free (a live process holds it on a connection of its own), on PGlite any owner but this process.
 * A dead owner is one nobody holds the lock of; on PostgreSQL a real child process running an import
 * is not recovered while alive and is once killed with SIGKILL.
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { engineSettings, runImporter } from '../src/services/import-runner';
import { recoverInterruptedRuns } from '../src/services/import-recovery';
import { holdOwnerLock, ownerIsGone } from '../src/import/engine/instance';
import { importersRepository } from '../src/repositories/importers';
import { hashPassword } from '../src/lib/passwords';
import { databaseKinds, provisionDatabase, type ProvisionedDatabase } from './database-env';
import { rssFeed, startFeedServer, type FeedServer } from './import-feed-server';

const CONFIG = { importScheduler: false, importAllowedNetworks: ['127.0.0.0/8'], importTimeoutSeconds: 20 };

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** An RSS importer of `feedUrl`, due every 2 minutes, storing its articles as drafts; returns its id. */
async function insertRssImporter(db: FastifyInstance['db'], title: string, feedUrl: string): Promise<number> {
  const row = await db
    .insertInto('importers')
    .values({ title, feed_url: feedUrl, plugin: 'rss', schedule: 2, enabled: 1, defaults: JSON.stringify({ published: '5' }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(databaseKinds())('import runs after a crash [%s]', (kind) => {
  let feeds: FeedServer;
  let database: ProvisionedDatabase;
  let app: FastifyInstance | null = null;

  beforeAll(async () => {
    feeds = await startFeedServer();
    database = await provisionDatabase(kind);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await feeds?.close();
  });

  /** (Re)starts the API process on the same database. */
  async function restart(): Promise<FastifyInstance> {
    await app?.close();
    app = await buildApp({ config: { demo: false, ...database.config, ...CONFIG }, logger: false });
    await app.ready();
    return app;
  }

  async function newImporter(db: FastifyInstance['db'], name: string, items: number): Promise<number> {
    feeds.set(
      `/${name}.xml`,
      rssFeed(
        Array.from({ length: items }, (_, i) => ({
          guid: `${name}-${i}`,
          title: `${name} ${i}`,
          link: `https://loopback.example/${name}/${i}`,
        })),
      ),
    );
    return insertRssImporter(db, name, feeds.url(`/${name}.xml`));
  }

  const run = async (current: FastifyInstance, id: number) =>
    runImporter(current.db, (await importersRepository.find(current.db, id))!, {
      simulate: false,
      trigger: 'manual',
      settings: engineSettings(current.config),
    });

  const runRow = (current: FastifyInstance, id: number) =>
    current.db.selectFrom('import_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /**
   * As if the process of the importer's last run had been killed after its commit: the run "running",
   * the lease held by `owner`, gone. Returns the run's id.
   */
  async function lastRunKilledAfterCommit(current: FastifyInstance, importerId: number, owner: string): Promise<number> {
    const { id: runId } = await current.db
      .selectFrom('import_runs')
      .select('id')
      .where('importer_id', '=', importerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await current.db.updateTable('import_runs').set({ status: 'running', finished: null, owner }).where('id', '=', runId).execute();
    await current.db
      .updateTable('import_state')
      .set({ running_until: new Date(Date.now() + 15 * 60_000), next_run_at: new Date(Date.now() + 15 * 60_000), lease_owner: owner })
      .where('importer_id', '=', importerId)
      .execute();
    return runId;
  }

  it('on start, closes a run whose process is gone as interrupted, with the articles it committed, and frees the importer at once', async () => {
    const first = await restart();
    const id = await newImporter(first.db, 'crash', 3);
    const done = await run(first, id);
    expect(done.outcome).toMatchObject({ status: 'ok', created: 3 });
    const lastRun = await lastRunKilledAfterCommit(first, id, `${os.hostname()}:${deadPid()}:0badc0de`);

    const second = await restart();
    const closed = await runRow(second, lastRun);
    expect(closed).toMatchObject({ status: 'error', error_code: 'import_run_interrupted', new_items: 3 });
    expect(closed.finished).not.toBeNull();
    const state = await second.db
      .selectFrom('import_state')
      .select(['running_until', 'lease_owner'])
      .where('importer_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(state).toEqual({ running_until: null, lease_owner: null });
    // The API shows it as the importer's last run, failed.
    const token = await signIn(second);
    const list = await second.inject({ method: 'GET', url: '/api/v2/portal/importer', headers: { authentication: token } });
    expect(list.json().data.find((importer: { id: number }) => importer.id === id).last_run).toMatchObject({
      status: 'error',
      new: 3,
      error_code: 'import_run_interrupted',
    });

    // Free at once: the next run is not "already running".
    feeds.set('/crash.xml', rssFeed([{ guid: 'crash-new', title: 'After the crash', link: 'https://loopback.example/crash/new' }]));
    expect((await run(second, id)).outcome).toMatchObject({ status: 'ok', created: 1 });
  });

  it('before a run takes the lease, closes a run of a dead process on this host (no restart needed)', async () => {
    const current = app ?? (await restart());
    const id = await newImporter(current.db, 'lease', 2);
    await run(current, id);
    const lastRun = await lastRunKilledAfterCommit(current, id, `${os.hostname()}:${deadPid()}:0badc0de`);
    const again = await run(current, id);
    expect(again.outcome.status).toBe('ok');
    expect(await runRow(current, lastRun)).toMatchObject({ status: 'error', error_code: 'import_run_interrupted', new_items: 2 });
  });

  it(
    kind === 'postgres'
      ? "keeps a run whose owner's lock is held (even past its lease), and recovers it once that connection closes"
      : 'PGlite (one process per database): any other owner is gone, even on another host',
    async () => {
      const current = app ?? (await restart());
      const id = await newImporter(current.db, 'remote', 1);
      await run(current, id);
      const owner = 'another-host.example:4242:abcdef';
      const lastRun = await lastRunKilledAfterCommit(current, id, owner);
      if (kind === 'postgres') {
        // Another process: a connection of its own holding that owner's lock.
        const release = await holdOwnerLock(database.config.databaseUrl as string, owner);
        try {
          expect((await run(current, id)).outcome).toMatchObject({ status: 'skipped', error: 'An import of this feed is already running' });
          await current.db
            .updateTable('import_state')
            .set({ running_until: new Date(Date.now() - 1000) })
            .where('importer_id', '=', id)
            .execute();
          expect(await recoverInterruptedRuns(current.db, { singleProcessDatabase: false, importerId: id })).toEqual([]);
          expect((await runRow(current, lastRun)).status).toBe('running');
        } finally {
          await release();
        }
      }
      expect((await run(current, id)).outcome.status).toBe('ok');
      expect(await runRow(current, lastRun)).toMatchObject({ status: 'error', error_code: 'import_run_interrupted', new_items: 1 });
    },
  );

  (kind === 'postgres' ? it : it.skip)(
    'a real process killed with SIGKILL in the middle of a run: the next run closes it and runs',
    async () => {
      const current = app ?? (await restart());
      // A feed that never answers: the child's run stays in its fetch until it is killed.
      const hanging = http.createServer(() => undefined);
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      const feedUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/never.xml`;
      try {
        const importerId = await insertRssImporter(current.db, 'Killed', feedUrl);
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', path.join(__dirname, 'fixtures', 'import-run-child.ts'), String(importerId)],
          {
            env: { ...process.env, DATABASE_URL: database.config.databaseUrl },
            stdio: 'ignore',
          },
        );
        const started = Date.now();
        let running: { id: number; owner: string | null } | undefined;
        while (!running && Date.now() - started < 20_000) {
          running = await current.db
            .selectFrom('import_runs')
            .select(['id', 'owner'])
            .where('importer_id', '=', importerId)
            .where('status', '=', 'running')
            .executeTakeFirst();
          if (!running) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(running?.owner).toContain(`:${child.pid}:`);
        // Alive (it holds its owner lock): not recovered, even once its lease has run out.
        expect((await run(current, importerId)).outcome).toMatchObject({ status: 'skipped' });
        await current.db
          .updateTable('import_state')
          .set({ running_until: new Date(Date.now() - 1000) })
          .where('importer_id', '=', importerId)
          .execute();
        expect(await recoverInterruptedRuns(current.db, { singleProcessDatabase: false, importerId })).toEqual([]);
        expect((await runRow(current, running!.id)).status).toBe('running');
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        // PostgreSQL ends the killed process's session (and frees its owner lock) on its own time: the
        // next run recovers once the database no longer holds it (a busy machine takes a moment).
        const owner = running!.owner;
        const freed = Date.now() + 10_000;
        while (
          !(await ownerIsGone(current.db, owner, { singleProcessDatabase: false, leaseUntil: null, now: new Date() })) &&
          Date.now() < freed
        ) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }

        feeds.set('/killed.xml', rssFeed([{ guid: 'k1', title: 'After the kill', link: 'https://loopback.example/k1' }]));
        await current.db
          .updateTable('importers')
          .set({ feed_url: feeds.url('/killed.xml') })
          .where('id', '=', importerId)
          .execute();
        expect((await run(current, importerId)).outcome).toMatchObject({ status: 'ok', created: 1 });
        expect(await runRow(current, running!.id)).toMatchObject({ status: 'error', error_code: 'import_run_interrupted', new_items: 0 });
      } finally {
        hanging.closeAllConnections();
        await new Promise((resolve) => hanging.close(resolve));
      }
    },
  );
});

async function signIn(current: FastifyInstance): Promise<string> {
  const admin = await current.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  await current.db
    .updateTable('users')
    .set({ password_hash: await hashPassword('recovery-pw') })
    .where('id', '=', admin.id)
    .execute();
  const response = await current.inject({
    method: 'POST',
    url: '/api/v2/session',
    payload: { username: 'admin', password: 'recovery-pw' },
  });
  return response.json().data.auth as string;
}
