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
  }
}

export const AUTH_HEADER = 'AUTHENTICATION';
const COUNTED_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const SESSION_PATH = /\/api\/v2\/session(?:[?#]|$)/;
const WRAPPED = Symbol('newsdesk.sharedAdapter');
/** Set on the response copies handed to callers whose request was shared with an identical one. */
export const SHARED_RESPONSE = Symbol('newsdesk.sharedResponse');

/** The one axios instance of the application. */
export const http: AxiosInstance = axios.create({ baseURL: '' });

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

const inFlight = new Map<string, Promise<AxiosResponse>>();

function copyFor(config: InternalAxiosRequestConfig, shared: boolean) {
  return (response: AxiosResponse): AxiosResponse => {
    const copy: AxiosResponse = { ...response, config };
    if (shared) Object.defineProperty(copy, SHARED_RESPONSE, { value: true });
    return copy;
  };
}

function wrapAdapter(inner: AxiosRequestConfig['adapter']): AxiosAdapter {
  if (typeof inner === 'function' && (inner as { [WRAPPED]?: boolean })[WRAPPED]) return inner;

  const shared: AxiosAdapter = (config) => {
    const method = (config.method ?? 'get').toLowerCase();
    const key = config.dedupe === false ? null : requestKey(config);
    const running = key === null ? undefined : inFlight.get(key);
    if (running) return running.then(copyFor(config, true));

    const end = COUNTED_METHODS.has(method) ? loading.start() : () => undefined;
    const sent: Promise<AxiosResponse> = Promise.resolve()
      .then(() => axios.getAdapter(inner ?? http.defaults.adapter, config)(config))
      .finally(() => {
        if (key !== null && inFlight.get(key) === sent) inFlight.delete(key);
        end();
      });
    if (key !== null) inFlight.set(key, sent);
    return sent.then(copyFor(config, false));
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
