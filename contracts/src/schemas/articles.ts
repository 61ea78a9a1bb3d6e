import { Type, type Static } from 'typebox';
import { Nullable } from './common';

// The article list of the portal (GET /api/portal/articles), the searches and the list's changes.

/** An item of GET /api/portal/articles (spec section 3, "Article list item"). */
export const ArticleListItemSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  catid: Nullable(Type.Integer(), { description: 'The article category id' }),
  date: Type.String({ format: 'date-time' }),
  thumb: Nullable(Type.String(), { description: 'URL of the main image thumbnail' }),
  main_category: Nullable(Type.String(), { description: 'Title of the main category (a child of 8 or 804)' }),
  url: Type.String({ description: 'Public URL' }),
  articleType: Type.String({ description: 'Content type: article, opinion, video, gallery, sponsored, …' }),
  featured: Type.Integer({ description: '0 or 1' }),
  state: Type.Integer({ description: '1 published, 0 unpublished, 4 awaiting approval, 5 draft, -2 trash; others are "Other"' }),
  createdBy: Nullable(Type.Integer(), { description: 'The submitter (user id)' }),
  author: Type.String({ description: "The submitter's name ('unknown' when the user is gone)" }),
  access: Type.Integer({ description: '1 public, 2 registered, 3 premium' }),
  newsletter: Type.Integer({ description: '0 or 1' }),
  publish_up: Nullable(Type.String({ format: 'date-time' }), {
    description: 'Start publishing (UTC); an Unpublished article whose publish_up is ahead is Scheduled',
  }),
  publish_down: Nullable(Type.String({ format: 'date-time' }), { description: 'Finish publishing (UTC)' }),
});
export type ArticleListItem = Static<typeof ArticleListItemSchema>;

/** An item of the two searches (all articles, all titles). */
export const ArticleSearchItemSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  date: Type.String({ format: 'date-time' }),
  modified: Type.String({ format: 'date-time' }),
  url: Type.String(),
});
export type ArticleSearchItem = Static<typeof ArticleSearchItemSchema>;

/** The article after a change from the list (update, delete, restore, submit). */
export const ArticleChangeSchema = Type.Object(
  {
    id: Type.Integer(),
    state: Type.Integer(),
    access: Type.Integer(),
    featured: Type.Integer(),
    newsletter: Type.Integer(),
    version: Type.Integer({ description: 'Bumped by every change' }),
    modified: Type.String({ format: 'date-time' }),
  },
  { description: 'The article after the change' },
);
export type ArticleChange = Static<typeof ArticleChangeSchema>;

/** A submitter signed in now (GET /api/portal/articles/submitters/online). */
export const OnlineSubmitterSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  lastSeen: Type.String({ format: 'date-time', description: 'Last use of the session (updated at most every renew interval, 5 min)' }),
});
export type OnlineSubmitter = Static<typeof OnlineSubmitterSchema>;

/** The body of the article changes that name only the article (restore). */
export const ArticleIdBodySchema = Type.Object({ id: Type.Integer({ minimum: 1, description: 'Article id' }) });
