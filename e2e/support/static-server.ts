import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { getFreePort } from './product';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * How the server answers: `ok` serves the files; `script-error` answers every .js file with a
 * script that throws (a broken deployment); `http-500` answers everything with 500; `hang` holds
 * every request open without an answer (a hung host; `stop` drops them).
 */
export type StaticMode = 'ok' | 'script-error' | 'http-500' | 'hang';

export interface StaticServer {
  /** e.g. http://127.0.0.1:18150 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** The folder being served; change it to "redeploy" without restarting. */
  dir: string;
  mode: StaticMode;
  /** Paths requested so far (for assertions about what the browser fetched). */
  readonly requests: string[];
  readonly running: boolean;
  /** Starts (again) on the same port. */
  start(): Promise<void>;
  /** Stops listening and drops open connections: the browser gets connection refused. */
  stop(): Promise<void>;
}

/**
 * A tiny static file server with CORS `*` and `Cache-Control: no-cache`, to serve one remote's
 * dist on its own origin, as an independently deployed remote would be.
 * Paths are looked up in `dir`; a leading `/remotes/<folder>/` is also accepted.
 */
export async function serveStatic(dir: string, port?: number): Promise<StaticServer> {
  const thePort = port ?? (await getFreePort());
  let server: http.Server | null = null;
  const requests: string[] = [];

  const state = {
    dir,
    mode: 'ok' as StaticMode,
  };

  const handler: http.RequestListener = (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Cache-Control', 'no-cache');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (state.mode === 'hang') return;
    if (state.mode === 'http-500') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('e2e: deliberately broken');
      return;
    }
    const root = path.resolve(state.dir);
    const candidates = [pathname, pathname.replace(/^\/remotes\/[^/]+\//, '/')];
    for (const candidate of candidates) {
      const file = path.resolve(root, `.${candidate}`);
      if (!file.startsWith(root + path.sep)) continue;
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        continue;
      }
      if (!stat.isFile()) continue;
      const ext = path.extname(file);
      if (state.mode === 'script-error' && (ext === '.js' || ext === '.mjs')) {
        res.writeHead(200, { 'content-type': TYPES['.js']! });
        res.end('throw new Error("e2e: deliberately broken remote script");\n');
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'content-length': stat.size });
      if (req.method === 'HEAD') res.end();
      else fs.createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };

  const api: StaticServer = {
    get url() {
      return `http://127.0.0.1:${thePort}`;
    },
    port: thePort,
    get dir() {
      return state.dir;
    },
    set dir(value: string) {
      state.dir = value;
    },
    get mode() {
      return state.mode;
    },
    set mode(value: StaticMode) {
      state.mode = value;
    },
    requests,
    get running() {
      return server !== null;
    },
    async start() {
      if (server) return;
      const s = http.createServer(handler);
      s.keepAliveTimeout = 1000;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(thePort, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async stop() {
      const s = server;
      if (!s) return;
      server = null;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      s.closeAllConnections();
      await closed;
    },
  };
  await api.start();
  return api;
}
