/** Serialisation used to recognise identical requests (method + url + params + body). */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` serialise alike. */
export function stableStringify(value: unknown): string {
  if (value === undefined) return '';
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (isPlainObject(v)) {
        return Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        );
      }
      return v;
    }) ?? ''
  );
}

/** A body that cannot be compared cheaply (uploads, streams): such requests are never shared. */
function isOpaqueBody(body: unknown): boolean {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

export function serialiseBody(body: unknown): string | null {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (isOpaqueBody(body)) return null;
  return stableStringify(body);
}

export function isAbsoluteUrl(url: string): boolean {
  return /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);
}

/** baseURL + url the way axios combines them. */
export function fullPath(baseURL: string | undefined, url: string | undefined): string {
  const path = url ?? '';
  if (!baseURL || isAbsoluteUrl(path)) return path;
  return path ? `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : baseURL;
}

export interface KeyParts {
  method?: string;
  baseURL?: string;
  url?: string;
  params?: unknown;
  data?: unknown;
}

/** Key of a request, or null when it must never be shared. */
export function requestKey({ method, baseURL, url, params, data }: KeyParts): string | null {
  const body = serialiseBody(data);
  if (body === null) return null;
  return [(method ?? 'get').toUpperCase(), fullPath(baseURL, url), stableStringify(params), body].join('\u0000');
}
