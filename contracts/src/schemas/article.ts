import { Type, type Static, type TSchema } from 'typebox';
import { AdSchema } from './ads';
import { AuthorRefSchema } from './authors';
import { NamedRefSchema, Nullable } from './common';
import { ImageItemSchema, VideoSchema } from './images';
import { TagSchema } from './tags';

// The article editor's API (GET/POST /api/portal/article, the edit lock).

/** A 0/1 switch of the event. */
const Bit = Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 or 1' });

export const EventSchema = Type.Object(
  {
    venue: Type.String(),
    date: Type.String({ description: 'YYYY-MM-DD or empty' }),
    start_time: Type.String({ description: 'HH:mm or empty' }),
    end_time_enabled: Bit,
    end_date: Type.String({ description: 'YYYY-MM-DD or empty' }),
    end_time: Type.String({ description: 'HH:mm or empty' }),
    address: Type.String(),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    limit_number_of_attendees: Bit,
    attendees_limit: Nullable(Type.Integer()),
    ticket_cost: Nullable(Type.Number()),
    currency: Type.String({ description: 'ISO 4217 code or empty' }),
    enabled: Bit,
    custom_payment_url: Type.String(),
  },
  { description: 'Spec section 3 "Event"' },
);
export type ArticleEvent = Static<typeof EventSchema>;

/** Where an article is about: a country and optionally one of its states. */
export const ArticleLocationSchema = Type.Object({ country_code: Type.String(), state_id: Nullable(Type.Integer()) });
export type ArticleLocation = Static<typeof ArticleLocationSchema>;

export const LockSchema = Type.Object(
  {
    held_by: Nullable(NamedRefSchema),
    since: Nullable(Type.String({ format: 'date-time' })),
    mine: Type.Boolean({ description: 'The caller holds the lock' }),
    expires: Nullable(Type.String({ format: 'date-time', description: 'Free again after this time without activity' })),
  },
  { description: 'The edit lock' },
);
export type EditLock = Static<typeof LockSchema>;

/** A yes/no of the edit form, as the form sends it. */
const Flag = Type.Union([Type.Literal('0'), Type.Literal('1')]);

/** The head of an article: its title, date, category, state, access and switches (the edit and a revision alike). */
export const ArticleHeadSchema = Type.Object({
  title: Type.String(),
  date: Type.String({ format: 'date-time' }),
  catid: Nullable(Type.Integer()),
  state: Type.Integer(),
  access: Type.Integer(),
  featured: Type.Integer(),
  newsletter: Type.Integer(),
});

/** Where an article's content comes from, with its three switches typed as `flag` ('0'/'1' in the edit form, 0/1 in a revision). */
export const referenceFields = <Switch extends TSchema>(flag: Switch) => ({
  references_at_source: flag,
  use_source_link: flag,
  videos_at_source: flag,
  reference_source: Type.String(),
  reference_date: Type.String({ description: 'YYYY-MM-DD or empty' }),
  reference_url: Type.String(),
});

/** "Article edit" as GET /api/portal/article returns it (spec section 3). */
export const EditArticleSchema = Type.Object({
  id: Type.Integer(),
  ...ArticleHeadSchema.properties,
  text: Type.String({ description: 'Sanitised HTML' }),
  introtext: Type.String({ description: 'Sanitised HTML' }),
  notes: Type.String({ description: 'Plain text' }),
  main_image: Nullable(Type.Integer()),
  images: Type.Array(ImageItemSchema),
  ...referenceFields(Flag),
  topics: Type.Array(Type.Integer()),
  tags: Type.Array(TagSchema),
  event: Nullable(EventSchema),
  location: Nullable(ArticleLocationSchema),
  publish_up: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' (UTC) or empty" }),
  publish_down: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' (UTC) or empty" }),
  publish_up_pending: Type.Optional(
    Type.Boolean({
      description: 'An approver scheduled publish_up: the job publishes the article then (Scheduled). false: publish_up is only a request',
    }),
  ),
  publish_down_pending: Type.Optional(Type.Boolean({ description: 'The job unpublishes the article at publish_down' })),
  authors: Type.Array(AuthorRefSchema),
  main_category_id: Nullable(Type.Integer()),
  ads: Type.Array(AdSchema),
  videos: Type.Array(VideoSchema),
  version: Type.Integer({ description: 'Send it back when saving' }),
  submitter: Type.String(),
  created_by: Nullable(Type.Integer()),
  url: Type.String(),
});
export type ArticleEdit = Static<typeof EditArticleSchema>;

/** `data` of GET /api/portal/article: the article, its topics, the preview HTML and the edit lock. */
export const ArticleEditDataSchema = Type.Object({
  article: EditArticleSchema,
  topics: Type.Array(Type.Integer()),
  html: Type.String({ description: 'The sanitised preview (spec "Article preview")' }),
  lock: LockSchema,
  allowed_category_ids: Type.Optional(
    Type.Array(Type.Integer(), {
      description:
        'Scoped roles: the categories (every one under the desks) this article may be saved into; the editor offers only these main categories. Absent: any',
    }),
  ),
  outside_scope: Type.Optional(
    Type.Boolean({
      description:
        "true: the user's roles would let them edit this article, but not in its main category (scoped roles): the editor opens it read-only and says why",
    }),
  ),
});
export type ArticleEditData = Static<typeof ArticleEditDataSchema>;

/** GET /api/portal/article. */
export const ArticleEditQuerySchema = Type.Object({ id: Type.Optional(Type.String({ description: 'Article id; 0 = new' })) });

/** The article of the edit lock routes. */
export const LockParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, description: 'Article id' }) });

/** DELETE of the edit lock. */
export const ReleaseLockQuerySchema = Type.Object({
  expires: Type.Optional(
    Type.String({
      description:
        "The lock's `expires` as the closing editor last got it (open, renew, take): the lock is released only when nobody renewed it since, so another open tab of the same user keeps it",
    }),
  ),
});
