import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { RevisionContent } from 'contracts/schemas/revisions';
import { eventOf } from './article-edit';

export interface WorkingCopyRow {
  articleId: number;
  baseVersion: number;
  fields: Record<string, unknown>;
  savedAt: Date;
}

/** The working copies of users (one per user and article) and the revision content a merge starts from. */
export const workingCopiesRepository = {
  async find(db: Db, articleId: number, userId: number): Promise<WorkingCopyRow | undefined> {
    const row = await db
      .selectFrom('working_copies')
      .select(['article_id', 'base_version', 'fields', 'saved_at'])
      .where('article_id', '=', articleId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const fields = typeof row.fields === 'string' ? (JSON.parse(row.fields) as Record<string, unknown>) : row.fields;
    return { articleId: row.article_id, baseVersion: row.base_version, fields, savedAt: new Date(row.saved_at) };
  },

  /** Writes (or replaces) the user's working copy; `fieldsJson` is the fields as JSON text. */
  async put(db: Db, input: { articleId: number; userId: number; baseVersion: number; fieldsJson: string; now: Date }): Promise<void> {
    await sql`
      insert into working_copies (article_id, user_id, base_version, fields, saved_at)
      values (${input.articleId}, ${input.userId}, ${input.baseVersion}, ${input.fieldsJson}::jsonb, ${input.now})
      on conflict (article_id, user_id) do update
        set base_version = excluded.base_version, fields = excluded.fields, saved_at = excluded.saved_at`.execute(db);
  },

  /** Deletes the user's working copy of the article; whether there was one. */
  async remove(db: Db, articleId: number, userId: number): Promise<boolean> {
    const result = await db
      .deleteFrom('working_copies')
      .where('article_id', '=', articleId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Deletes the working copies not written since `before`; how many went. */
  async prune(db: Db, before: Date): Promise<number> {
    const result = await db.deleteFrom('working_copies').where('saved_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /**
   * The content of the article at `version`: its newest revision at or before that version (a desk move
   * bumps the version without a revision, its content unchanged); undefined when none is kept.
   */
  async contentAt(db: Db, articleId: number, version: number): Promise<RevisionContent | undefined> {
    const row = await db
      .selectFrom('article_revisions')
      .select(['content'])
      .where('article_id', '=', articleId)
      .where('version', '<=', version)
      .orderBy('version', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    const content = row.content as RevisionContent & { event: unknown };
    // An imported event may be partial or odd: read it as the editor does.
    return { ...content, event: eventOf(content.event) };
  },
};
