/** A feed server on loopback for the import tests: real-world fixtures and hostile feeds. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import type { TestContext } from './helpers';

/** Feeds written by others (real-world/, with their LICENSE) and feeds written here per fidelity class (fidelity/). */
export const FEED_CORPUS = path.join(__dirname, 'fixtures', 'feeds');
export const FIXTURES = path.join(FEED_CORPUS, 'real-world');

export function realWorldFeeds(): string[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((name) => !name.startsWith('LICENSE'))
    .sort();
}

export function rssFeed(
  items: Array<{ guid?: string; title: string; link?: string; description?: string; extra?: string; pubDate?: string }>,
  title = 'Loopback News',
): string {
  const body = items
    .map(
      (i) =>
        `<item><title>${i.title}</title>${i.link ? `<link>${i.link}</link>` : ''}${i.guid ? `<guid isPermaLink="false">${i.guid}</guid>` : ''}` +
        `<pubDate>${i.pubDate ?? 'Fri, 01 Mar 2024 10:00:00 GMT'}</pubDate><description><![CDATA[${i.description ?? `<p>${i.title}</p>`}]]></description>${i.extra ?? ''}</item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>${title}</title><link>https://loopback.example/</link><description>d</description>${body}</channel></rss>`;
}

const BILLION_LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">' +
  '<!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">]><rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title></item></channel></rss>';

export interface FeedServer {
  url(pathname: string): string;
  hits(pathname: string): number;
  /** Replace what a dynamic path serves (text, or the bytes of an image). */
  set(pathname: string, body: string | Buffer, contentType?: string): void;
  close(): Promise<void>;
}

/**
 * The feed server of a suite: started before its tests, closed after them. With `withoutImporters`
 * the suite starts from no importers (the demo data's would join the group runs).
 */
export function suiteFeedServer(ctx: TestContext, options: { withoutImporters?: boolean } = {}): FeedServer {
  let server: FeedServer | undefined;
  beforeAll(async () => {
    server = await startFeedServer();
    if (options.withoutImporters) await ctx.app.db.deleteFrom('importers').execute();
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): FeedServer => {
    if (!server) throw new Error('The feed server starts in beforeAll');
    return server;
  };
  return {
    url: (pathname) => started().url(pathname),
    hits: (pathname) => started().hits(pathname),
    set: (pathname, body, contentType) => started().set(pathname, body, contentType),
    close: () => started().close(),
  };
}

export async function startFeedServer(): Promise<FeedServer> {
  const hits = new Map<string, number>();
  const dynamic = new Map<string, { body: string | Buffer; contentType: string }>();
  const sockets = new Set<Socket>();
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/rss+xml', ...headers });
      res.end(body);
    };
    if (p.startsWith('/fixtures/')) {
      // /fixtures/<name> is a real-world file, /fixtures/<folder>/<name> a file of that corpus folder;
      // ?type= overrides the Content-Type (charset probes).
      const relative = p.slice('/fixtures/'.length);
      const file = relative.includes('/') ? path.join(FEED_CORPUS, path.normalize(relative)) : path.join(FIXTURES, relative);
      if (!file.startsWith(FEED_CORPUS) || !fs.existsSync(file)) return send(404, 'no');
      const name = path.basename(file);
      const type =
        url.searchParams.get('type') ??
        (name.endsWith('.atom') ? 'application/atom+xml' : name.endsWith('.json') ? 'application/feed+json' : 'application/rss+xml');
      return send(200, fs.readFileSync(file), { 'content-type': type });
    }
    const dyn = dynamic.get(p);
    if (dyn) return send(200, dyn.body, { 'content-type': dyn.contentType });
    switch (p) {
      case '/etag.xml': {
        const etag = '"v1"';
        if (req.headers['if-none-match'] === etag) return send(304, '');
        return send(200, rssFeed([{ guid: 'e1', title: 'Etag one', link: 'https://loopback.example/e1' }]), {
          etag,
          'last-modified': 'Fri, 01 Mar 2024 10:00:00 GMT',
        });
      }
      case '/gzip.xml':
        return send(200, zlib.gzipSync(rssFeed([{ guid: 'z1', title: 'Zipped', link: 'https://loopback.example/z1' }])), {
          'content-encoding': 'gzip',
        });
      case '/brotli.xml':
        return send(200, zlib.brotliCompressSync(rssFeed([{ guid: 'b1', title: 'Brotli', link: 'https://loopback.example/b1' }])), {
          'content-encoding': 'br',
        });
      case '/latin1.xml':
        return send(
          200,
          iconv.encode(
            rssFeed([{ guid: 'l1', title: 'Caf\u00e9 cr\u00e8me', link: 'https://loopback.example/l1' }]).replace('UTF-8', 'ISO-8859-1'),
            'latin1',
          ),
          {
            'content-type': 'application/rss+xml',
          },
        );
      case '/json.json':
        return send(
          200,
          JSON.stringify({
            version: 'https://jsonfeed.org/version/1.1',
            title: 'J',
            items: [{ id: 'j1', url: 'https://loopback.example/j1', title: 'Json one', content_html: '<p>J</p>' }],
          }),
          { 'content-type': 'application/feed+json' },
        );
      case '/billion.xml':
        return send(200, BILLION_LAUGHS);
      case '/malformed.xml':
        // Items the forgiving parser finds but that hold nothing to import.
        return send(200, '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title><item></item><item> </item></channel>');
      case '/500':
        return send(500, 'boom');
      case '/endless': {
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const pump = () => {
          while (res.write(chunk)) {
            if (res.destroyed) return;
          }
          if (!res.destroyed) res.once('drain', pump);
        };
        res.write('<rss version="2.0"><channel><title>');
        pump();
        return;
      }
      case '/slow':
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<rss version="2.0"><channel>');
        return; // never ends
      case '/slow.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(Buffer.from([0xff, 0xd8, 0xff]));
        return; // never ends
      case '/redirect-private':
        return send(302, '', { location: 'http://10.0.0.1/feed.xml' });
      case '/redirect-metadata':
        return send(302, '', { location: 'http://169.254.169.254/latest/meta-data/' });
      case '/redirect-file':
        return send(302, '', { location: 'file:///etc/passwd' });
      case '/redirect-loop':
        return send(302, '', { location: `${base}/redirect-loop` });
      case '/redirect-ok':
        return send(301, '', { location: '/gzip.xml' });
      default:
        return send(404, 'not found');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (pathname) => `${base}${pathname}`,
    hits: (pathname) => hits.get(pathname) ?? 0,
    set: (pathname, body, contentType = 'application/rss+xml') => dynamic.set(pathname, { body, contentType }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
