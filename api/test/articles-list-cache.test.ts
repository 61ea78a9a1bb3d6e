// The response cache of GET /api/portal/articles (LIST_CACHE_MS, lib/article-list-cache.ts): what it
// keeps, that any committed write shows at once (through the API, plain SQL, or another app on the
// same PostgreSQL database: the database's generation row, migration 0028), and that callers of
// different scope never share an entry.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { ArticleListCache } from '../src/lib/article-list-cache';
import { articlesRepository } from '../src/repositories/articles';
import { articleListGeneration } from '../src/repositories/article-list-generation';
import { list, post, tokens, userId } from './articles-fixtures';
import { body, describeEachDatabase, signInTo } from './helpers';

/** A stand-in for the database's generation row: `write()` is a commit of a writer. */
function generationRow() {
  let value = 1;
  return { read: async () => String(value), write: () => (value += 1) };
}

describe('ArticleListCache', () => {
  it('keeps a body until the generation moves, and with ttl 0 keeps nothing', async () => {
    const row = generationRow();
    const cache = new ArticleListCache({ ttlMs: 1000, generation: row.read });
    let runs = 0;
    const compute = async () => Buffer.from(`body ${++runs}`);
    expect(String(await cache.get('k', compute))).toBe('body 1');
    expect(String(await cache.get('k', compute))).toBe('body 1');
    expect(String(await cache.get('other', compute))).toBe('body 2');
    row.write();
    expect(String(await cache.get('k', compute))).toBe('body 3');
    const off = new ArticleListCache({ ttlMs: 0, generation: row.read });
    expect(off.active).toBe(false);
    expect(String(await off.get('k', compute))).toBe('body 4');
    expect(String(await off.get('k', compute))).toBe('body 5');
    cache.close();
  });

  it('does not keep a body computed while a write committed', async () => {
    const row = generationRow();
    const cache = new ArticleListCache({ ttlMs: 1000, generation: row.read });
    let runs = 0;
    const during = async () => {
      runs += 1;
      row.write(); // a writer commits while the list reads
      return Buffer.from(`body ${runs}`);
    };
    expect(String(await cache.get('k', during))).toBe('body 1');
    expect(String(await cache.get('k', async () => Buffer.from(`body ${++runs}`)))).toBe('body 2');
    expect(String(await cache.get('k', async () => Buffer.from(`body ${++runs}`)))).toBe('body 2');
    cache.close();
  });

  it('shares one computation between concurrent misses, and expires entries after ttl', async () => {
    const cache = new ArticleListCache({ ttlMs: 60, generation: generationRow().read });
    let runs = 0;
    const slow = () => new Promise<Buffer>((resolve) => setTimeout(() => resolve(Buffer.from(`body ${++runs}`)), 20));
    const answers = await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)]);
    expect(answers.map(String)).toEqual(['body 1', 'body 1', 'body 1']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(String(await cache.get('k', slow))).toBe('body 2');
    cache.close();
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

    it('shows a write no code path announced (plain SQL, a new writer) at once', async () => {
      const admin = await as('admin');
      const first = await list(ctx, admin, 'limit=5');
      const target = first.data[0] as { id: number; title: string };
      expect((await list(ctx, admin, 'limit=5')).data[0]).toMatchObject({ title: target.title }); // cached now
      const title = `Renamed for the cache test ${Date.now()}`;
      // Straight through the database handle the repositories use, as a writer added later would.
      await sql`update articles set title = ${title} where id = ${target.id}`.execute(ctx.app.db);
      expect((await list(ctx, admin, 'limit=5')).data.find((item) => item.id === target.id)).toMatchObject({ title });
      // A table beside the articles that the list shows (the category title) counts too.
      const before = await articleListGeneration(ctx.app.db);
      await sql`update categories set title = title where id = (select min(id) from categories)`.execute(ctx.app.db);
      expect(Number(await articleListGeneration(ctx.app.db))).toBe(Number(before) + 1);
    });

    it('moves the generation once per transaction, at its commit, and not for a rolled-back one', async () => {
      const before = Number(await articleListGeneration(ctx.app.db));
      await ctx.app.db.transaction().execute(async (trx) => {
        await sql`update articles set title = title where id in (select id from articles order by id limit 3)`.execute(trx);
        await sql`update users set name = name where id = (select min(id) from users)`.execute(trx);
        // Not yet: the bump is deferred to the commit.
        expect(Number(await articleListGeneration(trx))).toBe(before);
      });
      expect(Number(await articleListGeneration(ctx.app.db))).toBe(before + 1);
      await expect(
        ctx.app.db.transaction().execute(async (trx) => {
          await sql`update articles set title = title where id = (select min(id) from articles)`.execute(trx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(Number(await articleListGeneration(ctx.app.db))).toBe(before + 1);
    });

    it('sees a write of another app on the same PostgreSQL database at once', async () => {
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
        const read = async () =>
          body<Array<{ id: number; newsletter: number }>>(
            await other.inject({ method: 'GET', url: path, headers: { authentication: otherToken } }),
          );
        const target = (await read()).data[0] as { id: number; newsletter: number };
        await read(); // cached in the other app
        const toggled = await post(ctx, admin, '/api/portal/article/update', {
          id: target.id,
          field: 'newsletter',
          value: target.newsletter ? 0 : 1,
        });
        expect(toggled.statusCode).toBe(200);
        expect((await read()).data.find((item) => item.id === target.id)).toMatchObject({ newsletter: target.newsletter ? 0 : 1 });
      } finally {
        await other.close();
      }
    });
  },
  { config: { listCacheMs: 1000 } },
);
