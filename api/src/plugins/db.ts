import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { createDatabase, type DatabaseKind } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { ListenFunction } from '../db/notifications';
import type { Database } from '../db/schema';
import { ensureInitialAdmin, seedDemo } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DatabaseKind;
    /** LISTEN on a channel of the database (db/notifications.ts). */
    listenDb: ListenFunction;
  }
}

export interface DbPluginOptions {
  config: AppConfig;
}

/**
 * Opens the database (PGlite in DATA_DIR, or the PostgreSQL server at DATABASE_URL), brings the
 * schema up to date, seeds the demo (demo mode) or the initial admin (ADMIN_PASSWORD), and
 * decorates `app.db` with the Kysely instance. Closes it when the app closes.
 */
export default fp<DbPluginOptions>(
  async (app, { config }) => {
    const handle = createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => app.log.error({ err: error }, 'PostgreSQL pool error'),
    });
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('listenDb', handle.listen);
    app.addHook('onClose', async () => {
      await handle.close();
    });

    try {
      const applied = await migrateToLatest(handle.db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'Database migrated');
      if (config.demo) {
        const seed = await seedDemo(handle.db);
        if (seed.seeded) app.log.info({ version: seed.version }, 'Demo data seeded');
      }
      if (!config.demo && (await ensureInitialAdmin(handle.db, config.adminPassword))) {
        app.log.info('Created the initial user "admin" with the password from ADMIN_PASSWORD');
      }
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  },
  { name: 'db' },
);
