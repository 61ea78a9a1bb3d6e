import { Type } from 'typebox';
import { ARTICLE_PAGE_SIZES } from '../../repositories/articles';
import { errors, IntegerEnum, ListEnvelope, StringEnum } from '../../lib/schemas';

export const ArticleListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  catid: Type.Union([Type.Integer(), Type.Null()], { description: 'Main category id' }),
  date: Type.String({ format: 'date-time' }),
  state: Type.Integer({ description: '1 published, 0 unpublished, 4 awaiting approval, 5 draft, -2 trash' }),
  access: Type.Integer({ description: '1 public, 2 registered, 3 premium' }),
  featured: Type.Integer({ description: '0 or 1' }),
  newsletter: Type.Integer({ description: '0 or 1' }),
  createdBy: Type.Union([Type.Integer(), Type.Null()], { description: 'The submitter (user id)' }),
  author: Type.String({ description: "The submitter's name" }),
  url: Type.String({ description: 'Public URL' }),
});

export const listArticlesSchema = {
  tags: ['articles'],
  summary: 'The article list of the portal (users without view_all_articles see only their own)',
  querystring: Type.Object({
    limit: Type.Optional(IntegerEnum(ARTICLE_PAGE_SIZES, { default: 5, description: 'Page size' })),
    limitStart: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Offset' })),
    sort: Type.Optional(StringEnum(['id', 'title', 'submitter'] as const, { default: 'id' })),
    sortDir: Type.Optional(StringEnum(['ASC', 'DESC'] as const, { default: 'DESC' })),
  }),
  response: { 200: ListEnvelope(ArticleListItem), ...errors(400, 401) },
};
