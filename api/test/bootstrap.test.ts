import { RIGHTS } from 'contracts/rules/rights';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { DEMO_ARTICLE_COUNT } from '../src/db/demo-data';
import { migrationNames } from '../src/db/migrate';
import { databaseKinds, provisionDatabase, type ProvisionedDatabase } from './database-env';

async function withApp<T>(
  database: ProvisionedDatabase,
  config: Partial<AppConfig>,
  use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T> {
  const app = await buildApp({ config: { ...database.config, ...config }, logger: false });
  try {
    await app.ready();
    return await use(app);
  } finally {
    await app.close();
  }
}

async function signIn(app: Awaited<ReturnType<typeof buildApp>>, username: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/v2/session', payload: { username, password } });
}

// Each test starts from an empty database: every migration and the demo seed run, several times on
// PGlite, which takes tens of seconds of CPU on a busy machine.
jest.setTimeout(90_000);

describe.each(databaseKinds())('first start and restarts [%s]', (kind) => {
  let database: ProvisionedDatabase;

  beforeEach(async () => {
    database = await provisionDatabase(kind, { empty: true });
  });
  afterEach(async () => {
    await database.dispose();
  });

  it('migrates an empty database and creates the admin from ADMIN_PASSWORD, once', async () => {
    await withApp(database, { demo: false, adminPassword: 'first-Password' }, async (app) => {
      const applied = await app.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied.map((row) => (row as { name: string }).name)).toEqual(migrationNames());
      const response = await signIn(app, 'admin', 'first-Password');
      expect(response.statusCode).toBe(200);
      const token = response.json().data.auth;
      const permissions = await app.inject({ method: 'GET', url: '/api/v2/user/permissions', headers: { authentication: token } });
      // The admin role holds every right (view_activity through migration 0022).
      expect([...permissions.json().data].sort()).toEqual([...RIGHTS].sort());
      // No demo content outside demo mode, only the two fixed category parents 8 and 804.
      expect(await app.db.selectFrom('articles').select('id').execute()).toEqual([]);
      const tree = await app.inject({ method: 'GET', url: '/api/categories/tree', headers: { authentication: token } });
      expect(tree.json().data).toEqual([
        expect.objectContaining({
          id: 8,
          parent_id: null,
          level: 1,
          leaf: false,
          subcategories: [expect.objectContaining({ id: 804, parent_id: 8, level: 2, leaf: true, subcategories: [] })],
        }),
      ]);
      expect(await app.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin' }]);
    });
    // A later start with another ADMIN_PASSWORD changes nothing.
    await withApp(database, { demo: false, adminPassword: 'second-Password' }, async (app) => {
      expect((await signIn(app, 'admin', 'second-Password')).statusCode).toBe(401);
      expect((await signIn(app, 'admin', 'first-Password')).statusCode).toBe(200);
    });
  });

  it('has no user with a default password without ADMIN_PASSWORD', async () => {
    await withApp(database, { demo: false }, async (app) => {
      expect(await app.db.selectFrom('users').select('id').execute()).toEqual([]);
      expect((await signIn(app, 'admin', 'admin-demo')).statusCode).toBe(401);
      expect((await signIn(app, 'admin', 'admin')).statusCode).toBe(401);
    });
  });

  it('seeds the demo on the first start only, and keeps data across restarts', async () => {
    let token = '';
    await withApp(database, { demo: true }, async (app) => {
      const response = await signIn(app, 'submitter', 'submitter-demo');
      expect(response.statusCode).toBe(200);
      token = response.json().data.auth;
      await app.db.deleteFrom('articles').where('id', '=', 1).execute();
    });
    await withApp(database, { demo: true, adminPassword: 'ignored-in-demo' }, async (app) => {
      // Same session, same data: the deleted article stays deleted, nothing is seeded twice.
      const user = await app.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: token } });
      expect(user.statusCode).toBe(200);
      expect(user.json().data.username).toBe('submitter');
      const counts = await app.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(counts.n)).toBe(DEMO_ARTICLE_COUNT - 1);
      expect((await app.db.selectFrom('users').select('id').execute()).length).toBe(4);
      expect((await signIn(app, 'admin', 'admin-demo')).statusCode).toBe(200);
      // New rows get fresh ids after the seeded fixed ones.
      const { id } = await app.db
        .insertInto('categories')
        .values({ title: 'Weather', alias: 'weather', colour: '#08979c', parent_id: 8 })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(809);
    });
  });
});
