// Types of product.js (CommonJS JavaScript, so that the .mjs bench script imports it as it is).
import type { Browser, BrowserContext } from 'playwright-core';

/** Repository root. */
export const ROOT: string;
export const API_SERVER: string;
/** What `npm run build` makes that the product needs (paths from the root). */
export const BUILD_OUTPUTS: readonly string[];
/** The build outputs (paths from the root) that are missing. */
export function missingBuilds(files?: readonly string[]): string[];
/** Throws a clear message when a build output is missing (the tests never build the product). */
export function requireBuilt(files?: readonly string[]): void;

export const CHROMIUM_PATH: string;
export const LAUNCH_ARGS: readonly string[];
/** Headless Chromium from the system (never a downloaded browser). */
export function launchBrowser(): Promise<Browser>;
/**
 * A browser with a profile on disk: closing it and launching it again on the same folder is a
 * browser restart (localStorage survives, sessionStorage does not).
 */
export function launchPersistent(userDataDir: string, baseURL?: string): Promise<BrowserContext>;

/** The port range the browser tests may use. */
export const PORT_MIN: number;
export const PORT_MAX: number;
/** A free TCP port in 18120-18199, starting at a random place so parallel runs rarely collide. */
export function getFreePort(): Promise<number>;
/** Lets a port handed out by getFreePort be handed out again. */
export function releasePort(port: number): void;

export interface StartApiOptions {
  /** Extra environment for the API process (wins over the defaults); undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** Passed as REMOTES_MANIFEST (JSON text): `{ remote_articles: '<url of mf-manifest.json>', … }`. */
  remotesManifest?: Record<string, string>;
  /** An existing DATA_DIR to use (kept on stop); default a fresh temp folder (removed on stop). */
  dataDir?: string;
  /** Port to listen on (from getFreePort()); default a free port in 18120-18199. */
  port?: number;
  /** How long to wait for GET /api/health (default 90 s). */
  timeoutMs?: number;
}

export interface ApiServer {
  /** Origin, e.g. http://127.0.0.1:18123 (no trailing slash). */
  url: string;
  port: number;
  dataDir: string;
  /** stdout + stderr of the process so far. */
  logs(): string;
  /** Stops the process (SIGTERM, SIGKILL after 10 s); answers its exit code (null when killed by a signal). */
  stop(): Promise<number | null>;
}

/**
 * Starts the production API (`node api/dist/server.js`), which also serves shell/dist and the
 * remotes' dist folders on the same origin, in demo mode on PGlite in a fresh temp DATA_DIR (a copy
 * of E2E_TEMPLATE_DATA_DIR when global-setup.js prepared one).
 */
export function startApi(options?: StartApiOptions): Promise<ApiServer>;
