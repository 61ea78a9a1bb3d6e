import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { DEMO_USERS } from '../src/db/demo-data';
import { migrationNames } from '../src/db/migrate';
import { provisionDatabase } from './database-env';
import { serverEnv, startServerProcess, type ServerProcess } from './server-process';

/**
 * Start-up against a shared PostgreSQL database: migrations and seeding hold an advisory lock
 * (db/prepare.ts), so processes starting together on an empty database take turns instead of racing;
 * `npm run migrate` is the same step on its own.
 */
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

async function counts(url: string): Promise<Record<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, number>>(`select
      (select count(*)::int from kysely_migration) as migrations,
      (select count(*)::int from users) as users,
      (select count(*)::int from categories) as categories,
      (select count(*)::int from articles) as articles`);
    return rows[0] as Record<string, number>;
  } finally {
    await client.end();
  }
}

describeOnPostgres('start-up on a shared PostgreSQL database [postgres]', () => {
  it('three processes started together on an empty database all come up; it is migrated and seeded once', async () => {
    const database = await provisionDatabase('postgres', { empty: true });
    const servers: ServerProcess[] = [];
    try {
      const env = serverEnv(database, { NEWSDESK_DEMO: '1' });
      const started = await Promise.allSettled([
        startServerProcess(env, 120_000),
        startServerProcess(env, 120_000),
        startServerProcess(env, 120_000),
      ]);
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
      expect(failures).toEqual([]);
      for (const server of servers) expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
      const after = await counts(database.config.databaseUrl as string);
      const seeded = servers.filter((server) => server.output().includes('Demo data seeded')).length;
      const migrated = servers.filter((server) => server.output().includes('Database migrated')).length;
      console.log(
        `3 processes on an empty PostgreSQL database: 3 of 3 up, migrated by ${migrated}, seeded by ${seeded}; ${JSON.stringify(after)}`,
      );
      expect({ migrated, seeded }).toEqual({ migrated: 1, seeded: 1 });
      expect(after.migrations).toBe(migrationNames().length);
      expect(after.users).toBe(DEMO_USERS.length);

      // A fourth start, and `npm run migrate`, find nothing to do.
      const migrate = spawnSync(
        process.execPath,
        ['--conditions=newsdesk-source', '--import', 'tsx', path.join(__dirname, '..', 'src', 'db', 'migrate-cli.ts')],
        { env, encoding: 'utf8' },
      );
      expect(migrate.stderr).toBe('');
      expect(migrate.stdout.trim()).toBe('The schema is up to date');
      expect(migrate.status).toBe(0);
      expect(await counts(database.config.databaseUrl as string)).toEqual(after);
    } finally {
      for (const server of servers) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await database.dispose();
    }
  }, 240_000);
});
