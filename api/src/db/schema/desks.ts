/** Tables of the desks: desks, their members and stages (migration 0036). */
import type { ColumnType, Generated } from 'kysely';
import type { TimestampDefault } from './columns';

export interface DesksTable {
  id: Generated<number>;
  name: string;
  /** Bumped by a trigger on every update: the stale-save check. */
  version: ColumnType<number, never, never>;
  created_at: TimestampDefault;
}

export interface DeskMembersTable {
  desk_id: number;
  user_id: number;
}

export interface DeskStagesTable {
  id: Generated<number>;
  desk_id: number;
  name: string;
  position: number;
  /** A right's name (contracts/rules/rights) or null. */
  leave_right: string | null;
}

/** Who a story is assigned to (migration 0038). */
export interface ArticleAssigneesTable {
  article_id: number;
  user_id: number;
}
