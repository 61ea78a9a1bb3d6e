import axios, { type AxiosRequestConfig } from 'axios';
import type { EnvelopeOf } from 'contracts/schemas/common';
import { apiErrorDataOf, apiErrorText, apiErrorTextsFor, sharedText } from '../i18n';
import type { SharedTextKey } from '../i18n/resources';
import { ApiError } from './ApiError';
import { cancelledRequest, http, isSessionCall } from './client';
import { requestKey } from './requestKey';
import { createSharedCalls } from './sharedCalls';

/**
 * Every API response body (spec section 7, the contract's envelope). `msg`, when present, is shown
 * as a success toast (the client's extension: the API sends none today).
 */
export type Envelope<T = unknown> = EnvelopeOf<T> & { msg?: string };

export interface ApiOptions {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `false`: send even when an identical request is in flight. */
  dedupe?: boolean;
  /** A background refresh: the loading overlay does not wait for it (see `background` in client.ts). */
  background?: boolean;
  /** Outlives the page: for a call made on pagehide (see `keepalive` in client.ts). */
  keepalive?: boolean;
}

export interface ApiPostOptions extends ApiOptions {
  /** Send the body as application/x-www-form-urlencoded instead of JSON. */
  form?: boolean;
}

function isEnvelope(body: unknown): body is Envelope {
  return !!body && typeof body === 'object' && 'code' in body;
}

