import type { LoaderFunctionArgs } from 'react-router-dom';
import { fetchCategoryTree, fetchCountries, type CategoryNode, type Country } from 'shared';
// The API modules only (not the features' index, which brings the components): `./routes` holds
// this loader, so the requests go out before the screen's code has loaded.
import { fetchCreators, type Creator } from '../../features/article-list/api/articlesApi';
import { loadArticleList, type ArticleListData } from '../../features/article-list/api/loadArticleList';

/** What the portal's screens look up (spec section 2: loaded before the portal opens). */
export interface PortalLookups {
  categories: CategoryNode[];
  /** The users who create content (the submitter filter). */
  creators: Creator[];
  countries: Country[];
}

export interface PortalData extends ArticleListData {
  lookups: PortalLookups;
}

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

// Loaded once per visit of the portal: the list's reloads (revalidations) reuse them; PortalScreen
// forgets them when it closes, so the next visit reads them again.
let lookups: Promise<PortalLookups> | null = null;

function portalLookups(): Promise<PortalLookups> {
  if (!lookups) {
    const loading = Promise.all([fetchCategoryTree(), fetchCreators(), fetchCountries()]).then(([categories, creators, countries]) => ({
      categories: asList<CategoryNode>(categories),
      creators: asList<Creator>(creators),
      countries: asList<Country>(countries),
    }));
    // A failed lookup is asked again by the next load (the shell's Retry runs the loader again).
    loading.catch(() => {
      if (lookups === loading) lookups = null;
    });
    lookups = loading;
  }
  return lookups;
}

/** Forget the lookups (the portal closed): the next visit loads them again. */
export function forgetPortalLookups(): void {
  lookups = null;
}

/**
 * Loads the article list the URL query asks for and, in parallel, the categories, creators and
 * countries, before the portal opens.
 */
export async function portalLoader({ request }: LoaderFunctionArgs): Promise<PortalData> {
  const [list, found] = await Promise.all([loadArticleList(new URL(request.url), request.signal), portalLookups()]);
  return { ...list, lookups: found };
}
