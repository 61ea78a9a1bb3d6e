/**
 * Fetching a feed (undici): connect and total time-outs, a body cap (checked while streaming,
 * and again after decompression so a gzip bomb cannot get past it), redirects followed by hand
 * (at most 5, http/https only, every hop checked), conditional GET, gzip/deflate/br.
 *
 * SSRF: every hop's host is checked before connecting. An IP literal is checked directly; a host
 * name is resolved by the `lookup` the socket itself uses, which refuses the connection when any
 * address it resolves to is not allowed, so the address checked is the address connected to
 * (no DNS-rebinding gap between a check and a second resolution).
 */
import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';
import zlib from 'node:zlib';
import { Agent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import { isAddressAllowed, refusedAddressParams, type AddressPolicy } from '../../lib/address-guard';
import { ImportError } from './errors';
import { errorMessage } from 'contracts/rules/error-message';

export interface FetchOptions {
  policy: AddressPolicy;
  /** Refuse bodies larger than this (raw and decompressed), default 15 MiB. */
  maxBytes?: number;
  /** Time to establish the TCP/TLS connection of one hop, default 10 s. */
  connectTimeoutMs?: number;
  /** Time for the whole fetch (all hops, headers and body), default 30 s. */
  totalTimeoutMs?: number;
  /** Conditional GET validators from the previous successful fetch. */
  etag?: string | null;
  lastModified?: string | null;
  maxRedirects?: number;
  userAgent?: string;
  /** The Accept header (default: the feed types). */
  accept?: string;
}

export type FetchResult =
  | { notModified: true; url: string }
  | {
      notModified: false;
      /** The URL of the last hop. */
      url: string;
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    };

export const DEFAULT_MAX_BYTES = 15 * 1024 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

class RefusedAddress extends Error {
  constructor(readonly params: { where: string; range: string }) {
    super(`Refused to connect to ${params.where}`);
    this.name = 'RefusedAddress';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup replacement for net/tls.connect that refuses hosts resolving to disallowed addresses. */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => !isAddressAllowed(entry.address, policy));
      if (refused) return callback(new RefusedAddress(refusedAddressParams(hostname, refused.address)), []);
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function errnoCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Checks a URL before any connection: scheme, credentials, and (for IP literals) the address. */
export function checkUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImportError('bad_url', 'import_bad_url', { url: raw });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImportError('bad_url', 'import_url_scheme', { scheme: url.protocol.replace(/:$/, '') });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isAddressAllowed(host, policy)) {
    throw new ImportError('refused_address', 'import_refused_address', refusedAddressParams(host, host));
  }
  return url;
}

function decompress(body: Buffer, encoding: string | null, maxBytes: number): Buffer {
  const coding = (encoding ?? '').trim().toLowerCase();
  if (!coding || coding === 'identity') return body;
  const options = { maxOutputLength: maxBytes };
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.gunzipSync(body, options);
    if (coding === 'deflate') {
      // Servers send either zlib-wrapped or raw deflate under this name.
      try {
        return zlib.inflateSync(body, options);
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error;
        return zlib.inflateRawSync(body, options);
      }
    }
    if (coding === 'br') return zlib.brotliDecompressSync(body, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ImportError('too_large', 'import_too_large_decompressed', { size: formatBytes(maxBytes) });
    }
    throw new ImportError('malformed', 'import_compression_corrupt', { coding });
  }
  throw new ImportError('unsupported_format', 'import_content_encoding', { coding });
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

const DEFAULT_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

function requestHeaders(options: FetchOptions, firstHop: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    accept: options.accept ?? DEFAULT_ACCEPT,
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': options.userAgent ?? 'Newsdesk-Importer/1.0',
  };
  // Validators belong to the URL the importer stores, so only the first hop sends them.
  if (firstHop && options.etag) headers['if-none-match'] = options.etag;
  if (firstHop && options.lastModified) headers['if-modified-since'] = options.lastModified;
  return headers;
}

