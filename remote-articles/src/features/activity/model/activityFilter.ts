// The Activity screen's filter as the URL carries it (?user=&entity=&action=&from=&to=&limit=&limitStart=),
// and the query of GET /api/v2/activity it asks for. Pure.
import {
  ACTIVITY_PAGE_SIZES,
  isActivityAction,
  isActivityEntity,
  type ActivityAction,
  type ActivityEntity,
} from 'contracts/rules/activity';

export type ActivityPageSize = (typeof ACTIVITY_PAGE_SIZES)[number];
export const DEFAULT_ACTIVITY_PAGE_SIZE: ActivityPageSize = 20;

export interface ActivityFilter {
  /** User id; null = everybody. */
  user: number | null;
  entity: ActivityEntity | null;
  /** With entity: one record's entries. */
  entityId: number | null;
  action: ActivityAction | null;
  /** Days (YYYY-MM-DD) in the user's time zone, both inclusive; '' = open. */
  from: string;
  to: string;
  limit: ActivityPageSize;
  limitStart: number;
}

export const EMPTY_ACTIVITY_FILTER: Readonly<ActivityFilter> = Object.freeze({
  user: null,
  entity: null,
  entityId: null,
  action: null,
  from: '',
  to: '',
  limit: DEFAULT_ACTIVITY_PAGE_SIZE,
  limitStart: 0,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveId(text: string | null): number | null {
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A day the calendar has (2026-02-30 is not one). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** The filter a URL asks for; anything unreadable counts as not given (a hand-edited URL never breaks the screen). */
export function parseActivityFilter(params: URLSearchParams): ActivityFilter {
  const entity = params.get('entity');
  const action = params.get('action');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const limit = Number(params.get('limit'));
  const start = Number(params.get('limitStart'));
  const validEntity = isActivityEntity(entity) ? entity : null;
  return {
    user: positiveId(params.get('user')),
    entity: validEntity,
    entityId: validEntity ? positiveId(params.get('entity_id')) : null,
    action: isActivityAction(action) ? action : null,
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    limit: (ACTIVITY_PAGE_SIZES as readonly number[]).includes(limit) ? (limit as ActivityPageSize) : DEFAULT_ACTIVITY_PAGE_SIZE,
    limitStart: Number.isInteger(start) && start >= 0 && start <= 2_147_483_647 ? start : 0,
  };
}

/** The URL of a filter: only what differs from the empty filter. */
export function activityFilterToParams(filter: ActivityFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.user !== null) params.set('user', String(filter.user));
  if (filter.entity !== null) params.set('entity', filter.entity);
  if (filter.entity !== null && filter.entityId !== null) params.set('entity_id', String(filter.entityId));
  if (filter.action !== null) params.set('action', filter.action);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.limit !== DEFAULT_ACTIVITY_PAGE_SIZE) params.set('limit', String(filter.limit));
  if (filter.limitStart > 0) params.set('limitStart', String(filter.limitStart));
  return params;
}

/** Local midnight of a day, as an instant. */
function startOfDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export type ActivityApiQuery = Record<string, string | number>;

/**
 * A range given backwards (its first day after its last): no entry can match it. The screen says so
 * and asks nothing (the API refuses such a range too), rather than guessing which day was meant.
 */
export function isRangeReversed(filter: Pick<ActivityFilter, 'from' | 'to'>): boolean {
  return filter.from !== '' && filter.to !== '' && filter.from > filter.to;
}

/**
 * The API's query: days become instants in the user's time zone, `to` the start of the next day
 * (the API's `to` is exclusive, the screen's last day is included).
 */
export function toActivityQuery(filter: ActivityFilter): ActivityApiQuery {
  const query: ActivityApiQuery = { limit: filter.limit, limitStart: filter.limitStart };
  if (filter.user !== null) query.user = filter.user;
  if (filter.entity !== null) query.entity = filter.entity;
  if (filter.entity !== null && filter.entityId !== null) query.entity_id = filter.entityId;
  if (filter.action !== null) query.action = filter.action;
  const { from, to } = filter;
  if (from) query.from = startOfDay(from).toISOString();
  if (to) {
    const end = startOfDay(to);
    end.setDate(end.getDate() + 1);
    query.to = end.toISOString();
  }
  return query;
}

/** A changed filter starts again at the first page; a page change keeps the rest. */
export function changeActivityFilter(filter: ActivityFilter, change: Partial<Omit<ActivityFilter, 'limitStart'>>): ActivityFilter {
  const next = { ...filter, ...change, limitStart: 0 };
  if (next.entity === null) next.entityId = null;
  return next;
}

/** Page numbers start at 1. */
export function activityPage(filter: ActivityFilter, page: number, limit: ActivityPageSize = filter.limit): ActivityFilter {
  const p = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  return limit === filter.limit ? { ...filter, limitStart: (p - 1) * limit } : { ...filter, limit, limitStart: 0 };
}
