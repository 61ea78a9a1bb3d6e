/**
 * The remotes manifest (`/remotes.json`, docs/ARCHITECTURE.md "Serving"):
 * `{ "remote_articles": "<url of mf-manifest.json>", … }`. Relative URLs are resolved against
 * the page's location, so `/remotes/remote-articles/mf-manifest.json` works on any origin.
 * Keys starting with `$` are settings, not remotes: `"$timeoutMs": "12000"` sets the time-out of
 * loading a remote (a string, so the API's manifest merging passes it through).
 */
import { isHttpUrl } from 'contracts/rules/http-url';
import { buildTimeoutMs, fetchTextWithin } from './timeout';

export const REMOTES_MANIFEST_URL = '/remotes.json';

/** The remotes the shell knows screens of (docs/ARCHITECTURE.md "Module Federation"). */
export const REMOTE_NAMES = ['remote_articles', 'remote_categories', 'remote_importers', 'remote_admin', 'remote_desk'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Remote name → absolute URL of its mf-manifest.json (and `$` settings, see above). */
export type RemotesManifest = Record<string, string>;

const TIMEOUT_SETTING = '$timeoutMs';

/** The manifest's `$timeoutMs`, if it sets one. */
export function manifestTimeoutMs(manifest: RemotesManifest): number | undefined {
  const value = manifest[TIMEOUT_SETTING];
  return value === undefined ? undefined : Number(value);
}

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
    if (name === TIMEOUT_SETTING) {
      const ms = Number(value);
      if ((typeof value !== 'string' && typeof value !== 'number') || !Number.isFinite(ms) || ms <= 0) {
        throw new RemotesManifestError(
          `The remotes manifest ${source} has an invalid ${TIMEOUT_SETTING} ${JSON.stringify(value)} (ms > 0).`,
        );
      }
      out[name] = String(ms);
      continue;
    }
    if (!NAME.test(name) || name.startsWith('$')) {
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
    if (!isHttpUrl(url.href)) {
      throw new RemotesManifestError(`The remotes manifest ${source} gives remote "${name}" a URL that is not http(s): "${value}".`);
    }
    out[name] = url.href;
  }
  return out;
}

/**
 * Fetches and parses the manifest, aborted after `timeoutMs`. Network or HTTP failures and the
 * time-out become a RemotesManifestError too.
 */
export async function fetchRemotesManifest(
  url: string = REMOTES_MANIFEST_URL,
  base: string = window.location.href,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  timeoutMs: number = buildTimeoutMs(),
): Promise<RemotesManifest> {
  let answer: Awaited<ReturnType<typeof fetchTextWithin>>;
  try {
    const init: RequestInit = { cache: 'no-cache', headers: { Accept: 'application/json' } };
    answer = await fetchTextWithin(fetchImpl, new URL(url, base).href, init, timeoutMs);
  } catch (error) {
    throw new RemotesManifestError(`The remotes manifest ${url} could not be fetched (${(error as Error).message}).`, { cause: error });
  }
  if (!answer.ok) {
    throw new RemotesManifestError(`The remotes manifest ${url} answered HTTP ${answer.status}.`);
  }
  return parseRemotesManifest(answer.text, base, url);
}
