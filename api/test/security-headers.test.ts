import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { contentSecurityPolicy, remoteOrigins } from '../src/plugins/static';
import { provisionDatabase, type ProvisionedDatabase } from './database-env';

/** Issue 11, defect 21: the shell and the API are served with a CSP and the other security headers. */
describe('security headers', () => {
  let root: string;
  let database: ProvisionedDatabase;
  let manifestFile: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await provisionDatabase('pglite');
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'newsdesk-headers-'));
    await fs.mkdir(path.join(root, 'shell/dist'), { recursive: true });
    await fs.writeFile(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Newsdesk</title>');
    manifestFile = path.join(root, 'remotes.json');
    await fs.writeFile(manifestFile, JSON.stringify({ remote_importers: 'https://cdn.example.com:8443/importers/mf-manifest.json' }));
    app = await buildApp({
      config: {
        ...database.config,
        staticRoot: root,
        remotesManifest: { remote_categories: 'http://localhost:3003/mf-manifest.json' },
        remotesManifestFile: manifestFile,
      },
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await fs.rm(root, { recursive: true, force: true });
  });

  const expectCommonHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  };

  it('the shell (index and SPA fallback) has a CSP allowing this server and the remotes’ origins from the manifest', async () => {
    for (const url of ['/', '/articles/5']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expectCommonHeaders(response.headers);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' http:\/\/localhost:3003 https:\/\/cdn\.example\.com:8443(;|$)/);
      expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:3003 https:\/\/cdn\.example\.com:8443(;|$)/);
      expect(csp).toContain("'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('the manifest file is read per response: a repointed remote is allowed at once', async () => {
    await fs.writeFile(manifestFile, JSON.stringify({ remote_importers: 'https://other.example.org/mf-manifest.json' }));
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(String(response.headers['content-security-policy'])).toContain('https://other.example.org');
    expect(String(response.headers['content-security-policy'])).not.toContain('cdn.example.com');
  });

  it('API answers (success and error) carry the headers too', async () => {
    for (const url of ['/api/health', '/api/v2/user', '/api/nothing']) {
      expectCommonHeaders((await app.inject({ method: 'GET', url })).headers);
    }
  });

  it('remoteOrigins keeps only absolute http(s) origins', () => {
    expect(
      remoteOrigins({
        a: '/remotes/a/mf-manifest.json',
        b: 'https://x.example/a/b.json',
        c: 'javascript:alert(1)',
        d: 'https://x.example/c',
      }),
    ).toEqual(['https://x.example']);
    expect(contentSecurityPolicy([])).toContain("script-src 'self';");
  });
});