function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('message' in body)) return undefined;
  const message = (body as { message: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * Turn any failure of a call into an ApiError with a message for the user (spec section 8):
 * - an envelope with a message: that message;
 * - session calls: otherwise the HTTP status text, else 'Server error' ('Network error' when no response came);
 * - other calls: otherwise the HTTP status text, else 'Internal server error'.
 * Cancellations are passed through unchanged (check them with `axios.isCancel`).
 */
export function toApiError(error: unknown, config?: AxiosRequestConfig): unknown {
  if (error instanceof ApiError || axios.isCancel(error)) return error;
  if (!axios.isAxiosError(error)) return error;
  const session = isSessionCall(config ?? error.config);
  const response = error.response;
  if (!response) {
    const key = session ? 'errors.networkError' : 'errors.internalServerError';
    return new ApiError(sharedText(key), 0, 0, undefined, { textKey: key });
  }
  const body: unknown = response.data;
  const code = isEnvelope(body) && Number.isFinite(Number(body.code)) ? Number(body.code) : response.status;
  const server = messageOf(body) ?? response.statusText?.trim();
  return codedError(
    body,
    code,
    response.status,
    server ? { text: server } : { key: session ? 'errors.serverError' : 'errors.internalServerError' },
  );
}

/**
 * An ApiError whose message is the user's language: the API's machine code translated
 * (contracts/errors/api-errors.json), else `fallback`: the server's text, or the key of the spec's default.
 */
function codedError(body: unknown, code: number, status: number, fallback: { text: string } | { key: SharedTextKey }): ApiError {
  const detail = apiErrorDataOf(body);
  if (detail) return new ApiError(apiErrorText(detail), code, status, body, detail);
  if ('key' in fallback) return new ApiError(sharedText(fallback.key), code, status, body, { textKey: fallback.key });
  return new ApiError(fallback.text, code, status, body);
}

/** ApiError for a response that arrived but is not a code-200 envelope. */
function envelopeError(body: unknown, status: number, session: boolean): ApiError {
  const code = isEnvelope(body) && Number.isFinite(Number(body.code)) ? Number(body.code) : status;
  const server = messageOf(body);
  return codedError(body, code, status, server ? { text: server } : { key: session ? 'errors.serverError' : 'errors.envelopeError' });
}

// A call identical to one still running joins it (spec section 5); each caller keeps its own signal,
// so one caller's abort never cancels the others (sharedCalls.ts).
const running = createSharedCalls<unknown>(() => cancelledRequest());

function shareRunning<T>(key: string | null, config: AxiosRequestConfig, start: (config: AxiosRequestConfig) => Promise<T>): Promise<T> {
  return running.join(key, config.signal as AbortSignal | undefined, (signal) => {
    const own: AxiosRequestConfig = { ...config };
    if (signal) own.signal = signal;
    else delete own.signal;
    return start(own);
  }) as Promise<T>;
}

function keyOf(config: AxiosRequestConfig, kind: string): string | null {
  if (config.dedupe === false) return null;
  const key = requestKey({
    method: config.method,
    baseURL: config.baseURL ?? http.defaults.baseURL,
    url: config.url,
    params: config.params,
    data: config.data,
  });
  if (key === null) return null;
  return config.background === true ? `${kind}\u0000background\u0000${key}` : `${kind}\u0000${key}`;
}

async function send<T>(config: AxiosRequestConfig): Promise<Envelope<T>> {
  let response;
  try {
    response = await http.request<unknown>(config);
  } catch (error) {
    // A coded error's texts come with the error catalogue, loaded by the first one (i18n/apiErrors.ts).
    if (axios.isAxiosError(error)) await apiErrorTextsFor(error.response?.data);
    throw toApiError(error, config);
  }
  const body = response.data;
  if (isEnvelope(body) && Number(body.code) === 200) return body as Envelope<T>;
  await apiErrorTextsFor(body);
  throw envelopeError(body, response.status, isSessionCall(config));
}

/** Send a request; resolves the whole envelope when its code is 200, otherwise throws ApiError. */
export function apiRequest<T = unknown>(config: AxiosRequestConfig): Promise<Envelope<T>> {
  return shareRunning(keyOf(config, 'envelope'), config, (own) => send<T>(own));
}

function dataOf<T>(config: AxiosRequestConfig): Promise<T> {
  return shareRunning(keyOf(config, 'data'), config, (own) => send<T>(own).then((envelope) => envelope.data));
}

function baseConfig(options: ApiOptions | undefined): AxiosRequestConfig {
  const config: AxiosRequestConfig = {};
  if (options?.params !== undefined) config.params = options.params;
  if (options?.headers !== undefined) config.headers = options.headers;
  if (options?.signal !== undefined) config.signal = options.signal;
  if (options?.dedupe !== undefined) config.dedupe = options.dedupe;
  if (options?.background !== undefined) config.background = options.background;
  if (options?.keepalive !== undefined) config.keepalive = options.keepalive;
  return config;
}

/** Encode a plain object as a form body. Arrays repeat the key; null/undefined are left out. */
export function toFormBody(body: unknown): URLSearchParams | string {
  if (body instanceof URLSearchParams || typeof body === 'string') return body;
  const form = new URLSearchParams();
  if (!body || typeof body !== 'object') return form;
  const append = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (value instanceof Date) form.append(key, value.toISOString());
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) value.forEach((item) => append(key, item));
    else append(key, value);
  }
  return form;
}

/** GET; resolves `envelope.data`. */
export function apiGet<T = unknown>(url: string, params?: Record<string, unknown>, options?: ApiOptions): Promise<T> {
  const config = { ...baseConfig(options), method: 'get', url };
  if (params !== undefined) config.params = params;
  return dataOf<T>(config);
}

/** POST (JSON, or a form body with `{ form: true }`); resolves `envelope.data`. */
export function apiPost<T = unknown>(url: string, body?: unknown, options?: ApiPostOptions): Promise<T> {
  const config: AxiosRequestConfig = { ...baseConfig(options), method: 'post', url };
  if (body !== undefined) config.data = options?.form ? toFormBody(body) : body;
  return dataOf<T>(config);
}

/** DELETE; resolves `envelope.data`. */
export function apiDelete<T = unknown>(url: string, options?: ApiOptions): Promise<T> {
  return dataOf<T>({ ...baseConfig(options), method: 'delete', url });
}

/** Test helper: forget calls in flight. Not part of the public API. */
export function resetApi(): void {
  running.clear();
}
