import { sql, type Kysely } from 'kysely';

/**
 * The sign-in throttle also counts failures per client address (any name): `pending` marks an
 * attempt whose password is still being checked, so a burst of colleagues signing in through one
 * address is not counted as failures; the index serves the per-address count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('login_failures')
    .addColumn('pending', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`create index login_failures_ip_idx on login_failures (ip, failed_at) where not pending`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists login_failures_ip_idx`.execute(db);
  await db.schema.alterTable('login_failures').dropColumn('pending').execute();
}
