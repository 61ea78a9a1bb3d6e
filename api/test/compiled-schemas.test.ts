/**
 * The compiled-schema cache: an app built from cached code validates and serializes exactly as one
 * that compiled its schemas, a changed schema gets an entry of its own, and a second build in the
 * directory compiles nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { cachedSchemaCompilers } from '../src/lib/compiled-schemas';

const Item = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  note: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
});

async function appWith(directory: string | undefined, maxTags = 3): Promise<FastifyInstance> {
  const app = Fastify(directory ? { schemaController: { compilersFactory: cachedSchemaCompilers(directory) } } : {});
  app.post(
    '/items',
    {
      schema: {
        body: Type.Object({ id: Type.Integer({ minimum: 1 }), tags: Type.Array(Type.String(), { maxItems: maxTags }) }),
        querystring: Type.Object({ since: Type.Optional(Type.String({ format: 'date-time' })) }),
        response: { 200: Item },
      },
    },
    async (request) => {
      const body = request.body as { id: number; tags: string[] };
      // `secret` is not in the response schema: the serializer leaves it out.
      return { id: body.id, at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), note: body.id > 1 ? 'two' : null, tags: body.tags, secret: 'x' };
    },
  );
  await app.ready();
  return app;
}

const requests = [
  { url: '/items', payload: { id: 1, tags: ['a'] } },
  { url: '/items?since=2026-01-01T00:00:00Z', payload: { id: 2, tags: [] } },
  { url: '/items?since=yesterday', payload: { id: 2, tags: [] } },
  { url: '/items', payload: { id: 0, tags: ['a'] } },
  { url: '/items', payload: { id: 1, tags: ['a', 'b', 'c', 'd'] } },
  { url: '/items', payload: { tags: 'a' } },
];

async function answers(app: FastifyInstance): Promise<Array<{ status: number; body: string }>> {
  const out = [];
  for (const r of requests) {
    const response = await app.inject({ method: 'POST', ...r });
    out.push({ status: response.statusCode, body: response.body });
  }
  await app.close();
  return out;
}

describe('compiled-schema cache', () => {
  let directory: string;
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-schemas-'));
  });
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

  const entries = () => fs.readdirSync(directory).sort();

  it('answers like compiled schemas, from a first build and from cached code', async () => {
    const expected = await answers(await appWith(undefined));
    expect(expected.map((a) => a.status)).toEqual([200, 200, 400, 400, 400, 400]);
    expect(JSON.parse(expected[0]!.body)).toEqual({ id: 1, at: '2026-01-02T03:04:05.000Z', note: null, tags: ['a'] });

    expect(await answers(await appWith(directory))).toEqual(expected);
    const written = entries();
    // body + querystring validators, the 200 serializer
    expect(written.filter((f) => f.startsWith('validator-'))).toHaveLength(2);
    expect(written.filter((f) => f.startsWith('serializer-'))).toHaveLength(1);
    expect(written.some((f) => f.endsWith('.tmp'))).toBe(false);

    const stamps = written.map((f) => fs.statSync(path.join(directory, f)).mtimeMs);
    expect(await answers(await appWith(directory))).toEqual(expected);
    expect(entries()).toEqual(written);
    expect(written.map((f) => fs.statSync(path.join(directory, f)).mtimeMs)).toEqual(stamps);
  });

  it('gives a changed schema an entry of its own and applies it', async () => {
    await answers(await appWith(directory, 3));
    const before = entries();
    const app = await appWith(directory, 5);
    const response = await app.inject({ method: 'POST', url: '/items', payload: { id: 1, tags: ['a', 'b', 'c', 'd'] } });
    await app.close();
    expect(response.statusCode).toBe(200);
    const after = entries();
    expect(after).toHaveLength(before.length + 1);
    expect(after).toEqual(expect.arrayContaining(before));
  });
});
