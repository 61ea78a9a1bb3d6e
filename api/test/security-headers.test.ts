import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { contentSecurityPolicy, remoteOrigins } from '../src/plugins/static';
import { provisionDatabase, type ProvisionedDatabase } from './database-env';
import { png, upload } from './article-edit-fixtures';
import { signInTo, type TestContext } from './helpers';
import { openEventStream } from './presence-stream';

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
    await fs.writeFile(path.join(root, 'shell/dist/main.3f9a1c2b.js'), 'console.log("shell")');
    await fs.writeFile(path.join(root, 'shell/dist/favicon.ico'), 'icon');
    await fs.mkdir(path.join(root, 'remote-articles/dist'), { recursive: true });
    await fs.writeFile(path.join(root, 'remote-articles/dist/remoteEntry.js'), 'var remote_articles;');
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

  describe('every answer carries its side’s policy, revalidated (304) or not, and on errors', () => {
    // A browser merges the headers of a 304 into the cached response: a document revalidated with
    // the API's policy would run with it (every script blocked, a blank page).
    const isShellPolicy = (csp: unknown) => /script-src 'self'/.test(String(csp));
    const isApiPolicy = (csp: unknown) => String(csp).startsWith("default-src 'none'");
    type Answer = { statusCode: number; headers: Record<string, unknown> };
    /** The first answer, then the same request revalidated with its validators (ETag, Last-Modified). */
    async function answers(url: string, headers: Record<string, string> = {}): Promise<Answer[]> {
      const first = await app.inject({ method: 'GET', url, headers });
      const etag = first.headers.etag;
      const modified = first.headers['last-modified'];
      const again: Answer[] = [];
      if (typeof etag === 'string') again.push(await app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } }));
      if (typeof modified === 'string') {
        again.push(await app.inject({ method: 'GET', url, headers: { ...headers, 'if-modified-since': modified } }));
      }
      return [first, ...again];
    }

    it('the shell: documents, scripts, images, the manifest and its errors, 200 and 304 alike', async () => {
      const cases: [string, Record<string, string>, number[]][] = [
        ['/', { accept: 'text/html' }, [200, 304, 304]],
        ['/index.html', { accept: 'text/html' }, [200, 304, 304]],
        ['/articles/5', { accept: 'text/html' }, [200]],
        ['/main.3f9a1c2b.js', { accept: '*/*' }, [200, 304, 304]],
        ['/favicon.ico', { accept: 'image/*' }, [200, 304, 304]],
        ['/remotes/remote-articles/remoteEntry.js', { accept: '*/*' }, [200, 304, 304]],
        ['/remotes.json', { accept: 'application/json' }, [200]],
        ['/missing.js', { accept: '*/*' }, [404]],
        ['/remotes/remote-articles/missing.js', { accept: 'text/html' }, [404]],
      ];
      for (const [url, headers, statuses] of cases) {
        const got = await answers(url, headers);
        expect({ url, statuses: got.map((answer) => answer.statusCode) }).toEqual({ url, statuses });
        for (const answer of got) {
          expectCommonHeaders(answer.headers);
          expect({ url, status: answer.statusCode, shell: isShellPolicy(answer.headers['content-security-policy']) }).toEqual({
            url,
            status: answer.statusCode,
            shell: true,
          });
        }
      }
    });

    it('the API: calls, images, the event stream and errors keep the API’s policy, 200 and 304 alike', async () => {
      const token = await signInTo(app, 'admin');
      const image = await upload({ inject: (options) => app.inject(options) } as TestContext, token, '', await png(20, 20));
      const cases: [string, Record<string, string>, number[]][] = [
        ['/api/health', {}, [200]],
        ['/api/v2/user', { authentication: token }, [200]],
        ['/api/v2/user', { accept: 'text/html' }, [401]],
        [`/api/image/${image.id}`, { accept: 'image/*' }, [200, 304]],
        [`/api/image/${image.id}/thumb`, { accept: 'image/*' }, [200, 304]],
        ['/api/image/999999', { accept: 'image/*' }, [404]],
        ['/api/nothing', { accept: 'text/html' }, [404]],
        ['/cron/nothing', { accept: 'text/html' }, [404]],
      ];
      for (const [url, headers, statuses] of cases) {
        const got = await answers(url, headers);
        expect({ url, statuses: got.map((answer) => answer.statusCode) }).toEqual({ url, statuses });
        for (const answer of got) {
          expect({ url, status: answer.statusCode, api: isApiPolicy(answer.headers['content-security-policy']) }).toEqual({
            url,
            status: answer.statusCode,
            api: true,
          });
        }
      }
      const stream = await openEventStream(app, token);
      try {
        expect(stream.status).toBe(200);
        expect(isApiPolicy(stream.headers.get('content-security-policy'))).toBe(true);
      } finally {
        stream.close();
      }
    });
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
