import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isHttpUrl } from 'contracts/rules/http-url';
import { parseRemotesManifest, type AppConfig } from '../config';

/** docs/ARCHITECTURE.md: remote name → folder of its build. */
export const KNOWN_REMOTES: Record<string, string> = {
  remote_articles: 'remote-articles',
  remote_categories: 'remote-categories',
  remote_importers: 'remote-importers',
  remote_admin: 'remote-admin',
  remote_desk: 'remote-desk',
};

const NO_CACHE_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);
/** A content hash in the file name: main.3f9a1c2b.js, 123.3f9a1c2b4d.chunk.js, style-3f9a1c2b.css ... */
const HASHED = /[.-][0-9a-f]{8,}(?:\.chunk)?\.[a-z0-9]+(?:\.map)?$/i;

export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (!NO_CACHE_FILES.has(name) && HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** The API's and the cron calls' paths (everything else is the shell's and the remotes'). */
function isApiPath(pathname: string): boolean {
  return /^\/(api|cron)(\/|$)/.test(pathname);
}

/** Paths the SPA fallback never answers: they belong to the API, the cron calls or the remotes. */
function isReservedPath(pathname: string): boolean {
  return isApiPath(pathname) || /^\/remotes(\/|\.json$|$)/.test(pathname);
}

/** What the API's answers may do when opened as a page: nothing (no scripts, styles or frames). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The remotes manifest the shell loads: the defaults, merged with REMOTES_MANIFEST, then with
 * REMOTES_MANIFEST_FILE (read on every call, so a deployment can repoint remotes without a restart).
 */
export async function remotesManifest(config: AppConfig, request: FastifyRequest): Promise<Record<string, string>> {
  const manifest: Record<string, string | null> = {};
  for (const [name, folder] of Object.entries(KNOWN_REMOTES)) manifest[name] = `/remotes/${folder}/mf-manifest.json`;
  Object.assign(manifest, config.remotesManifest ?? {});
  if (config.remotesManifestFile) {
    try {
      const text = await fsp.readFile(config.remotesManifestFile, 'utf8');
      Object.assign(manifest, parseRemotesManifest(text, `REMOTES_MANIFEST_FILE (${config.remotesManifestFile})`));
    } catch (error) {
      request.log.error(
        { err: error, file: config.remotesManifestFile },
        'Cannot use REMOTES_MANIFEST_FILE; serving the remotes manifest without it',
      );
    }
  }
  return Object.fromEntries(Object.entries(manifest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The origins (scheme://host:port) of remotes served from elsewhere than this server. */
export function remoteOrigins(manifest: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(manifest)) {
    try {
      const parsed = new URL(url);
      if (isHttpUrl(parsed.href)) origins.add(parsed.origin);
    } catch {
      // A relative URL: served from here ('self').
    }
  }
  return [...origins].sort();
}

/**
 * The shell's Content-Security-Policy. Scripts, styles, fonts and fetches from this server and the
 * remotes' origins (the manifest may point a remote elsewhere: its remoteEntry, chunks and
 * mf-manifest.json load from there); inline styles, because antd's cssinjs injects <style> elements;
 * images also from data:/blob: (uploads previewed before saving) and any https address (article
 * images live on other sites); YouTube embeds in the preview; never framed, no plugins.
 */
export function contentSecurityPolicy(origins: string[]): string {
  const from = ["'self'", ...origins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${from}`,
    `connect-src ${from}`,
    `style-src ${from} 'unsafe-inline'`,
    `font-src ${from} data:`,
    "img-src 'self' data: blob: https:",
    'frame-src https://www.youtube.com https://www.youtube-nocookie.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface StaticPluginOptions {
  config: AppConfig;
}

/**
 * Serving (docs/ARCHITECTURE.md): shell/dist at / with the SPA fallback, each remote-*\/dist at
 * /remotes/<folder>/ (CORS *), and /remotes.json. Missing dist folders are skipped quietly.
 */
export default fp<StaticPluginOptions>(
  async (app, { config }) => {
    // GET /remotes.json: the defaults, merged with REMOTES_MANIFEST, then with REMOTES_MANIFEST_FILE
    // (read on every request, so a deployment can repoint remotes without a restart).
    app.get(
      '/remotes.json',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'The remotes manifest the shell loads at start',
          description:
            'Remote name → URL of its mf-manifest.json. Defaults to /remotes/<folder>/mf-manifest.json; ' +
            'REMOTES_MANIFEST (JSON text) and then REMOTES_MANIFEST_FILE (JSON file, read per request) are merged over it; a null entry removes a remote.',
          security: [],
        },
      },
      async (request, reply) => {
        const result = await remotesManifest(config, request);
        return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(result);
      },
    );

    // Every response: no MIME sniffing, no referrer beyond the origin, never framed (clickjacking).
    // The CSP is chosen by path, not by what the answer carries: a 304 has no content type, and the
    // browser merges its headers into the cached page, so a revalidated shell page must get the
    // shell's policy like its 200 (built per response: the manifest may change). The API's and the
    // cron calls' answers get the strict one; responses that set their own (the Swagger UI) keep it.
    app.addHook('onSend', async (request, reply, payload) => {
      void reply.header('x-content-type-options', 'nosniff');
      void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      void reply.header('x-frame-options', 'DENY');
      if (!reply.hasHeader('content-security-policy')) {
        const policy = isApiPath(request.url.split('?')[0] ?? '/')
          ? API_CONTENT_SECURITY_POLICY
          : contentSecurityPolicy(remoteOrigins(await remotesManifest(config, request)));
        void reply.header('content-security-policy', policy);
      }
      return payload;
    });

    const setHeaders = (reply: FastifyReply, file: string): void => {
      void reply.header('cache-control', cacheControlFor(file));
    };

    let decorated = false;
    const shellDist = path.join(config.staticRoot, 'shell', 'dist');
    if (isDirectory(shellDist)) {
      await app.register(fastifyStatic, {
        root: shellDist,
        prefix: '/',
        cacheControl: false,
        setHeaders,
        decorateReply: !decorated,
      });
      decorated = true;
      app.log.debug({ dir: shellDist }, 'Serving the shell');

      const indexFile = path.join(shellDist, 'index.html');
      // SPA fallback: an HTML navigation to a client route (/articles, /import/edit/3 ...) gets the shell.
      app.addNotFoundFallback(async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return false;
        const pathname = request.url.split('?')[0] ?? '/';
        if (isReservedPath(pathname)) return false;
        if (!String(request.headers.accept ?? '').includes('text/html')) return false;
        let html: Buffer;
        try {
          html = await fsp.readFile(indexFile);
        } catch {
          return false;
        }
        await reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
        return true;
      });
    }

    let folders: string[];
    try {
      folders = fs.readdirSync(config.staticRoot).filter((name) => /^remote-[a-z0-9-]+$/.test(name));
    } catch {
      folders = [];
    }
    for (const folder of folders.sort()) {
      const dist = path.join(config.staticRoot, folder, 'dist');
      if (!isDirectory(dist)) continue;
      await app.register(fastifyStatic, {
        root: dist,
        prefix: `/remotes/${folder}/`,
        cacheControl: false,
        decorateReply: !decorated,
        setHeaders: (reply, file) => {
          setHeaders(reply, file);
          void reply.header('access-control-allow-origin', '*');
        },
      });
      decorated = true;
      app.log.debug({ dir: dist }, `Serving ${folder}`);
    }
  },
  { name: 'static', dependencies: ['envelope'] },
);
