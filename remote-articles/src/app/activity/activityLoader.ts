import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireRight } from 'shared';
// The API modules only (not the features' index, which brings the components): `./routes` holds
// this loader, so the requests go out before the screen's code has loaded.
import { fetchActivity, type ActivityPage } from '../../features/activity/api/activityApi';
import { isRangeReversed, parseActivityFilter, toActivityQuery, type ActivityFilter } from '../../features/activity/model/activityFilter';
import { fetchCreators } from '../../features/article-list/api/articlesApi';

export interface ActivityData {
  filter: ActivityFilter;
  page: ActivityPage;
  /** The user filter's choices. */
  users: Array<{ id: number; name: string }>;
  /** The days are given backwards: the log was not asked (the screen says why). */
  rangeReversed: boolean;
}

/** /activity: needs view_activity (the shell says so otherwise); the page the URL asks for and the users. */
export async function activityLoader({ request }: LoaderFunctionArgs): Promise<ActivityData> {
  requireRight('view_activity');
  const filter = parseActivityFilter(new URL(request.url).searchParams);
  const rangeReversed = isRangeReversed(filter);
  const nothing: ActivityPage = { items: [], total: 0 };
  const [page, creators] = await Promise.all([
    rangeReversed ? nothing : fetchActivity(toActivityQuery(filter), request.signal),
    fetchCreators(),
  ]);
  return { filter, page, rangeReversed, users: Array.isArray(creators) ? creators.map(({ id, name }) => ({ id, name })) : [] };
}
