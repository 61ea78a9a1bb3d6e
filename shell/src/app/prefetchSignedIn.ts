import { getInstance } from '@module-federation/enhanced/runtime';
import { prefetchRemote, type PrefetchRemoteOptions } from '../features/remotes/prefetch';

/**
 * Loaded as its own small chunk once the login form is interactive. The webpackPrefetch hint below
 * makes webpack's runtime add `<link rel="prefetch">` for the signed-in layout's chunks as soon as
 * this chunk has loaded: fetched into the cache at low priority, not run (the login page stays
 * free of antd until sign-in).
 */
export const loadSignedInLayout = () => import(/* webpackPrefetch: true */ '../features/layout/SignedInLayout');

/** Whether the shell's federation runtime has a module of this name in its share scope. */
function providedByHost(name: string): boolean {
  try {
    return Object.values(getInstance()?.shareScopeMap ?? {}).some((scope) => Object.keys(scope[name] ?? {}).length > 0);
  } catch {
    return false;
  }
}

/** The shell's own manifest: its shared modules' chunks (antd …) load through federation, not as chunks of the layout. */
const SHELL_MANIFEST = '/mf-manifest.json';

/**
 * Prefetches what opens after sign-in: the shell's chunks of shared modules (the layout's antd),
 * and the target screen's remote: its entry, its `./routes` chunks and its copies of the shared
 * modules the shell does not provide.
 */
export async function prefetchSignedIn(remote: string | undefined, options: PrefetchRemoteOptions): Promise<number> {
  const shell = prefetchRemote('shell', { ...options, remotes: async () => ({ shell: SHELL_MANIFEST }), provided: () => false }, '');
  const target = remote ? prefetchRemote(remote, { provided: providedByHost, ...options }) : Promise.resolve(0);
  const [own, theirs] = await Promise.all([shell, target]);
  return own + theirs;
}
