import { Type } from 'typebox';
import { Envelope, errors } from 'contracts/schemas/common';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ImageItemSchema = Type.Object({
  id: Type.Integer(),
  file_name: Type.String(),
  file_thumbnail: Type.String({ description: 'Thumbnail URL' }),
  url: Type.String({ description: 'Image URL (/api/image/{id})' }),
  thumb_url: Type.String({ description: 'Thumbnail URL (/api/image/{id}/thumb)' }),
  description: Type.String({ description: 'Caption' }),
});

export const EventSchema = Type.Object(
  {
    venue: Type.String(),
    date: Type.String({ description: 'YYYY-MM-DD or empty' }),
    start_time: Type.String({ description: 'HH:mm or empty' }),
    end_time_enabled: Type.Integer({ description: '0 or 1' }),
    end_date: Type.String({ description: 'YYYY-MM-DD or empty' }),
    end_time: Type.String({ description: 'HH:mm or empty' }),
    address: Type.String(),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    limit_number_of_attendees: Type.Integer({ description: '0 or 1' }),
    attendees_limit: Nullable(Type.Integer()),
    ticket_cost: Nullable(Type.Number()),
    currency: Type.String({ description: 'ISO 4217 code or empty' }),
    enabled: Type.Integer({ description: '0 or 1' }),
    custom_payment_url: Type.String(),
  },
  { description: 'Spec section 3 "Event"' },
);

export const LockSchema = Type.Object(
  {
    held_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
    since: Nullable(Type.String({ format: 'date-time' })),
    mine: Type.Boolean({ description: 'The caller holds the lock' }),
    expires: Nullable(Type.String({ format: 'date-time', description: 'Free again after this time without activity' })),
  },
  { description: 'The edit lock' },
);

const Flag = Type.Union([Type.Literal('0'), Type.Literal('1')]);

export const EditArticleSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  date: Type.String({ format: 'date-time' }),
  catid: Nullable(Type.Integer()),
  state: Type.Integer(),
  access: Type.Integer(),
  featured: Type.Integer(),
  newsletter: Type.Integer(),
  text: Type.String({ description: 'Sanitised HTML' }),
  introtext: Type.String({ description: 'Sanitised HTML' }),
  notes: Type.String({ description: 'Plain text' }),
  main_image: Nullable(Type.Integer()),
  images: Type.Array(ImageItemSchema),
  references_at_source: Flag,
  use_source_link: Flag,
  videos_at_source: Flag,
  reference_source: Type.String(),
  reference_date: Type.String({ description: 'YYYY-MM-DD or empty' }),
  reference_url: Type.String(),
  topics: Type.Array(Type.Integer()),
  tags: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  event: Nullable(EventSchema),
  location: Nullable(Type.Object({ country_code: Type.String(), state_id: Nullable(Type.Integer()) })),
  publish_up: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' (UTC) or empty" }),
  publish_down: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' (UTC) or empty" }),
  authors: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  main_category_id: Nullable(Type.Integer()),
  ads: Type.Array(
    Type.Object({ id: Type.Integer(), subject: Type.String(), body: Type.String(), image: Nullable(Type.String()), image_url: Nullable(Type.String()) }),
  ),
  videos: Type.Array(Type.Object({ id: Type.Integer(), videoId: Type.String(), title: Type.String() })),
  version: Type.Integer({ description: 'Send it back when saving' }),
  submitter: Type.String(),
  created_by: Nullable(Type.Integer()),
  url: Type.String(),
});

export const getArticleSchema = {
  tags: ['article editor'],
  summary: 'One article for the editor: the article, its topics, the preview HTML and the edit lock',
  description:
    'id=0 gives an empty new article (right create_article). Opening an article you may edit (owner or edit_all_articles) ' +
    'takes its edit lock, or renews it, when it is free or yours; otherwise `lock` says who holds it and since when (the article is still readable). ' +
    'Needs the owner, view_all_articles or edit_all_articles.',
  querystring: Type.Object({ id: Type.Optional(Type.String({ description: 'Article id; 0 = new' })) }),
  response: {
    200: Envelope(
      Type.Object({
        article: EditArticleSchema,
        topics: Type.Array(Type.Integer()),
        html: Type.String({ description: 'The sanitised preview (spec "Article preview")' }),
        lock: LockSchema,
      }),
    ),
    ...errors(400, 401, 403, 404),
  },
};

