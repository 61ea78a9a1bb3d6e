import { Type, type Static } from 'typebox';
import { NamedRefSchema, Nullable, StringEnum, VersionField } from './common';
import { ArticleHeadSchema, ArticleLocationSchema, EventSchema, referenceFields } from './article';
import { TagSchema } from './tags';
import { VideoSchema } from './images';

// An article's revision history: GET /api/portal/article/{id}/revisions,
// GET …/revisions/{rev}, POST …/revisions/{rev}/restore.

/** Which save wrote a revision: the editor, a list toggle or state change, an import, a restore. */
export const REVISION_SOURCES = ['editor', 'list', 'import', 'restore'] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

const Bit = Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' });

/** The fields a user edits, as they were after the save (the editor's values; names and titles as they were then). */
export const RevisionContentSchema = Type.Object(
  {
    ...ArticleHeadSchema.properties,
    introtext: Type.String({ description: 'Sanitised HTML' }),
    text: Type.String({ description: 'Sanitised HTML' }),
    notes: Type.String(),
    main_image: Nullable(Type.Integer()),
    images: Type.Array(Type.Object({ id: Type.Integer(), description: Type.String({ description: 'Caption' }) })),
    ...referenceFields(Bit),
    topics: Type.Array(Type.Integer()),
    main_category_id: Nullable(Type.Integer()),
    tags: Type.Array(TagSchema),
    authors: Type.Array(NamedRefSchema),
    ads: Type.Array(Type.Object({ id: Type.Integer(), subject: Type.String() })),
    videos: Type.Array(VideoSchema),
    event: Nullable(EventSchema),
    location: Nullable(ArticleLocationSchema),
    publish_up: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' (UTC) or empty" }),
    publish_down: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' (UTC) or empty" }),
  },
  { description: 'The content of an article as one save left it' },
);
export type RevisionContent = Static<typeof RevisionContentSchema>;
export type RevisionField = keyof RevisionContent;

/** One revision in the list: who, when, which version, and what changed since the revision before. */
export const RevisionSummarySchema = Type.Object({
  id: Type.Integer({ description: 'The revision ({rev} of the other calls)' }),
  article_id: Type.Integer(),
  version: Type.Integer({ description: 'The article version this save produced' }),
  created: Type.String({ format: 'date-time' }),
  user: Nullable(NamedRefSchema, { description: 'Who saved; null for an import (or a user deleted since)' }),
  source: StringEnum(REVISION_SOURCES),
  restored_from: Nullable(Type.Integer({ description: 'The revision a restore brought back' })),
  restored_version: Nullable(Type.Integer(), {
    description: 'The version of the revision a restore brought back (null: not a restore, or that revision was deleted since)',
  }),
  changed: Nullable(Type.Array(Type.String()), {
    description: 'The fields (RevisionContent keys, in that order) that differ from the revision before; null when there is none',
  }),
  summary: Type.String({ description: 'What changed, in one line (English; the client builds its own from `changed`)' }),
});
export type RevisionSummary = Static<typeof RevisionSummarySchema>;

/** One revision, whole. */
export const RevisionSchema = Type.Object({ ...RevisionSummarySchema.properties, content: RevisionContentSchema });
export type Revision = Static<typeof RevisionSchema>;

/** The article of the list call. */
export const RevisionsParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Article id' }) });

/** The article and the revision of the one-revision calls. */
export const RevisionParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Article id' }),
  rev: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Revision id' }),
});

/** The largest page of the list. */
export const REVISIONS_PAGE_MAX = 100;

export const RevisionsQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REVISIONS_PAGE_MAX, default: 20, description: 'Page size' })),
  limitStart: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0, description: 'Offset of the first row' })),
});
export type RevisionsQuery = Static<typeof RevisionsQuerySchema>;

/** POST …/restore: the article version the user has open (a stale one answers 409, like a save). */
export const RestoreRevisionBodySchema = Type.Object({ version: VersionField });
export type RestoreRevisionBody = Static<typeof RestoreRevisionBodySchema>;

/** `data` of a restore: the article's id, its new version and the revision the restore wrote. */
export const RestoredSchema = Type.Object({ id: Type.Integer(), version: Type.Integer(), revision: Type.Integer() });
export type Restored = Static<typeof RestoredSchema>;
