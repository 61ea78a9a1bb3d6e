import axios, {
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { loading } from '../loading';
import { toast } from '../toast';
import { auth } from './authBridge';
import { fullPath, isAbsoluteUrl, requestKey } from './requestKey';
import { createSharedCalls } from './sharedCalls';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * `false`: always send, even when an identical request is in flight.
     * By default a request identical to a running one is not sent again; it shares the running one's outcome.
     */
    dedupe?: boolean;
    /**
     * Marks the session calls: a 401 is their answer (bad credentials, invalid token), not an expired
     * session, and the error fallback is 'Server error'. `/api/v2/session` is recognised without it.
     */
    sessionCall?: boolean;
    /**
     * A background refresh (a lock heartbeat, a release nobody waits for): not counted by the loading
     * indicator, so the overlay never covers the page for it. Never shared with a foreground request.
     */
    background?: boolean;
    /**
     * Sent so that it outlives the page (fetch `keepalive`): a call made while the page goes away
     * (pagehide), e.g. freeing an edit lock. Small bodies only (the browser's 64 KB limit).
     */
    keepalive?: boolean;
  }
}

export const AUTH_HEADER = 'AUTHENTICATION';
const COUNTED_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const SESSION_PATH = /\/api\/v2\/session(?:[?#]|$)/;
const WRAPPED = Symbol('newsdesk.sharedAdapter');
/** Set on the response copies handed to callers whose request was shared with an identical one. */
export const SHARED_RESPONSE = Symbol('newsdesk.sharedResponse');

/**
 * The one axios instance of the application. No XSRF cookie (the API takes its token in a header):
 * looking for one, axios reads the cookie store asynchronously, which held every request back by a
 * task or more (an article's GET started on the press of its row went out only after the click).
 */
export const http: AxiosInstance = axios.create({ baseURL: '', withXSRFToken: false });

export function isSessionCall(config: AxiosRequestConfig | undefined): boolean {
  if (!config) return false;
  return config.sessionCall === true || SESSION_PATH.test(config.url ?? '');
}

/** Same origin as the API (relative urls always are): only such requests get the token. */
function isApiRequest(config: AxiosRequestConfig): boolean {
  const url = fullPath(config.baseURL, config.url);
  if (!isAbsoluteUrl(url)) return true;
  try {
    const here = window.location.href;
    const apiOrigin = new URL(config.baseURL || '/', here).origin;
    return new URL(url, here).origin === apiOrigin;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Sharing identical requests + the loading counter. Done around whatever adapter the request
// would use (the default one, or a stub in tests), so every request through `http` gets it.

/** The cancellation a caller gets when its own signal aborts (what axios gives: `axios.isCancel` is true). */
export function cancelledRequest(config?: InternalAxiosRequestConfig): unknown {
  return new axios.CanceledError(undefined, undefined, config);
}

/** A request its caller cancelled: never an error to show (the caller moved on). */
export function isCancelledRequest(error: unknown): boolean {
  return axios.isCancel(error);
}

// Each caller keeps its own signal: aborting one caller never cancels the call the others wait on.
const inFlight = createSharedCalls<AxiosResponse>(() => cancelledRequest());

// The first copy handed out of a response runs the response interceptors' effects (toast, 401); the
// copies for the callers who shared it are marked, so those effects happen once.
const handedOut = new WeakSet<AxiosResponse>();

function copyFor(config: InternalAxiosRequestConfig, response: AxiosResponse): AxiosResponse {
  const copy: AxiosResponse = { ...response, config };
  if (handedOut.has(response)) Object.defineProperty(copy, SHARED_RESPONSE, { value: true });
  else handedOut.add(response);
  return copy;
}

function wrapAdapter(inner: AxiosRequestConfig['adapter']): AxiosAdapter {
  if (typeof inner === 'function' && (inner as { [WRAPPED]?: boolean })[WRAPPED]) return inner;

  const shared: AxiosAdapter = (config) => {
    const method = (config.method ?? 'get').toLowerCase();
    const background = config.background === true;
    const key = config.dedupe === false ? null : requestKey(config);
    const outcome = inFlight.join(
      key === null || !background ? key : `background\u0000${key}`,
      config.signal as AbortSignal | undefined,
      (signal) => {
        const end = COUNTED_METHODS.has(method) && !background ? loading.start() : () => undefined;
        const sent = { ...config, signal };
        return Promise.resolve()
          .then(() => axios.getAdapter(inner ?? http.defaults.adapter, sent)(sent))
          .finally(end);
      },
    );
    return outcome.then(
      (response) => copyFor(config, response),
      (error: unknown) => {
        throw axios.isCancel(error) ? cancelledRequest(config) : error;
      },
    );
  };
  Object.defineProperty(shared, WRAPPED, { value: true });
  return shared;
}

// Request interceptors run last-registered first: this one is registered first so it runs last,
// after every other interceptor has settled the final config.
http.interceptors.request.use((config) => {
  config.adapter = wrapAdapter(config.adapter);
  return config;
});

http.interceptors.request.use((config) => {
  if (!isApiRequest(config)) return config;
  const headers = AxiosHeaders.from(config.headers);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-cache');
  if (!headers.has('Pragma')) headers.set('Pragma', 'no-cache');
  const token = auth().getToken();
  const isLogin = (config.method ?? 'get').toLowerCase() === 'post' && isSessionCall(config);
  if (token && !isLogin && !headers.has(AUTH_HEADER)) headers.set(AUTH_HEADER, token);
  config.headers = headers;
  if (config.keepalive) {
    // Only fetch can outlive the page; an adapter of its own (the tests' stub) is kept.
    config.fetchOptions = { ...config.fetchOptions, keepalive: true };
    if (typeof config.adapter !== 'function') config.adapter = 'fetch';
  }
  return config;
});

function envelopeCode(body: unknown): number | undefined {
  if (body && typeof body === 'object' && 'code' in body) {
    const code = Number((body as { code: unknown }).code);
    return Number.isFinite(code) ? code : undefined;
  }
  return undefined;
}

function successMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('msg' in body)) return undefined;
  const msg = (body as { msg: unknown }).msg;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : undefined;
}

http.interceptors.response.use(
  (response) => {
    if ((response as { [SHARED_RESPONSE]?: boolean })[SHARED_RESPONSE]) return response;
    const code = envelopeCode(response.data);
    if (code === 401 && !isSessionCall(response.config)) auth().onUnauthorized();
    const msg = successMessage(response.data);
    if (msg !== undefined && (code === undefined || code === 200)) toast.success(msg);
    return response;
  },
  (error: unknown) => {
    if (axios.isAxiosError(error) && error.response && !isSessionCall(error.config)) {
      const status = error.response.status;
      if (status === 401 || envelopeCode(error.response.data) === 401) auth().onUnauthorized();
    }
    return Promise.reject(error);
  },
);

/** Test helper: forget requests in flight. Not part of the public API. */
export function resetHttp(): void {
  inFlight.clear();
}
