/**
 * An article's revisions (migration 0021): the set-based write of a revision per saved article
 * (one INSERT … SELECT for one article or a whole import batch), retention, and the reads of the
 * History panel. The content is built here, in SQL, from the article row and its link tables, so
 * every save path records the same shape (contracts/schemas/revisions.ts RevisionContent).
 */
import { sql, type RawBuilder } from 'kysely';
import type { RevisionContent, RevisionSource } from 'contracts/schemas/revisions';
import type { Db } from '../db/schema';
import { eventOf } from './article-edit';

/** The parts of the content that live in link tables, each a jsonb SQL expression over article `a`. */
interface LinkParts {
  images: RawBuilder<unknown>;
  topics: RawBuilder<unknown>;
  tags: RawBuilder<unknown>;
  authors: RawBuilder<unknown>;
  ads: RawBuilder<unknown>;
  videos: RawBuilder<unknown>;
}

/** Any article: each list read from its link table (correlated subqueries). */
const LINKED: LinkParts = {
  images: sql`coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'description', i.description) order by l.ordering, i.id)
    from article_images l join images i on i.id = l.image_id where l.article_id = a.id), '[]'::jsonb)`,
  topics: sql`coalesce((select jsonb_agg(t.category_id order by t.category_id) from article_topics t where t.article_id = a.id), '[]'::jsonb)`,
  tags: sql`coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'title', g.title) order by l.ordering, g.id)
    from article_tags l join tags g on g.id = l.tag_id where l.article_id = a.id), '[]'::jsonb)`,
  authors: sql`coalesce((select jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name) order by l.ordering, w.id)
    from article_authors l join authors w on w.id = l.author_id where l.article_id = a.id), '[]'::jsonb)`,
  ads: sql`coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'subject', d.subject) order by l.ordering, d.id)
    from article_ads l join ads d on d.id = l.ad_id where l.article_id = a.id), '[]'::jsonb)`,
  videos: sql`coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'videoId', v.video_id, 'title', v.title) order by l.ordering, v.id)
    from article_videos l join videos v on v.id = l.video_id where l.article_id = a.id), '[]'::jsonb)`,
};

/**
 * The articles of one import batch, whose links the import wrote the same for all of them (topics, tags,
 * authors in the Defaults' order; the one image is the main image; no ads or videos): the lists are read
 * once per statement instead of once per article. Same content as LINKED (the API test compares them).
 */
function importedLinks(links: ImportedLinks): LinkParts {
  const topics = [...links.topics].sort((x, y) => x - y);
  return {
    images: sql`case when a.main_image is null then '[]'::jsonb
      else jsonb_build_array(jsonb_build_object('id', a.main_image, 'description', (select i.description from images i where i.id = a.main_image))) end`,
    topics: sql`${JSON.stringify(topics)}::jsonb`,
    tags: sql`coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'title', g.title) order by u.ord)
      from unnest(${[...links.tagIds]}::int[]) with ordinality u(id, ord) join tags g on g.id = u.id), '[]'::jsonb)`,
    authors: sql`coalesce((select jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name) order by u.ord)
      from unnest(${[...links.authorIds]}::int[]) with ordinality u(id, ord) join authors w on w.id = u.id), '[]'::jsonb)`,
    ads: sql`'[]'::jsonb`,
    videos: sql`'[]'::jsonb`,
  };
}

/** The content of article `a` as one jsonb object (the keys of RevisionContent). */
function contentOf(links: LinkParts): RawBuilder<unknown> {
  return sql`jsonb_build_object(
  'title', a.title,
  'date', to_char(a.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'catid', a.catid,
  'state', a.state,
  'access', a.access,
  'featured', a.featured,
  'newsletter', a.newsletter,
  'introtext', a.introtext,
  'text', a.text,
  'notes', a.notes,
  'main_image', a.main_image,
  'images', ${links.images},
  'references_at_source', a.references_at_source,
  'use_source_link', a.use_source_link,
  'videos_at_source', a.videos_at_source,
  'reference_source', a.reference_source,
  'reference_date', coalesce(to_char(a.reference_date at time zone 'UTC', 'YYYY-MM-DD'), ''),
  'reference_url', a.reference_url,
  'topics', ${links.topics},
  'main_category_id', a.main_category_id,
  'tags', ${links.tags},
  'authors', ${links.authors},
  'ads', ${links.ads},
  'videos', ${links.videos},
  'event', a.event,
  'location', case when coalesce(a.country_code, '') = '' then null
    else jsonb_build_object('country_code', a.country_code, 'state_id', a.state_id) end,
  'publish_up', coalesce(to_char(a.publish_up at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'), ''),
  'publish_down', coalesce(to_char(a.publish_down at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'), '')
)`;
}

/**
 * The content of the revision of an article an import batch writes, over the inserted row `a` (import-articles.ts
 * writes it in the statement that inserts the articles, from the rows it returns: no second read).
 */
