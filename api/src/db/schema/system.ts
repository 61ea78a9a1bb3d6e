/** Tables of the application itself: its metadata, the article list's generation and the activity log. */
import type { ColumnType, Generated } from 'kysely';
import type { TimestampDefault } from './columns';

/** One row (id 1): the generation of what the article list shows, bumped at the commit of every write to its tables (migration 0028). */
export interface ArticleListGenerationTable {
  id: number;
  /** bigint: read as text by the drivers. */
  generation: string | number | bigint;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** One entry of the activity log (migration 0022). */
export interface ActivityLogTable {
  id: Generated<number>;
  at: TimestampDefault;
  /** Who; null = the system (a job) or nobody known (a refused sign-in). */
  actor_id: number | null;
  entity: string;
  entity_id: number | null;
  action: string;
  /** { field: { from, to } } of the fields that changed. */
  changes: ColumnType<Record<string, { from: unknown; to: unknown }>, string | undefined, string>;
  details: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}
