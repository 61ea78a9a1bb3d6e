import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrationsWith, type MigrationContext } from './migrations';
import { errorMessage } from 'contracts/rules/error-message';

/** Migrations are imported statically (not read from a folder) so the tsc build and bundlers keep them. */
class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.list;
  }
}

export class MigrationError extends Error {}

/** Brings the schema to the latest version; returns the names of the migrations applied now. */
export async function migrateToLatest(db: Kysely<any>, context?: MigrationContext): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(migrationsWith(context)) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = errorMessage(error);
    throw new MigrationError(failed ? `Migration ${failed.migrationName} failed: ${reason}` : `Migrations failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

export function migrationNames(): string[] {
  return Object.keys(migrationsWith()).sort();
}