export function importedRevisionContent(links: ImportedLinks): RawBuilder<unknown> {
  return contentOf(importedLinks(links));
}

/** The links every article of an import batch got (import-articles.ts writeArticles). */
export interface ImportedLinks {
  topics: readonly number[];
  tagIds: readonly number[];
  authorIds: readonly number[];
}

export interface RecordInput {
  /** Who saved (null: an import, the system). */
  userId: number | null;
  source: RevisionSource;
  restoredFrom?: number | null;
}

export interface RecordedRevision {
  id: number;
  article_id: number;
  version: number;
}

export interface RevisionRow {
  id: number;
  article_id: number;
  version: number;
  created: Date;
  user_id: number | null;
  user_name: string | null;
  source: RevisionSource;
  restored_from: number | null;
  restored_version: number | null;
  changed: string[] | null;
}

export interface RevisionWithContent extends RevisionRow {
  content: RevisionContent;
}

const ROW_COLUMNS = [
  'r.id',
  'r.article_id',
  'r.version',
  'r.created',
  'r.user_id',
  'u.name as user_name',
  'r.source',
  'r.restored_from',
  'rf.version as restored_version',
  'r.changed',
] as const;

export const articleRevisionsRepository = {
  /**
   * One revision per article of `articleIds` as it is now (call after the write, in its transaction).
   * Articles that do not exist are skipped. `changed` is what differs from each article's newest revision.
   */
  async record(db: Db, articleIds: readonly number[], input: RecordInput): Promise<RecordedRevision[]> {
    if (articleIds.length === 0) return [];
    const changed = sql`(select case when p.content is null then null
            else array(select n.key from jsonb_each(s.content) n where n.value is distinct from p.content -> n.key order by n.key) end
          from (select (select r.content from article_revisions r where r.article_id = s.article_id order by r.id desc limit 1) as content) p)`;
    const { rows } = await sql<RecordedRevision>`
      insert into article_revisions (article_id, version, user_id, source, restored_from, content, changed)
      select s.article_id, s.version, ${input.userId}::int, ${input.source}::text, ${input.restoredFrom ?? null}::int, s.content, ${changed}
      from (select a.id as article_id, a.version, ${contentOf(LINKED)} as content from articles a where a.id = any(${[...articleIds]}::int[])) s
      order by s.article_id
      returning id, article_id, version`.execute(db);
    return rows;
  },

  /** Keeps the newest `keep` revisions of each article of `articleIds`; returns how many went. */
  async prune(db: Db, articleIds: readonly number[], keep: number): Promise<number> {
    if (articleIds.length === 0) return 0;
    const result = await sql`
      delete from article_revisions r using (
        select id from (
          select id, row_number() over (partition by article_id order by id desc) as n
          from article_revisions where article_id = any(${[...articleIds]}::int[])
        ) ranked where n > ${keep}::int
      ) old where r.id = old.id`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },

  /** One page of an article's revisions, newest first, and how many it has. */
  async list(db: Db, articleId: number, page: { limit: number; offset: number }): Promise<{ items: RevisionRow[]; total: number }> {
    const [items, count] = await Promise.all([
      db
        .selectFrom('article_revisions as r')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('article_revisions as rf', 'rf.id', 'r.restored_from')
        .select(ROW_COLUMNS)
        .where('r.article_id', '=', articleId)
        .orderBy('r.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      db
        .selectFrom('article_revisions')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('article_id', '=', articleId)
        .executeTakeFirstOrThrow(),
    ]);
    return { items: items as RevisionRow[], total: Number(count.n) };
  },

  /** One revision of the article, with its content; undefined when the article has no such revision. */
  async find(db: Db, articleId: number, revisionId: number): Promise<RevisionWithContent | undefined> {
    const row = await db
      .selectFrom('article_revisions as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('article_revisions as rf', 'rf.id', 'r.restored_from')
      .select([...ROW_COLUMNS, 'r.content'])
      .where('r.article_id', '=', articleId)
      .where('r.id', '=', revisionId)
      .executeTakeFirst();
    if (!row) return undefined;
    const content = row.content as RevisionContent & { event: unknown };
    // An imported event may be partial or odd: read it as the editor does.
    return { ...(row as RevisionRow), content: { ...content, event: eventOf(content.event) } };
  },
};

/** Records a revision of each article (in the caller's transaction) and applies the retention cap (`keep` 0 = keep all). */
export async function recordRevisions(
  trx: Parameters<typeof articleRevisionsRepository.record>[0],
  articleIds: readonly number[],
  input: RecordInput & { keep?: number },
): Promise<RecordedRevision[]> {
  const recorded = await articleRevisionsRepository.record(trx, articleIds, input);
  if (input.keep) await articleRevisionsRepository.prune(trx, articleIds, input.keep);
  return recorded;
}
