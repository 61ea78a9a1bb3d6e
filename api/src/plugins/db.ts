import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { createDatabase, type DatabaseKind } from '../db/database';
import type { ListenFunction } from '../db/notifications';
import type { DbRoot } from '../db/schema';
import { prepareDatabase } from '../db/prepare';
import { totpSecretKey } from '../lib/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    db: DbRoot;
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
 * schema up to date, seeds the demo (demo mode) or the initial admin (ADMIN_PASSWORD) under an
 * advisory lock on PostgreSQL (db/prepare.ts: processes starting together never race), and
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
    if (handle.poolStats) app.metrics.watchPool(handle.poolStats);
    app.addHook('onClose', async () => {
      await handle.close();
    });

    try {
      const prepared = await prepareDatabase(handle.db, {
        kind: handle.kind,
        databaseUrl: config.databaseUrl,
        demo: config.demo,
        adminPassword: config.adminPassword,
        passwordHashCost: config.passwordHashCost,
        totpKey: () => totpSecretKey(config.secretKey, config.dataDir),
      });
      if (prepared.migrations.length > 0) app.log.info({ migrations: prepared.migrations }, 'Database migrated');
      if (prepared.demoSeeded) app.log.info('Demo data seeded');
      if (prepared.adminCreated) app.log.info('Created the initial user "admin" with the password from ADMIN_PASSWORD');
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  },
  { name: 'db', dependencies: ['metrics'] },
);
