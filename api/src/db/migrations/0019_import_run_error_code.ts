import type { Kysely } from 'kysely';

/**
 * A failed run keeps its error's catalogue code and parameters (shared/src/contracts/api-errors.json)
 * beside the English text, so the run history shows it in the user's language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_runs').addColumn('error_code', 'text').execute();
  await db.schema.alterTable('import_runs').addColumn('error_params', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_runs').dropColumn('error_params').execute();
  await db.schema.alterTable('import_runs').dropColumn('error_code').execute();
}
