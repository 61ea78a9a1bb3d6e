/**
 * The publishing job's reads and marks (migration 0023, rules in contracts/rules/article-schedule.ts).
 *
 * Several API processes on one PostgreSQL run the job and each due change happens once: a process
 * reads the article with `for update skip locked` (a row another process is changing is skipped,
 * not waited on) and re-checks under the lock that its time is still pending and due; the change and
 * the cleared mark commit together, so a process that reads the row after that sees nothing due.
 * On PGlite (one process, one connection) the same statements run one after another.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const upDue = sql<boolean>`(publish_up_pending and publish_up <= now())`;
const downDue = sql<boolean>`(publish_down_pending and publish_down <= now())`;

export interface DueArticle {
  id: number;
  state: number;
  upDue: boolean;
  downDue: boolean;
}

export const articleScheduleRepository = {
  /** Articles with a pending publish time that has come, earliest first (through the partial indexes). */
  async dueIds(db: Db, limit: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      select id from (
        (select id, publish_up as due_at from articles where publish_up_pending and publish_up <= now() order by publish_up limit ${limit}::int)
        union all
        (select id, publish_down as due_at from articles where publish_down_pending and publish_down <= now() order by publish_down limit ${limit}::int)
      ) due
      group by id order by min(due_at), id limit ${limit}::int
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /** The article under a row lock with what is due; undefined when gone or another transaction holds it. */
  async lockDue(trx: Transaction<Database>, id: number): Promise<DueArticle | undefined> {
    const row = await trx
      .selectFrom('articles')
      .select(['id', 'state', upDue.as('up_due'), downDue.as('down_due')])
      .where('id', '=', id)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    return row ? { id: row.id, state: row.state, upDue: Boolean(row.up_due), downDue: Boolean(row.down_due) } : undefined;
  },

  /** arm: pending when publish_up lies ahead; withdraw: not pending (contracts/rules/article-schedule.ts scheduleAfterWrite). */
  async markPublishUp(trx: Transaction<Database>, id: number, mark: 'arm' | 'withdraw'): Promise<void> {
    const pending = mark === 'arm' ? sql<boolean>`(publish_up is not null and publish_up > now())` : sql<boolean>`false`;
    await trx.updateTable('articles').set({ publish_up_pending: pending }).where('id', '=', id).execute();
  },

  /** The job has acted on these times: no longer pending. */
  async clearPending(trx: Transaction<Database>, id: number, due: { upDue: boolean; downDue: boolean }): Promise<void> {
    const set: { publish_up_pending?: boolean; publish_down_pending?: boolean } = {};
    if (due.upDue) set.publish_up_pending = false;
    if (due.downDue) set.publish_down_pending = false;
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('articles').set(set).where('id', '=', id).execute();
  },
};
