// The list screen's state: the loader's data, and changes written to the URL query (which re-runs
// the loader). Survives reload because the filter lives in the URL.
import { useCallback, useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router-dom';
import { fetchArticles, type ArticlePage } from '../api/articlesApi';
import type { ArticleListData } from '../api/loadArticleList';
import {
  filterToSearchParams,
  isSameFilter,
  lastPageToShow,
  pageToShowInstead,
  toApiParams,
  type ArticleFilter,
} from '../model/filterModel';
import { nextScheduleCheck } from '../model/scheduledRefresh';

export interface ArticleListState extends ArticleListData {
  /**
   * Show another filter (page, size, sort …): updates the URL, the loader fetches. `toLastPage`: the
   * last-page arrow on an estimated total, which then moves on to the real last page once known.
   */
  apply(next: ArticleFilter, options?: { toLastPage?: boolean }): void;
  /** Reload the current list. */
  refresh(): void;
  /** Reload the current page quietly (no loading state, failures unsaid): other users' changes. */
  refreshInBackground(): void;
  /** A reload or filter change of this list is in flight. */
  busy: boolean;
}

export function useArticleList(): ArticleListState {
  const loaded = useLoaderData() as ArticleListData;
  // A background refresh's page, shown while the loader's data is the one it refreshed.
  const [fresh, setFresh] = useState<{ of: ArticleListData; page: ArticlePage } | null>(null);
  const data: ArticleListData =
    fresh && fresh.of === loaded
      ? {
          ...loaded,
          items: fresh.page.items,
          total: fresh.page.total,
          totalIsEstimate: fresh.page.totalIsEstimate ?? false,
          trashTotal: fresh.page.trashTotal ?? loaded.trashTotal,
        }
      : loaded;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();

  const apply = useCallback(
    (next: ArticleFilter, options: { toLastPage?: boolean } = {}) => {
      if (isSameFilter(next, data.filter)) return;
      setSearchParams(filterToSearchParams(next, searchParams), options.toLastPage ? { state: { toLastPage: true } } : undefined);
    },
    [data.filter, searchParams, setSearchParams],
  );

  // A page past the real end (the last-page arrow on an estimated page count, or rows deleted) comes
  // back empty with the exact total; the last-page arrow on an estimate may also land short of the end
  // (an estimate too low), then that answer's exact total tells the real last page. Either way: show
  // the real last page instead, replacing this history entry (which also drops the arrow's intent).
  const wantsLast = (location.state as { toLastPage?: boolean } | null)?.toLastPage === true;
  const instead = data.error
    ? null
    : (pageToShowInstead(data.filter, data.total, data.totalIsEstimate, data.items.length) ??
      (wantsLast ? lastPageToShow(data.filter, data.total, data.totalIsEstimate) : null));
  useEffect(() => {
    if (instead) setSearchParams(filterToSearchParams(instead, searchParams), { replace: true });
  }, [instead?.limitStart, instead?.limit]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the page to move to changes

  const refresh = useCallback(() => {
    void revalidator.revalidate();
  }, [revalidator]);

  const refreshInBackground = useCallback(() => {
    if (loaded.error) return;
    fetchArticles(toApiParams(loaded.filter), undefined, { background: true }).then(
      (page) => setFresh({ of: loaded, page }),
      () => undefined,
    );
  }, [loaded]);

  // A row the publishing job is about to change (Scheduled going out, a publish_down
  // coming) shows its new state by itself: the page loads again quietly just after that time.
  useEffect(() => {
    const wait = nextScheduleCheck(data.items, Date.now());
    if (wait === null) return undefined;
    const timer = setTimeout(refreshInBackground, wait);
    return () => clearTimeout(timer);
  }, [data.items, refreshInBackground]);

  // Busy while this list reloads or moves to another filter, not while leaving for another screen.
  const busy = revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === location.pathname);
  return { ...data, apply, refresh, refreshInBackground, busy };
}
