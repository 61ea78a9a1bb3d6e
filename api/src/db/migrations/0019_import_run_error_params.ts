import type { Kysely } from 'kysely';

/**
 * A failed run keeps its error's parameters beside its catalogue code (error_code, migration 0014)
 * and the English text (contracts/errors/api-errors.json), so the run history shows it in the
 * user's language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_runs').addColumn('error_params', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_runs').dropColumn('error_params').execute();
}
