// Loads the list a URL asks for. Used by the route loader, so the list is there before the screen opens.
import { isApiError, isCancelledRequest, toast } from 'shared';
import { parseFilter, toApiParams, type ArticleFilter } from '../model/filterModel';
import { fetchArticles, type ArticleListItem } from './articlesApi';

export interface ArticleListData {
  filter: ArticleFilter;
  items: ArticleListItem[];
  total: number;
  /** `total` is an estimate (the pager says "about"). */
  totalIsEstimate: boolean;
  /** Message of a failed load (also shown as an error toast); the list is then empty. */
  error: string | null;
  /** How many articles of the user's list are in the trash ("Trash (n)"); null when unknown. */
  trashTotal: number | null;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

export async function loadArticleList(url: URL, signal?: AbortSignal): Promise<ArticleListData> {
  const filter = parseFilter(url.searchParams);
  try {
    const page = await fetchArticles(toApiParams(filter), signal).catch((error: unknown) => {
      // A cancellation this load did not ask for (someone else's abort) is no answer: ask again.
      // Never shown to the user ("canceled" toasts and an empty list after Save).
      if (isCancelledRequest(error) && !signal?.aborted) return fetchArticles(toApiParams(filter), signal);
      throw error;
    });
    return {
      filter,
      items: page.items,
      total: page.total,
      totalIsEstimate: page.totalIsEstimate ?? false,
      error: null,
      trashTotal: page.trashTotal ?? null,
    };
  } catch (error) {
    // A newer navigation replaced this one: the router drops the result anyway.
    if (signal?.aborted || isCancelledRequest(error)) throw error;
    const message = messageOf(error);
    // Spec section 8: article list errors go to the messaging service as an error.
    // A 401 ends the session: the shell sends the user to the login page, no toast needed.
    if (!(isApiError(error) && error.status === 401)) toast.error(message);
    return { filter, items: [], total: 0, totalIsEstimate: false, error: message, trashTotal: null };
  }
}
