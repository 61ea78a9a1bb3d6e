import { prefetchRemote, type PrefetchRemoteOptions } from '../remotes/prefetch';

/**
 * Loaded as its own small chunk once the login form is interactive. The webpackPrefetch hint below
 * makes webpack's runtime add `<link rel="prefetch">` for the signed-in layout's chunks as soon as
 * this chunk has loaded: fetched into the cache at low priority, not run (the login page stays
 * free of antd until sign-in).
 */
export const loadSignedInLayout = () => import(/* webpackPrefetch: true */ '../layout/SignedInLayout');

/** Prefetches the remote whose screen opens after sign-in (its entry and `./routes` chunks). */
export function prefetchSignedIn(remote: string | undefined, options: PrefetchRemoteOptions): Promise<number> {
  return remote ? prefetchRemote(remote, options) : Promise.resolve(0);
}
