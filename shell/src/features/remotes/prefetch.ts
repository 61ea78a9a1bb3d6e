/**
 * Prefetching what a screen needs while the visitor is still on /login: the browser
 * fetches the files at low priority into its cache and runs none of them, so the login page stays
 * light and, after Log in, the remote's code comes from the cache.
 */

/** The parts of a remote's mf-manifest.json read here (written by @module-federation/enhanced). */
interface FederationManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: Assets }>;
  shared?: Array<{ name?: string; assets?: Assets }>;
}
interface Assets {
  js?: { sync?: string[]; async?: string[] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

const scripts = (assets: Assets | undefined): string[] => [...strings(assets?.js?.sync), ...strings(assets?.js?.async)];

/**
 * The script URLs of a remote's entry, of one exposed module (its own chunks and those it loads
 * lazily) and of the remote's copies of the shared modules the host does not provide (`provided`:
 * the remote loads its own copy of those), read from the remote's mf-manifest.json at `manifestUrl`.
 * publicPath 'auto' (or none) means: next to the manifest. Anything unexpected in the manifest gives
 * fewer URLs, never an error.
 */
export function remoteScriptUrls(
  manifestUrl: string,
  manifest: unknown,
  expose: string,
  provided: (name: string) => boolean = () => false,
): string[] {
  if (!isObject(manifest)) return [];
  const { metaData, exposes, shared } = manifest as FederationManifest;
  const publicPath = typeof metaData?.publicPath === 'string' && metaData.publicPath !== 'auto' ? metaData.publicPath : '';
  let base: URL;
  try {
    base = new URL(publicPath || '.', new URL(manifestUrl, window.location.href));
  } catch {
    return [];
  }
  const files: string[] = [];
  const entry = metaData?.remoteEntry;
  if (entry && typeof entry.name === 'string' && entry.name !== '') {
    const folder = typeof entry.path === 'string' && entry.path !== '' ? `${entry.path.replace(/\/+$/, '')}/` : '';
    files.push(`${folder}${entry.name}`);
  }
  const exposed = Array.isArray(exposes) ? exposes.find((item) => isObject(item) && item.path === expose) : undefined;
  files.push(...scripts(exposed?.assets));
  for (const module of Array.isArray(shared) ? shared : []) {
    if (isObject(module) && typeof module.name === 'string' && !provided(module.name)) files.push(...scripts(module.assets));
  }
  const urls = files.map((file) => {
    try {
      return new URL(file, base).href;
    } catch {
      return null;
    }
  });
  return [...new Set(urls.filter((url): url is string => url !== null))];
}

/** Adds one `<link rel="prefetch" as="script">` per URL not prefetched yet; answers how many were added. */
export function prefetchScripts(urls: readonly string[], doc: Document = document): number {
  const known = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href));
  let added = 0;
  for (const url of urls) {
    if (known.has(url)) continue;
    known.add(url);
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = url;
    doc.head.appendChild(link);
    added += 1;
  }
  return added;
}

export interface PrefetchRemoteOptions {
  /** Remote name → URL of its mf-manifest.json (the shell's remote loader: `init()`). */
  remotes: () => Promise<Record<string, string>>;
  /** Whether the host already provides a shared module (then the remote's copy is not needed). */
  provided?: (name: string) => boolean;
  /** Reads a manifest (default: fetch, JSON). */
  fetchJson?: (url: string) => Promise<unknown>;
  doc?: Document;
}

async function fetchJsonDefault(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/**
 * Prefetches `<remote>`'s entry and the chunks of its `expose` (default its `./routes`). A failure
 * only means no prefetch: loading the screen later reports its own errors.
 */
export async function prefetchRemote(remote: string, options: PrefetchRemoteOptions, expose = './routes'): Promise<number> {
  try {
    const manifestUrl = (await options.remotes())[remote];
    if (!manifestUrl) return 0;
    const manifest = await (options.fetchJson ?? fetchJsonDefault)(manifestUrl);
    return prefetchScripts(remoteScriptUrls(manifestUrl, manifest, expose, options.provided), options.doc);
  } catch {
    return 0;
  }
}
