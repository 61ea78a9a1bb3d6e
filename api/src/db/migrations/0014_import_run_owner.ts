import { sql, type Kysely } from 'kysely';

/**
 * Import runs after a crash: each run and each lease names the API process
 * that owns it (`<host>:<pid>:<random>`, import/engine/instance.ts), so another process, or the
 * same one after a restart, can tell a run whose process is gone and close it as interrupted;
 * `error_code` carries the catalogue code of a run's failure (import_run_interrupted).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table import_runs add column owner text, add column error_code text`.execute(db);
  await sql`alter table import_state add column lease_owner text`.execute(db);
  await sql`create index import_runs_running_idx on import_runs (importer_id) where status = 'running'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists import_runs_running_idx`.execute(db);
  await sql`alter table import_state drop column lease_owner`.execute(db);
  await sql`alter table import_runs drop column owner, drop column error_code`.execute(db);
}
