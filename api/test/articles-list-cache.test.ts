// The response cache of GET /api/portal/articles (LIST_CACHE_MS, lib/article-list-cache.ts): what it
// keeps, that a write in this process shows at once, that a write of another app on the same
// PostgreSQL database shows within the NOTIFY latency, and that callers of different scope never
// share an entry.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { articleGeneration, bumpArticleGeneration } from '../src/lib/article-generation';
import { ArticleListCache } from '../src/lib/article-list-cache';
import { articlesRepository } from '../src/repositories/articles';
import { list, post, tokens, userId } from './articles-fixtures';
import { body, describeEachDatabase, signInTo } from './helpers';

describe('ArticleListCache', () => {
  it('keeps a body until the generation moves, and with ttl 0 keeps nothing', async () => {
    const cache = new ArticleListCache({ ttlMs: 1000 });
    let runs = 0;
    const compute = async () => Buffer.from(`body ${++runs}`);
    expect(String(await cache.get('k', compute))).toBe('body 1');
    expect(String(await cache.get('k', compute))).toBe('body 1');
    expect(String(await cache.get('other', compute))).toBe('body 2');
    bumpArticleGeneration();
    expect(String(await cache.get('k', compute))).toBe('body 3');
    const off = new ArticleListCache({ ttlMs: 0 });
    expect(off.active).toBe(false);
    expect(String(await off.get('k', compute))).toBe('body 4');
    expect(String(await off.get('k', compute))).toBe('body 5');
    await cache.close();
  });

  it('does not keep a body computed while a write happened', async () => {
    const cache = new ArticleListCache({ ttlMs: 1000 });
    let runs = 0;
    const during = async () => {
      runs += 1;
      bumpArticleGeneration(); // a writer commits while the list reads
      return Buffer.from(`body ${runs}`);
    };
    expect(String(await cache.get('k', during))).toBe('body 1');
    expect(String(await cache.get('k', async () => Buffer.from(`body ${++runs}`)))).toBe('body 2');
    expect(String(await cache.get('k', async () => Buffer.from(`body ${++runs}`)))).toBe('body 2');
    await cache.close();
  });

  it('shares one computation between concurrent misses, and expires entries after ttl', async () => {
    const cache = new ArticleListCache({ ttlMs: 60 });
    let runs = 0;
    const slow = () => new Promise<Buffer>((resolve) => setTimeout(() => resolve(Buffer.from(`body ${++runs}`)), 20));
    const answers = await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)]);
    expect(answers.map(String)).toEqual(['body 1', 'body 1', 'body 1']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(String(await cache.get('k', slow))).toBe('body 2');
    await cache.close();
  });

  it('on PostgreSQL serves nothing until it listens', async () => {
    const cache = new ArticleListCache({ ttlMs: 1000, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
    expect(cache.active).toBe(false);
    await cache.close();
  });
});

