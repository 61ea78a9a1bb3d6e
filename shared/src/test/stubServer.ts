// Test-only network stub: an axios adapter answering from a route table. No real server.
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { resetApi } from '../http/api';
import { http, resetHttp } from '../http/client';
import { resetLoading } from '../loading';
import { resetSession } from '../session/store';
import { resetToasts } from '../toast';
import { configureShared } from '../config';

export interface StubReply {
  status?: number;
  statusText?: string;
  /** Sent as JSON text (axios parses it) unless already a string. */
  data?: unknown;
  /** No response at all (connection refused, offline). */
  networkError?: boolean;
}

/** `params`: the values of the route's `:name` segments (`/api/thing/:id` answering `/api/thing/5` gets `{ id: '5' }`). */
export type StubHandler = (config: InternalAxiosRequestConfig, params: Record<string, string>) => StubReply | Promise<StubReply>;

interface Route {
  method: string;
  path: string;
  /** The path's `:name` segments, matched against a request's path (null: the path as it is). */
  params: RegExp | null;
  handler: StubHandler;
}

/** A route path with `:name` segments as a pattern of whole paths; null for a plain path. */
function paramsPattern(path: string): RegExp | null {
  if (!path.includes('/:')) return null;
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}$`);
}

function match(route: Route, method: string | undefined, path: string): Record<string, string> | null {
  if (route.method !== method) return null;
  if (!route.params) return route.path === path ? {} : null;
  const found = route.params.exec(path);
  return found ? Object.fromEntries(Object.entries(found.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)])) : null;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export const ok = <T>(data: T, extra: Record<string, unknown> = {}): StubReply => ({
  status: 200,
  data: { code: 200, data, message: '', ...extra },
});

/** An error envelope; `data` carries the API's machine code (`{ error, field, params }`) when it sends one. */
export const fail = (code: number, message = '', httpStatus = code, statusText = '', data: unknown = null): StubReply => ({
  status: httpStatus,
  statusText,
  data: { code, data, message },
});

/** A route's handler answering these replies in turn, the last one from then on (a reload answered anew). */
export function inTurn(...replies: [StubReply, ...StubReply[]]): StubHandler {
  let asked = 0;
  return () => replies[Math.min(asked++, replies.length - 1)]!;
}

/** Wait until pending promise callbacks (interceptors, adapters) have run. */
export async function flush(times = 10): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
}

export class StubServer {
  readonly calls: InternalAxiosRequestConfig[] = [];
  private routes: Route[] = [];

  on(method: string, path: string, reply: StubReply | StubHandler): this {
    const handler = typeof reply === 'function' ? reply : () => reply;
    this.routes.unshift({ method: method.toLowerCase(), path, params: paramsPattern(path), handler });
    return this;
  }

  /** The requests to a route in order; `path` may have `:name` segments like a route's. */
  callsTo(method: string, path: string): InternalAxiosRequestConfig[] {
    const route: Route = { method: method.toLowerCase(), path, params: paramsPattern(path), handler: () => ({}) };
    return this.calls.filter((c) => match(route, c.method, pathOf(c)) !== null);
  }

  /**
   * The bodies sent to a route, in order, as the server reads them: JSON parsed, a form body as an
   * object of its fields (a repeated field as a list of its values), anything else as sent.
   */
  bodies(method: string, path: string): unknown[] {
    return this.callsTo(method, path).map(bodyOf);
  }

  readonly adapter: AxiosAdapter = async (config) => {
    this.calls.push(config);
    const path = pathOf(config);
    let reply: StubReply = { status: 404, statusText: 'Not Found', data: { code: 404, data: null, message: 'Not found' } };
    for (const route of this.routes) {
      const params = match(route, config.method, path);
      if (params) {
        reply = await route.handler(config, params);
        break;
      }
    }
    if (reply.networkError) {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: typeof reply.data === 'string' ? reply.data : JSON.stringify(reply.data ?? null),
      status,
      statusText: reply.statusText ?? '',
      headers: { 'content-type': 'application/json' },
      config,
      request: {},
    };
    const valid = config.validateStatus ? config.validateStatus(status) : true;
    if (valid) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
}

function bodyOf(config: InternalAxiosRequestConfig): unknown {
  const { data } = config;
  if (typeof data !== 'string') return data;
  if (!String(header(config, 'Content-Type')).includes('application/x-www-form-urlencoded')) return JSON.parse(data) as unknown;
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(data)) {
    const before = fields[key];
    fields[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return fields;
}

function pathOf(config: InternalAxiosRequestConfig): string {
  const base = config.baseURL ?? '';
  const url = config.url ?? '';
  const full = /^https?:\/\//.test(url) ? url : `${base}${url}`;
  return new URL(full, 'http://localhost').pathname;
}

/** Fresh kernel state + a stub server plugged into `http`. */
export function setupStub(): StubServer {
  resetSession();
  resetToasts();
  resetLoading();
  resetHttp();
  resetApi();
  window.localStorage.clear();
  window.sessionStorage.clear();
  configureShared({});
  const server = new StubServer();
  http.defaults.adapter = server.adapter;
  return server;
}

export function header(config: InternalAxiosRequestConfig, name: string): string | undefined {
  const value = config.headers.get(name);
  return value == null ? undefined : String(value);
}
