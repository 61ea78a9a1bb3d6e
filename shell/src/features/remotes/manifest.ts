/**
 * The remotes manifest (`/remotes.json`, docs/ARCHITECTURE.md "Serving"):
 * `{ "remote_articles": "<url of mf-manifest.json>", … }`. Relative URLs are resolved against
 * the page's location, so `/remotes/remote-articles/mf-manifest.json` works on any origin.
 */
export const REMOTES_MANIFEST_URL = '/remotes.json';

/** The remotes the shell knows screens of (docs/ARCHITECTURE.md "Module Federation"). */
export const REMOTE_NAMES = ['remote_articles', 'remote_categories', 'remote_importers'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Remote name → absolute URL of its mf-manifest.json. */
export type RemotesManifest = Record<string, string>;

export class RemotesManifestError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RemotesManifestError';
  }
}

const NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Parses the manifest text and resolves every URL against `base` (the page's URL).
 * Throws a RemotesManifestError naming the problem: not JSON, not an object, a bad name or URL.
 */
export function parseRemotesManifest(text: string, base: string, source = REMOTES_MANIFEST_URL): RemotesManifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RemotesManifestError(`The remotes manifest ${source} is not valid JSON (${(error as Error).message}).`, { cause: error });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new RemotesManifestError(`The remotes manifest ${source} must be a JSON object of remote name → mf-manifest.json URL.`);
  }
  const out: RemotesManifest = {};
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    if (!NAME.test(name)) {
      throw new RemotesManifestError(`The remotes manifest ${source} has an invalid remote name "${name}".`);
    }
    if (typeof value !== 'string' || value.trim() === '') {
      throw new RemotesManifestError(
        `The remotes manifest ${source} gives remote "${name}" no URL (expected a string, got ${JSON.stringify(value)}).`,
      );
    }
    let url: URL;
    try {
      url = new URL(value.trim(), base);
    } catch (error) {
      throw new RemotesManifestError(`The remotes manifest ${source} gives remote "${name}" an invalid URL "${value}".`, {
        cause: error,
      });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RemotesManifestError(`The remotes manifest ${source} gives remote "${name}" a URL that is not http(s): "${value}".`);
    }
    out[name] = url.href;
  }
  return out;
}

/** Fetches and parses the manifest. Network or HTTP failures become a RemotesManifestError too. */
export async function fetchRemotesManifest(
  url: string = REMOTES_MANIFEST_URL,
  base: string = window.location.href,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<RemotesManifest> {
  const absolute = new URL(url, base).href;
  let response: Response;
  try {
    response = await fetchImpl(absolute, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new RemotesManifestError(`The remotes manifest ${url} could not be fetched (${(error as Error).message}).`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new RemotesManifestError(`The remotes manifest ${url} answered HTTP ${response.status}.`);
  }
  return parseRemotesManifest(await response.text(), base, url);
}
