/**
 * The schedule's marks and the publishing job's reads (migrations 0023 and 0025, rules in
 * contracts/rules/article-schedule.ts): the services set and withdraw the marks in the transaction of
 * the write that decides them.
 *
 * Several API processes on one PostgreSQL run the job and each due change happens once: a process
 * reads the article with `for update skip locked` (a row another process is changing is skipped,
 * not waited on) and re-checks under the lock that its time is still pending and due; the change and
 * the cleared mark commit together, so a process that reads the row after that sees nothing due.
 * On PGlite (one process, one connection) the same statements run one after another.
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { ScheduleMarks } from 'contracts/rules/article-schedule';
import type { Database, Db } from '../db/schema';

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

  /** The marks as they are now (in the writer's transaction, after its row lock). */
  async marks(trx: Transaction<Database>, id: number): Promise<{ upPending: boolean; downPending: boolean }> {
    const row = await trx
      .selectFrom('articles')
      .select(['publish_up_pending', 'publish_down_pending'])
      .where('id', '=', id)
      .executeTakeFirst();
    return { upPending: Boolean(row?.publish_up_pending), downPending: Boolean(row?.publish_down_pending) };
  },

  /** arm: pending when the time lies ahead; withdraw: not pending; keep: as it is (contracts/rules/article-schedule.ts scheduleAfterWrite). */
  async setMarks(trx: Transaction<Database>, id: number, marks: ScheduleMarks): Promise<void> {
    const set: { publish_up_pending?: RawBuilder<boolean>; publish_down_pending?: RawBuilder<boolean> } = {};
    if (marks.up !== 'keep')
      set.publish_up_pending = marks.up === 'arm' ? sql<boolean>`(publish_up is not null and publish_up > now())` : sql<boolean>`false`;
    if (marks.down !== 'keep') {
      set.publish_down_pending =
        marks.down === 'arm' ? sql<boolean>`(publish_down is not null and publish_down > now())` : sql<boolean>`false`;
    }
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('articles').set(set).where('id', '=', id).execute();
  },

  /** The stored publish times (UTC). */
  async times(trx: Transaction<Database>, id: number): Promise<{ publishUp: Date | null; publishDown: Date | null }> {
    const row = await trx.selectFrom('articles').select(['publish_up', 'publish_down']).where('id', '=', id).executeTakeFirst();
    const date = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value));
    return { publishUp: date(row?.publish_up), publishDown: date(row?.publish_down) };
  },

  /** Writes the publish_up an approver schedules for. */
  async setPublishUp(trx: Transaction<Database>, id: number, publishUp: Date): Promise<void> {
    await trx.updateTable('articles').set({ publish_up: publishUp }).where('id', '=', id).execute();
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
