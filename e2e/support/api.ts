import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_SERVER, ROOT, SHELL_DIST, requireBuilt } from './paths';
import { getFreePort, releasePort } from './ports';

export interface StartApiOptions {
  /** Extra environment for the API process (wins over the defaults below). */
  env?: Record<string, string | undefined>;
  /** Passed as REMOTES_MANIFEST (JSON text): `{ remote_articles: '<url of mf-manifest.json>', … }`. */
  remotesManifest?: Record<string, string>;
  /** An existing DATA_DIR to use (kept on stop); default a fresh temp folder (removed on stop). */
  dataDir?: string;
  /** Port to listen on (from getFreePort()); default a free port in 18120-18199. */
  port?: number;
  /** How long to wait for GET /api/health. */
  timeoutMs?: number;
}

export interface ApiServer {
  /** Origin, e.g. http://127.0.0.1:18123 (no trailing slash). */
  url: string;
  port: number;
  dataDir: string;
  /** stdout + stderr of the process so far. */
  logs(): string;
  stop(): Promise<void>;
}

const DEFAULT_TIMEOUT = 90_000;

async function waitForHealth(url: string, child: ChildProcess, logs: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`e2e: the API exited (${child.exitCode ?? child.signalCode}) before it was healthy.\n${logs()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`e2e: GET ${url}/api/health not OK after ${timeoutMs} ms (${lastError}).\n${logs()}`);
}

/**
 * Starts the production API (`node api/dist/server.js`), which also serves shell/dist and the
 * remotes' dist folders on the same origin, in demo mode on PGlite in a fresh temp DATA_DIR.
 */
export async function startApi(options: StartApiOptions = {}): Promise<ApiServer> {
  requireBuilt(API_SERVER, path.join(SHELL_DIST, 'index.html'));
  const port = options.port ?? (await getFreePort());
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-e2e-data-'));
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (ownDataDir && template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });

  const env: NodeJS.ProcessEnv = { ...process.env };
  // Always the embedded database, never a server that happens to be configured in the shell.
  delete env.DATABASE_URL;
  delete env.REMOTES_MANIFEST;
  delete env.REMOTES_MANIFEST_FILE;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NEWSDESK_DEMO: '1',
    // Imports run only when a test asks (GET /cron/…); a test can turn the scheduler on through options.env.
    IMPORT_SCHEDULER: '0',
    // Likewise the publishing job (issue 15): on only in the files that test it (with a short tick).
    PUBLISH_SCHEDULER: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.E2E_API_LOG_LEVEL || 'warn',
  });
  if (options.remotesManifest) env.REMOTES_MANIFEST = JSON.stringify(options.remotesManifest);
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }

  const child = spawn(process.execPath, [API_SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const append = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const logs = () => out;
  const url = `http://127.0.0.1:${port}`;

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    releasePort(port);
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, logs, options.timeoutMs ?? DEFAULT_TIMEOUT);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, dataDir, logs, stop };
}

/** Calls the API directly (no browser): the `{ code, data, message }` envelope and the HTTP status. */
export async function apiCall(
  base: string,
  method: string,
  url: string,
  body?: Record<string, string>,
  token?: string,
): Promise<{ status: number; body: { code: number; data: unknown; message: string } }> {
  const headers: Record<string, string> = {};
  if (token) headers.AUTHENTICATION = token;
  let payload: string | undefined;
  if (body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body).toString();
  }
  const res = await fetch(`${base}${url}`, { method, headers, body: payload });
  return { status: res.status, body: (await res.json()) as { code: number; data: unknown; message: string } };
}
