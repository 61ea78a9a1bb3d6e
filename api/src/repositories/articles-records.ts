/** An article's record as the state, access and flag updates read and write it. */
import type { ArticleFacts } from 'contracts/rules/article-state';
import { sql } from 'kysely';
import { iso, TRASH_STATE } from './articles-sql';
import type { Db } from '../db/schema';

/** What the update calls read and return. */
export interface ArticleRecord extends ArticleFacts {
  version: number;
  modified: string;
}

const RECORD_COLUMNS = ['id', 'state', 'created_by', 'access', 'featured', 'newsletter', 'version', 'modified', 'trashed_from'] as const;

/** The article's current state and flags; `lock` takes a row lock until the transaction ends. */
export async function findArticle(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ArticleRecord | undefined> {
  let select = db.selectFrom('articles').select(RECORD_COLUMNS).where('id', '=', id);
  if (options.lock) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Sets one field and bumps version and modified; moving to the trash remembers the state it left (restore brings it back). */
export async function setArticleField(
  db: Db,
  id: number,
  field: 'state' | 'access' | 'featured' | 'newsletter',
  value: number,
): Promise<ArticleRecord> {
  const trashedFrom =
    field === 'state'
      ? { trashed_from: value === TRASH_STATE ? sql`case when state = ${TRASH_STATE}::int then trashed_from else state end` : null }
      : {};
  const row = await db
    .updateTable('articles')
    .set({ [field]: value, ...trashedFrom, version: sql`version + 1`, modified: sql`now()` } as never)
    .where('id', '=', id)
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Deletes the article for good (its links go with it). */
export async function purgeArticle(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function toRecord(row: {
  id: number;
  state: number;
  created_by: number | null;
  access: number;
  featured: number;
  newsletter: number;
  version: number;
  modified: Date;
  trashed_from?: number | null;
}): ArticleRecord {
  return {
    id: row.id,
    trashedFrom: row.trashed_from ?? null,
    state: row.state,
    createdBy: row.created_by,
    access: row.access,
    featured: row.featured,
    newsletter: row.newsletter,
    version: row.version,
    modified: iso(row.modified),
  };
}