const field = (description: string) => Type.Optional(Type.Unknown({ description }));

export const saveArticleSchema = {
  tags: ['article editor'],
  summary: 'Save the edit form (form-serialised); copy=1 duplicates into a new draft',
  description:
    'application/x-www-form-urlencoded as shared `toFormBody` makes it (arrays as repeated keys, objects as JSON text), or JSON. ' +
    'New (id 0) and copy need create_article; an existing article needs its owner or edit_all_articles, its edit lock free or ' +
    'yours (423 otherwise) and `version` equal to the stored one (409 otherwise). Changing access or newsletter needs set_access, ' +
    'featured feature_article. The state is not changed by a save (submit and approve do that); new articles and copies are drafts (5).',
  body: Type.Object(
    {
      id: field('0 = new'),
      version: field('The version you opened (0 for new)'),
      copy: field("'1' = save as a new draft copy"),
      title: field('Required, at most 255 characters'),
      date: field("'YYYY-MM-DD HH:mm:ss' (UTC) or ISO"),
      catid: field('Category id; empty = the main category'),
      access: field('1, 2 or 3'),
      featured: field('0 or 1'),
      newsletter: field('0 or 1'),
      text: field('HTML (sanitised)'),
      introtext: field('HTML (sanitised)'),
      notes: field('Plain text'),
      main_image: field('Image id among images; empty = the first image'),
      images: field('Repeated JSON {"id":1,"description":"caption"}; at least one'),
      references_at_source: field("'0' or '1'"),
      use_source_link: field("'0' or '1'"),
      videos_at_source: field("'0' or '1'"),
      reference_source: field('Text'),
      reference_date: field("YYYY-MM-DD; '', 1970-01-01 and 0000-00-00 mean none"),
      reference_url: field('http(s) URL or empty'),
      topics: field('Repeated category ids'),
      main_category_id: field('One of the topics'),
      tags: field('Repeated JSON {"id":..,"title":..}'),
      authors: field('Repeated JSON {"id":..,"name":..}'),
      ads: field('Repeated JSON {"id":..}'),
      videos: field('Repeated JSON {"id":..}'),
      event: field('JSON Event or empty'),
      location: field('JSON {"country_code":"AU","state_id":123} or empty'),
      publish_up: field("'YYYY-MM-DD HH:mm:ss' (UTC); '' or 0000-00-00 00:00:00 = empty"),
      publish_down: field("'YYYY-MM-DD HH:mm:ss' (UTC); after publish_up"),
    },
    { additionalProperties: true },
  ),
  response: {
    200: Envelope(Type.Object({ id: Type.Integer(), version: Type.Integer() })),
    ...errors(400, 401, 403, 404, 409, 423),
  },
};

const lockParams = Type.Object({ id: Type.Integer({ minimum: 1, description: 'Article id' }) });

export const renewLockSchema = {
  tags: ['article editor'],
  summary: 'Keep the edit lock (heartbeat): renews it, or takes it when free; 423 when someone else holds it',
  params: lockParams,
  response: { 200: Envelope(LockSchema), ...errors(400, 401, 403, 404, 423) },
};

export const takeLockSchema = {
  tags: ['article editor'],
  summary: 'Take the edit lock over from whoever holds it (right edit_all_articles)',
  params: lockParams,
  response: { 200: Envelope(LockSchema), ...errors(400, 401, 403, 404) },
};

export const releaseLockSchema = {
  tags: ['article editor'],
  summary: 'Release the edit lock (closing the editor); does nothing when the caller does not hold it',
  params: lockParams,
  querystring: Type.Object({
    expires: Type.Optional(
      Type.String({
        description:
          "The lock's `expires` as the closing editor last got it (open, renew, take): the lock is released only when nobody renewed it since, so another open tab of the same user keeps it",
      }),
    ),
  }),
  response: { 200: Envelope(LockSchema), ...errors(400, 401, 404) },
};
