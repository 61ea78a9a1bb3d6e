import { Type, type Static, type StaticDecode } from 'typebox';
import { OTHER_STATE_FILTER, SCHEDULED_STATE_FILTER, STATUS_FILTER_VALUES, UPDATE_FIELDS } from '../rules/article-state';
import { ARTICLE_SORT_COLUMNS, DEFAULT_LIST_ORDER, PAGE_SIZES } from '../rules/constants';
import { SEARCH_TERM_LIMITS } from '../rules/field-limits';
import { RIGHTS } from '../rules/rights';
import { IntegerEnum, ListEnvelope, Nullable, StringEnum } from './common';
import { ListPlanningFields } from './desks';
import { cleanText, fail, optionalFilterId, optionalFlag, queryField } from './form-fields';

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
    description: 'Start publishing (UTC); Scheduled when publish_up_pending (an approver scheduled it), else a request',
  }),
  publish_up_pending: Type.Boolean({
    description: 'The publishing job will act on publish_up (an approver scheduled it); false: a request waiting for an approver',
  }),
  publish_down: Nullable(Type.String({ format: 'date-time' }), { description: 'Finish publishing (UTC)' }),
  ...ListPlanningFields,
  rights: Type.Optional(
    Type.Array(StringEnum(RIGHTS), {
      description:
        "Only for a user with scoped roles: the rights they hold on this article (where its category lies); the row's actions follow these, not the user's rights",
    }),
  ),
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

/** POST /api/portal/article/{id}/schedule: an approver schedules the version they have seen. */
export const ScheduleArticleBodySchema = Type.Object({
  version: Type.Integer({ minimum: 0, description: 'The version the approver has seen (another save since: 409)' }),
  publish_up: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'When it goes out (UTC, ISO date-time); without it the stored publish_up. Must lie ahead',
    }),
  ),
});
export type ScheduleArticleBody = Static<typeof ScheduleArticleBodySchema>;

const PageSize = IntegerEnum(PAGE_SIZES, { default: DEFAULT_LIST_ORDER.limit, description: 'Page size' });
const Offset = Type.Integer({ minimum: 0, default: 0, description: 'Offset of the first row' });
const SortDir = StringEnum(['ASC', 'DESC'] as const, { default: DEFAULT_LIST_ORDER.sortDir });

/** The status filter: a state, 'other' (any other state) or 'scheduled'; '' = not given. */
function statusFilter(raw: string): number | 'other' | 'scheduled' | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  const allowed = [...STATUS_FILTER_VALUES].sort((a, b) => a - b);
  const state = /^-?\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!allowed.includes(state)) fail('field_enum', 'status', { values: allowed.join(', ') });
  if (state === SCHEDULED_STATE_FILTER) return 'scheduled';
  return state === OTHER_STATE_FILTER ? 'other' : state;
}