/** The body, refused past `maxBytes`. */
async function readBody(body: Dispatcher.ResponseData['body'], declared: number, maxBytes: number): Promise<Buffer> {
  // With a Content-Length the body is copied straight into one buffer of that size (memory:
  // collecting chunks and concatenating them briefly holds the body twice).
  let into: Buffer | null = Number.isFinite(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const piece = chunk as Buffer;
    if (size + piece.length > maxBytes) {
      body.destroy();
      throw new ImportError('too_large', 'import_too_large', { size: formatBytes(maxBytes) });
    }
    if (into && size + piece.length > into.length) {
      // More than declared (undici normally refuses that): fall back to collecting chunks.
      chunks.push(into.subarray(0, size));
      into = null;
    }
    if (into) piece.copy(into, size);
    else chunks.push(piece);
    size += piece.length;
  }
  return into ? into.subarray(0, size) : Buffer.concat(chunks, size);
}

/** What went wrong on the way, as the ImportError the run records (a plain message by code). */
function fetchFailure(error: unknown, timedOut: boolean, totalTimeoutMs: number): ImportError {
  if (error instanceof ImportError) return error;
  const refused = findCause(error, RefusedAddress);
  if (refused) return new ImportError('refused_address', 'import_refused_address', refused.params);
  const seconds = Math.round(totalTimeoutMs / 1000);
  if (timedOut) return new ImportError('timeout', 'import_timeout', { seconds });
  if (error instanceof undiciErrors.ConnectTimeoutError) return new ImportError('timeout', 'import_connect_timeout');
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new ImportError('timeout', 'import_timeout', { seconds });
  }
  const code = errnoCode(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ImportError('dns', 'import_dns');
  if (code === 'ECONNREFUSED') return new ImportError('connect', 'import_connection_refused');
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return new ImportError('connect', 'import_connection_closed');
  if (code && /^(CERT_|ERR_TLS|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/.test(code)) {
    return new ImportError('connect', 'import_tls_certificate', { code });
  }
  return new ImportError('connect', 'import_load_failed', { reason: errorMessage(error) }, { cause: error });
}

/** Fetches a feed; throws ImportError with a plain message on every failure. */
export async function fetchFeed(feedUrl: string, options: FetchOptions): Promise<FetchResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalTimeoutMs = options.totalTimeoutMs ?? 30_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, totalTimeoutMs);
  const agent = new Agent({
    connect: { timeout: options.connectTimeoutMs ?? 10_000, lookup: guardedLookup(options.policy) } as never,
    headersTimeout: totalTimeoutMs,
    bodyTimeout: totalTimeoutMs,
    // One fetch, one connection: nothing to keep alive between feeds.
    pipelining: 0,
  });

  try {
    let url = checkUrl(feedUrl, options.policy);
    for (let hop = 0; ; hop += 1) {
      const headers = requestHeaders(options, hop === 0);

      const response = await request(url, { method: 'GET', headers, dispatcher: agent, signal: controller.signal });
      const status = response.statusCode;
      if (REDIRECT_STATUSES.has(status)) {
        await response.body.dump().catch(() => undefined);
        const location = header(response.headers, 'location');
        if (!location) throw new ImportError('http_status', 'import_redirect_without_location', { status });
        if (hop + 1 > maxRedirects) throw new ImportError('too_many_redirects', 'import_too_many_redirects', { max: maxRedirects });
        url = checkUrl(new URL(location, url).toString(), options.policy);
        continue;
      }
      if (status === 304) {
        await response.body.dump().catch(() => undefined);
        return { notModified: true, url: url.toString() };
      }
      if (status < 200 || status >= 300) {
        await response.body.dump().catch(() => undefined);
        throw new ImportError('http_status', 'import_http_status', { status });
      }
      const declared = Number(header(response.headers, 'content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.body.destroy();
        throw new ImportError('too_large', 'import_too_large_declared', { size: formatBytes(maxBytes), declared: formatBytes(declared) });
      }
      const raw = await readBody(response.body, declared, maxBytes);
      return {
        notModified: false,
        url: url.toString(),
        body: decompress(raw, header(response.headers, 'content-encoding'), maxBytes),
        contentType: header(response.headers, 'content-type'),
        etag: header(response.headers, 'etag'),
        lastModified: header(response.headers, 'last-modified'),
      };
    }
  } catch (error) {
    throw fetchFailure(error, timedOut, totalTimeoutMs);
  } finally {
    clearTimeout(timer);
    agent.destroy().catch(() => undefined);
  }
}
