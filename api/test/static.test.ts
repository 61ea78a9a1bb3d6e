import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { cacheControlFor } from '../src/plugins/static';
import { provisionDatabase, type ProvisionedDatabase } from './database-env';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function write(root: string, file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await fs.writeFile(path.join(root, file), content);
}

describe('serving the front ends', () => {
  let root: string;
  let database: ProvisionedDatabase;
  const apps: FastifyInstance[] = [];

  let defaultApp: Promise<FastifyInstance> | undefined;

  async function build(config: Partial<AppConfig>): Promise<FastifyInstance> {
    const app = await buildApp({ config: { ...database.config, staticRoot: root, ...config }, logger: false });
    await app.ready();
    return app;
  }

  /** An app with its own configuration (closed after the test), or the file's default one (built once). */
  async function start(config?: Partial<AppConfig>): Promise<FastifyInstance> {
    if (!config) {
      defaultApp ??= build({});
      return defaultApp;
    }
    const app = await build(config);
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await provisionDatabase('pglite');
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'newsdesk-static-'));
    await write(root, 'shell/dist/index.html', '<!doctype html><title>Newsdesk</title><div id="root"></div>');
    await write(root, 'shell/dist/main.3f9a1c2b.js', 'console.log("shell")');
    await write(root, 'shell/dist/favicon.ico', 'icon');
    await write(root, 'remote-articles/dist/mf-manifest.json', '{"name":"remote_articles"}');
    await write(root, 'remote-articles/dist/remoteEntry.js', 'var remote_articles;');
    await write(root, 'remote-articles/dist/412.a1b2c3d4e5.js', 'chunk');
    await write(root, 'remote-importers/dist/remoteEntry.js', 'var remote_importers;');
    // remote-categories exists but is not built: skipped quietly.
    await write(root, 'remote-categories/package.json', '{}');
  });

  afterEach(async () => {
    while (apps.length) await apps.pop()?.close();
  });

  afterAll(async () => {
    await (await defaultApp)?.close();
    await fs.rm(root, { recursive: true, force: true });
    await database.dispose();
  });

  it('serves the shell at / with no-cache', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable, others as no-cache', async () => {
    const app = await start();
    const hashed = await app.inject({ method: 'GET', url: '/main.3f9a1c2b.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with index.html (SPA fallback) for HTML navigations only', async () => {
    const app = await start();
    for (const url of ['/articles', '/import/edit/3', '/login?next=%2Fimport']) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({
      code: 404,
      data: { error: 'route_not_found', params: { method: 'GET', path: '/missing.js' } },
      message: 'Not found: GET /missing.js',
    });
    const post = await app.inject({ method: 'POST', url: '/articles', headers: HTML });
    expect(post.statusCode).toBe(404);
  });

  it('never answers /api, /cron or /remotes with the SPA', async () => {
    const app = await start();
    for (const url of ['/api/nothing', '/cron/nothing', '/remotes/remote-articles/missing.js', '/remotes/unknown/x']) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
    }
  });

  it('serves remote builds under /remotes/<folder>/ with CORS and the cache rules', async () => {
    const app = await start();
    const manifest = await app.inject({ method: 'GET', url: '/remotes/remote-articles/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await app.inject({ method: 'GET', url: '/remotes/remote-articles/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    const chunk = await app.inject({ method: 'GET', url: '/remotes/remote-articles/412.a1b2c3d4e5.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/remotes/remote-importers/remoteEntry.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/remotes/remote-categories/remoteEntry.js' })).statusCode).toBe(404);
  });

  it('keeps the API working when nothing is built', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'newsdesk-static-empty-'));
    try {
      const app = await start({ staticRoot: empty });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const home = await app.inject({ method: 'GET', url: '/', headers: HTML });
      expect(home.statusCode).toBe(404);
      expect(home.json().code).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);
    } finally {
      await fs.rm(empty, { recursive: true, force: true });
    }
  });

  describe('/remotes.json', () => {
    const DEFAULTS = {
      remote_articles: '/remotes/remote-articles/mf-manifest.json',
      remote_categories: '/remotes/remote-categories/mf-manifest.json',
      remote_importers: '/remotes/remote-importers/mf-manifest.json',
      remote_admin: '/remotes/remote-admin/mf-manifest.json',
      remote_desk: '/remotes/remote-desk/mf-manifest.json',
    };

    it('lists the default remotes, uncached, without a session', async () => {
      const app = await start();
      const response = await app.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toEqual(DEFAULTS);
    });

    it('merges REMOTES_MANIFEST over the defaults (null removes an entry)', async () => {
      const app = await start({
        remotesManifest: { remote_articles: 'https://cdn.example/articles/mf-manifest.json', remote_importers: null },
      });
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
        remote_articles: 'https://cdn.example/articles/mf-manifest.json',
        remote_categories: DEFAULTS.remote_categories,
        remote_admin: DEFAULTS.remote_admin,
        remote_desk: DEFAULTS.remote_desk,
      });
    });

    it('reads REMOTES_MANIFEST_FILE on every request, over REMOTES_MANIFEST', async () => {
      const file = path.join(root, 'remotes.override.json');
      await fs.writeFile(file, JSON.stringify({ remote_categories: 'http://localhost:3002/mf-manifest.json' }));
      const app = await start({
        remotesManifestFile: file,
        remotesManifest: { remote_categories: 'https://env.example/c.json', remote_articles: 'https://env.example/a.json' },
      });
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
        remote_articles: 'https://env.example/a.json',
        remote_categories: 'http://localhost:3002/mf-manifest.json',
        remote_importers: DEFAULTS.remote_importers,
        remote_admin: DEFAULTS.remote_admin,
        remote_desk: DEFAULTS.remote_desk,
      });
      await fs.writeFile(file, JSON.stringify({ remote_extra: '/remotes/remote-extra/mf-manifest.json' }));
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
        remote_articles: 'https://env.example/a.json',
        remote_categories: 'https://env.example/c.json',
        remote_importers: DEFAULTS.remote_importers,
        remote_admin: DEFAULTS.remote_admin,
        remote_desk: DEFAULTS.remote_desk,
        remote_extra: '/remotes/remote-extra/mf-manifest.json',
      });
    });

    it('falls back to the other sources when the file is missing or broken', async () => {
      const file = path.join(root, 'remotes.broken.json');
      await fs.writeFile(file, '{ not json');
      const app = await start({ remotesManifestFile: file });
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual(DEFAULTS);
      await fs.rm(file);
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual(DEFAULTS);
    });
  });

  it('picks cache headers by file name', () => {
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/vendors.0123abcd.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/styles-0123abcd89.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/main.js')).toBe('no-cache');
  });
});