describeEachDatabase(
  'GET /api/portal/articles with the list cache',
  (ctx) => {
    const as = tokens(ctx);
    afterEach(() => jest.restoreAllMocks());

    it('answers a repeated query from the cache, byte for byte', async () => {
      const token = await as('editor');
      const spy = jest.spyOn(articlesRepository, 'list');
      const first = await ctx.get('/api/portal/articles?limit=10&sort=title&sortDir=ASC', token);
      const second = await ctx.get('/api/portal/articles?limit=10&sort=title&sortDir=ASC', token);
      expect(first.statusCode).toBe(200);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.body).toBe(first.body);
      expect(spy).toHaveBeenCalledTimes(1);
      // Another page, order or filter is another entry.
      await ctx.get('/api/portal/articles?limit=10&sort=title&sortDir=DESC', token);
      await ctx.get('/api/portal/articles?limit=10&sort=title&sortDir=ASC&featured=1', token);
      expect(spy).toHaveBeenCalledTimes(3);
    });

    it('never gives one scope the page of another', async () => {
      const editor = await as('editor');
      const submitter = await as('submitter');
      const own = await userId(ctx, 'submitter');
      const all = await list(ctx, editor, 'limit=100');
      const mine = await list(ctx, submitter, 'limit=100');
      expect(mine.total).toBeLessThan(all.total);
      expect(mine.data.length).toBeGreaterThan(0);
      expect(mine.data.every((item) => item.createdBy === own)).toBe(true);
      // Filters still need the right, cache or not.
      expect((await ctx.get('/api/portal/articles?featured=1', submitter)).statusCode).toBe(403);
    });

    it('shows a toggle, a move to the trash and a purge in this process at once', async () => {
      const admin = await as('admin');
      const before = await list(ctx, admin, 'limit=5');
      const target = before.data[0] as { id: number; featured: number };
      const toggled = await post(ctx, admin, '/api/portal/article/update', {
        id: target.id,
        field: 'featured',
        value: target.featured === 1 ? 0 : 1,
      });
      expect(toggled.statusCode).toBe(200);
      const after = await list(ctx, admin, 'limit=5');
      expect(after.data[0]).toMatchObject({ id: target.id, featured: target.featured === 1 ? 0 : 1 });

      const trashed = await post(ctx, admin, '/api/portal/article/delete', { id: target.id });
      expect(trashed.statusCode).toBe(200);
      // The default list leaves the trash out at once; the status filter shows it there.
      const withoutTrashed = await list(ctx, admin, 'limit=5');
      expect(withoutTrashed.total).toBe(before.total - 1);
      expect(withoutTrashed.data[0]?.id).not.toBe(target.id);
      const trashBefore = await list(ctx, admin, 'limit=5&status=-2');
      expect(trashBefore.data[0]).toMatchObject({ id: target.id, state: -2 });
      const purged = await post(ctx, admin, '/api/portal/article/delete', { id: target.id });
      expect(purged.statusCode).toBe(200);
      const trashAfter = await list(ctx, admin, 'limit=5&status=-2');
      expect(trashAfter.total).toBe(trashBefore.total - 1);
      expect(trashAfter.data[0]?.id).not.toBe(target.id);
    });

    // PostgreSQL only (checked inside: the kind is known once the suite runs); PGlite is one process.
    it('sees a write of another app (or plain SQL) on the same PostgreSQL database within the NOTIFY latency', async () => {
      if (ctx.kind !== 'postgres') return;
      const other: FastifyInstance = await buildApp({
        config: { demo: false, sessionCacheSeconds: 0, ...ctx.database.config, listCacheMs: 1000 },
        logger: false,
      });
      try {
        await other.ready();
        const otherToken = await signInTo(other, 'admin');
        const admin = await as('admin');
        const path = '/api/portal/articles?limit=5';
        const first = body<Array<{ id: number; title: string }>>(
          await other.inject({ method: 'GET', url: path, headers: { authentication: otherToken } }),
        );
        const target = first.data[0] as { id: number; title: string };

        // A write through this app's API …
        const toggled = await post(ctx, admin, '/api/portal/article/update', { id: target.id, field: 'newsletter', value: 1 });
        expect(toggled.statusCode).toBe(200);
        // (Both apps share this process's generation, so that write invalidated the other app at once;
        // it caches the page again here, and only the NOTIFY can tell it of the next write.)
        const cached = body<Array<{ id: number; newsletter: number }>>(
          await other.inject({ method: 'GET', url: path, headers: { authentication: otherToken } }),
        );
        expect(cached.data.find((item) => item.id === target.id)).toMatchObject({ newsletter: 1 });
        // … then one in plain SQL (as psql or another process would), which bumps nothing in-process.
        const title = `Renamed for the cache test ${Date.now()}`;
        await sql`update articles set title = ${title} where id = ${target.id}`.execute(ctx.app.db);

        const started = Date.now();
        let seen: { title: string; newsletter: number } | undefined;
        // Well inside the 1000 ms TTL: only the NOTIFY can have invalidated the other app's entry.
        while (Date.now() - started < 500) {
          const page = body<Array<{ id: number; title: string; newsletter: number }>>(
            await other.inject({ method: 'GET', url: path, headers: { authentication: otherToken } }),
          );
          seen = page.data.find((item) => item.id === target.id);
          if (seen?.title === title) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(seen).toMatchObject({ title, newsletter: 1 });
        expect(first.data[0]?.title).not.toBe(title);
        expect(Date.now() - started).toBeLessThan(500);
      } finally {
        await other.close();
      }
    });

    it('counts every notified write as a new generation', async () => {
      if (ctx.kind !== 'postgres') return;
      const before = articleGeneration();
      await sql`update categories set title = title where id = (select min(id) from categories)`.execute(ctx.app.db);
      const started = Date.now();
      while (articleGeneration() === before && Date.now() - started < 1000) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(articleGeneration()).toBeGreaterThan(before);
    });
  },
  { config: { listCacheMs: 1000 } },
);
