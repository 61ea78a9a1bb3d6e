/** Tables of the feed importers: their settings, scheduling state, runs and the items they have seen. */
import type { ColumnType, Generated } from 'kysely';
import type { ImportRunStatus, ImportRunTrigger } from 'contracts/schemas/importers';
import type { TimestampDefault } from './columns';

export type { ImportRunStatus, ImportRunTrigger };

export interface ImporterDefaults {
  [key: string]: unknown;
}

export interface ImportersTable {
  id: Generated<number>;
  title: string;
  feed_url: string;
  plugin: string;
  schedule: number;
  enabled: ColumnType<number, number | undefined, number>;
  defaults: ColumnType<ImporterDefaults, string | undefined, string>;
  created: TimestampDefault;
  modified: TimestampDefault;
  /** Bumped by a trigger on every update (migration 0013): the edit forms' stale-save check. */
  version: ColumnType<number, never, never>;
}

/** Per importer scheduling state of the feed-import engine (migration 0010). */
export interface ImportStateTable {
  importer_id: number;
  next_run_at: TimestampDefault;
  running_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failures: ColumnType<number, number | undefined, number>;
  etag: ColumnType<string | null, string | null | undefined, string | null>;
  last_modified: ColumnType<string | null, string | null | undefined, string | null>;
  /** The feed URL the validators belong to (a changed URL starts without them). */
  feed_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The process holding the lease (import/engine/instance.ts). */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ImportRunsTable {
  id: Generated<number>;
  importer_id: number;
  trigger: ColumnType<ImportRunTrigger, ImportRunTrigger | undefined, ImportRunTrigger>;
  status: ColumnType<ImportRunStatus, ImportRunStatus | undefined, ImportRunStatus>;
  started: TimestampDefault;
  finished: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  seen: ColumnType<number, number | undefined, number>;
  new_items: ColumnType<number, number | undefined, number>;
  duplicates: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  /** The process that runs it (import/engine/instance.ts); null for runs from before migration 0014. */
  owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** The error's catalogue code and parameters (contracts/errors/api-errors.json), e.g. import_run_interrupted. */
  error_code: ColumnType<string | null, string | null | undefined, string | null>;
  error_params: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
}

export interface ImportSeenTable {
  importer_id: number;
  key: string;
  article_id: ColumnType<number | null, number | null | undefined, number | null>;
  created: TimestampDefault;
}