/** The query of GET /api/portal/articles. Empty filter values count as not given (decoded as undefined). */
export const ArticleListQuerySchema = Type.Object({
  category: Type.Optional(
    queryField(
      Type.String({ description: 'Category id: articles whose catid is this category or one of its descendants (0 = all)' }),
      (raw) => optionalFilterId(raw, 'category'),
    ),
  ),
  user: Type.Optional(
    queryField(Type.String({ description: 'Submitter (user id, created_by; 0 = all)' }), (raw) => optionalFilterId(raw, 'user')),
  ),
  status: Type.Optional(
    queryField(
      Type.String({
        description:
          'State: -2, 0, 1, 4, 5, -1 for "Other" (any other state), or -3 for "Scheduled" (Unpublished with a publish_up an approver scheduled). Without it every state but -2 (Trash) is listed',
      }),
      statusFilter,
    ),
  ),
  search: Type.Optional(
    queryField(
      Type.String({
        maxLength: SEARCH_TERM_LIMITS.term.max,
        description: 'Free text (full-text search over title and intro; "quotes", OR and -word work)',
      }),
      (raw) => cleanText(raw) || undefined,
    ),
  ),
  author: Type.Optional(
    queryField(
      Type.String({ maxLength: 100, description: 'Author id, or part of an author name (any letter case)' }),
      (raw) => cleanText(raw) || undefined,
    ),
  ),
  featured: Type.Optional(queryField(Type.String({ description: '0 or 1' }), (raw) => optionalFlag(raw, 'featured'))),
  mine: Type.Optional(
    queryField(Type.String({ description: '1: only stories assigned to the caller (contracts/rules/planning)' }), (raw) =>
      optionalFlag(raw, 'mine'),
    ),
  ),
  desk: Type.Optional(
    queryField(Type.String({ description: 'Desk id: stories on this desk (0 = all)' }), (raw) => optionalFilterId(raw, 'desk')),
  ),
  stage: Type.Optional(
    queryField(Type.String({ description: 'Stage id: stories in this stage (0 = all); with `desk`, a stage of that desk' }), (raw) =>
      optionalFilterId(raw, 'stage'),
    ),
  ),
  overdue: Type.Optional(
    queryField(Type.String({ description: '1: only overdue stories; 0: only those not overdue' }), (raw) => optionalFlag(raw, 'overdue')),
  ),
  limit: Type.Optional(PageSize),
  limitStart: Type.Optional(Offset),
  sort: Type.Optional(StringEnum(ARTICLE_SORT_COLUMNS, { default: DEFAULT_LIST_ORDER.sort })),
  sortDir: Type.Optional(SortDir),
});
export type ArticleListQuery = Static<typeof ArticleListQuerySchema>;
/** The list's query as the server reads it (filters decoded, page and order defaulted). */
export type ArticleListRequest = Required<Pick<StaticDecode<typeof ArticleListQuerySchema>, 'limit' | 'limitStart' | 'sort' | 'sortDir'>> &
  Omit<StaticDecode<typeof ArticleListQuerySchema>, 'limit' | 'limitStart' | 'sort' | 'sortDir'>;

/** The query of both searches (all articles, all titles); `termDescription` says what the term is to each. */
export function articleSearchQuerySchema(termDescription: string) {
  return Type.Object({
    term: Type.Optional(Type.String({ maxLength: SEARCH_TERM_LIMITS.term.max, description: termDescription })),
    limit: Type.Optional(PageSize),
    limitStart: Type.Optional(Offset),
    sort: Type.Optional(StringEnum(['title', 'modified'] as const, { default: 'modified' })),
    sortDir: Type.Optional(SortDir),
  });
}
export type ArticleSearchQuery = Static<ReturnType<typeof articleSearchQuerySchema>>;

/**
 * A list envelope whose `total` may be estimated (large tables, see api/README.md "Search speed and
 * totals"): the additive `total_is_estimate` says so.
 */
export function EstimatedListEnvelope<T extends Parameters<typeof ListEnvelope>[0]>(item: T) {
  const envelope = ListEnvelope(item);
  return Type.Object(
    {
      ...envelope.properties,
      total_is_estimate: Type.Boolean({
        description:
          'true: total is an estimate (free text or several authors on a large table); a page past the real end comes back empty with the exact total',
      }),
    },
    { description: 'Success' },
  );
}

/** GET /api/portal/articles: the list, and how many articles of the caller's list are in the trash (its "Trash (n)"). */
export function ArticleListEnvelope<T extends Parameters<typeof ListEnvelope>[0]>(item: T) {
  return Type.Object(
    {
      ...EstimatedListEnvelope(item).properties,
      trash_total: Type.Integer({
        minimum: 0,
        description: 'Articles in the trash that this user may list (their own without view_all_articles), whatever the filter',
      }),
    },
    { description: 'Success' },
  );
}

/** POST /api/portal/article/update: one field of an article from the list. */
export const UpdateArticleBodySchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Article id' }),
  field: StringEnum(UPDATE_FIELDS),
  value: Type.Integer({ description: 'The new value' }),
});
export type UpdateArticleBody = Static<typeof UpdateArticleBodySchema>;
/** The change an update makes, without the article it is made to (what a row action sends). */
export type ArticleFieldUpdate = Omit<UpdateArticleBody, 'id'>;
