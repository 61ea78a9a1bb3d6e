/** Tables of the articles and what they link: categories, counts, authors, tags, ads, images, videos, locks, revisions, short links. */
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp, TimestampDefault } from './columns';

export interface CategoriesTable {
  id: Generated<number>;
  title: string;
  alias: string;
  colour: string | null;
  parent_id: number | null;
  enabled: ColumnType<number, number | undefined, number>;
  ordering: ColumnType<number, number | undefined, number>;
  created_at: TimestampDefault;
  modified_at: TimestampDefault;
  /** Bumped by a trigger on every update (migration 0013): the edit forms' stale-save check. */
  version: ColumnType<number, never, never>;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  catid: number | null;
  date: Timestamp;
  state: number;
  access: ColumnType<number, number | undefined, number>;
  featured: ColumnType<number, number | undefined, number>;
  newsletter: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  url: string;
  introtext: ColumnType<string, string | undefined, string>;
  text: ColumnType<string, string | undefined, string>;
  created: TimestampDefault;
  modified: TimestampDefault;
  version: ColumnType<number, number | undefined, number>;
  thumb: ColumnType<string | null, string | null | undefined, string | null>;
  /** A content type key, e.g. article, opinion, video, gallery, sponsored. */
  article_type: ColumnType<string, string | undefined, string>;
  /** A main category (a child of 8 or 804) among the article's topics. */
  main_category_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** images.id */
  main_image: ColumnType<number | null, number | null | undefined, number | null>;
  references_at_source: ColumnType<number, number | undefined, number>;
  use_source_link: ColumnType<number, number | undefined, number>;
  videos_at_source: ColumnType<number, number | undefined, number>;
  reference_source: ColumnType<string, string | undefined, string>;
  reference_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reference_url: ColumnType<string, string | undefined, string>;
  /** The event (spec section 3 "Event") as JSON, or null. */
  event: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  country_code: ColumnType<string | null, string | null | undefined, string | null>;
  state_id: ColumnType<number | null, number | null | undefined, number | null>;
  publish_up: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  publish_down: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** An approver scheduled publish_up and the publishing job has not acted on it yet (contracts/rules/article-schedule.ts). */
  publish_up_pending: ColumnType<boolean, boolean | undefined, boolean>;
  /** The job will unpublish at publish_down (armed by an approver's publish or schedule). */
  publish_down_pending: ColumnType<boolean, boolean | undefined, boolean>;
  /** The state before the article went to the trash, which a restore brings back (migration 0025). */
  trashed_from: ColumnType<number | null, number | null | undefined, number | null>;
  /** The desk and stage the story is being made on (migration 0036; both null: none). */
  desk_id: ColumnType<number | null, number | null | undefined, number | null>;
  stage_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Planning (migration 0038): by when the story is due, when it is meant to run, how long it should be. */
  deadline: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  planned_slot: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  target_words: ColumnType<number | null, number | null | undefined, number | null>;
  /** The stale-save check of a planning save, apart from the article's version. */
  planning_version: ColumnType<number, never, number>;
  /** When the overdue job flagged the story; null: not flagged. */
  overdue_at: ColumnType<Date | null, never, Date | string | null>;
  /** Location beyond country and state (migration 0010; importer Defaults fill them). */
  suburb: ColumnType<string | null, string | null | undefined, string | null>;
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  postcode: ColumnType<string | null, string | null | undefined, string | null>;
  /** Generated: title (A) + introtext without tags (B), English. */
  search_vector: ColumnType<string, never, never>;
  /** Editor notes (plain text, shown in the preview). Migration 0008. */
  notes: ColumnType<string, string | undefined, string>;
  /** Who made the last change (null when unknown: a change outside the editor). Migration 0008. */
  modified_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Exact article counts per filter group, kept by triggers (0 = null created_by / catid). */
export interface ArticleCountsTable {
  created_by: number;
  catid: number;
  state: number;
  featured: number;
  n: ColumnType<string | number, number, number>;
}

/** Exact article counts per (catid, state, featured), kept by triggers (0 = null catid). */
export interface ArticleTotalsTable {
  catid: number;
  state: number;
  featured: number;
  n: ColumnType<string | number, number, number>;
}

export interface AuthorsTable {
  id: Generated<number>;
  name: string;
  position: ColumnType<string, string | undefined, string>;
  bio: ColumnType<string, string | undefined, string>;
  image: ColumnType<string | null, string | null | undefined, string | null>;
  created: TimestampDefault;
  modified: TimestampDefault;
  /** Bumped by a trigger on every update (migration 0013): the edit forms' stale-save check. */
  version: ColumnType<number, never, never>;
}

export interface TagsTable {
  id: Generated<number>;
  title: string;
  created: TimestampDefault;
}

export interface AdsTable {
  id: Generated<number>;
  subject: string;
  body: ColumnType<string, string | undefined, string>;
  image: ColumnType<string | null, string | null | undefined, string | null>;
  image_url: ColumnType<string | null, string | null | undefined, string | null>;
  created: TimestampDefault;
  modified: TimestampDefault;
}

export interface ImagesTable {
  id: Generated<number>;
  file_name: string;
  description: ColumnType<string, string | undefined, string>;
  file_thumbnail: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  created: TimestampDefault;
}

export interface ArticleAuthorsTable {
  article_id: number;
  author_id: number;
  ordering: ColumnType<number, number | undefined, number>;
}

export interface ArticleTopicsTable {
  article_id: number;
  category_id: number;
}

export interface ArticleTagsTable {
  article_id: number;
  tag_id: number;
  ordering: ColumnType<number, number | undefined, number>;
}

export interface ArticleAdsTable {
  article_id: number;
  ad_id: number;
  ordering: ColumnType<number, number | undefined, number>;
}

export interface ArticleImagesTable {
  article_id: number;
  image_id: number;
  ordering: ColumnType<number, number | undefined, number>;
}

/** Bytes of an uploaded image: the original and its thumbnail (migration 0008). */
export interface ImageFilesTable {
  image_id: number;
  kind: 'original' | 'thumb';
  content_type: string;
  width: number | null;
  height: number | null;
  size: number;
  /** SHA-256 (hex) of the bytes. */
  etag: string;
  bytes: Uint8Array;
  /** Written anew without location or camera metadata (migration 0025); an older original is cleaned when first served. */
  cleaned: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface VideosTable {
  id: Generated<number>;
  /** A YouTube video id (11 characters). */
  video_id: string;
  title: ColumnType<string, string | undefined, string>;
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  created: TimestampDefault;
}

export interface ArticleVideosTable {
  article_id: number;
  video_id: number;
  ordering: ColumnType<number, number | undefined, number>;
}

/** One edit lock per article (migration 0008). */
export interface ArticleLocksTable {
  article_id: number;
  user_id: number;
  since: TimestampDefault;
  renewed_at: TimestampDefault;
}

/** A user's unsaved edit form of an article (migration 0037). */
export interface WorkingCopiesTable {
  article_id: number;
  user_id: number;
  base_version: number;
  fields: Json<Record<string, unknown>>;
  saved_at: TimestampDefault;
}

export interface ShortLinksTable {
  code: string;
  url: string;
  created: TimestampDefault;
}

export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  version: number;
  user_id: number | null;
  created: TimestampDefault;
  source: 'editor' | 'list' | 'import' | 'restore';
  restored_from: ColumnType<number | null, number | null | undefined, number | null>;
  /** contracts/schemas/revisions.ts RevisionContent (written by SQL, read as JSON). */
  content: ColumnType<unknown, string, string>;
  changed: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
}
