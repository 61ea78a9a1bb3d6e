/**
 * One request per remote's mf-manifest.json: the prefetch on /login, the version check and the
 * federation runtime all read it from here. (They used to fetch it separately; the browser's cache
 * lock serialised the two identical requests, so a slow host cost its delay twice.)
 * Each fetch is aborted after the time-out; a failed one is forgotten, so Retry fetches again.
 */
import { fetchTextWithin } from './timeout';

export interface ManifestCache {
  /** The manifest's parsed JSON (one fetch per URL until `forget`). */
  json(url: string): Promise<unknown>;
  /** Drops what is known about `url` (the next read fetches it again). */
  forget(url: string): void;
  /** A federation runtime plugin whose `fetch` hook answers the runtime's manifest reads from here. */
  runtimePlugin(): { name: string; fetch: (url: string, init?: RequestInit) => Promise<Response> | undefined };
}

export interface ManifestCacheOptions {
  timeoutMs: () => number;
  fetchImpl?: typeof fetch;
}

const isManifestUrl = (url: string): boolean => /\/mf-manifest\.json(?:[?#].*)?$/.test(url);

export function createManifestCache({ timeoutMs, fetchImpl = (...args) => fetch(...args) }: ManifestCacheOptions): ManifestCache {
  const texts = new Map<string, Promise<string>>();

  async function fetchText(url: string): Promise<string> {
    const answer = await fetchTextWithin(fetchImpl, url, { credentials: 'same-origin' }, timeoutMs());
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    return answer.text;
  }

  function text(url: string): Promise<string> {
    let pending = texts.get(url);
    if (!pending) {
      const attempt = fetchText(url);
      pending = attempt;
      texts.set(url, attempt);
      attempt.catch(() => {
        if (texts.get(url) === attempt) texts.delete(url);
      });
    }
    return pending;
  }

  return {
    json: async (url) => JSON.parse(await text(url)) as unknown,
    forget: (url) => void texts.delete(url),
    runtimePlugin: () => ({
      name: 'newsdesk-manifest-once',
      // Anything else (undefined) goes to the runtime's own fetch.
      fetch: (url) =>
        isManifestUrl(url) ? text(url).then((body) => new Response(body, { headers: { 'content-type': 'application/json' } })) : undefined,
    }),
  };
}
