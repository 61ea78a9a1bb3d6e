/**
 * Issue 11, defect 19: every editable resource (authors, importers, categories) has the article's
 * protection against lost updates: the form sends the version it loaded, a stale save answers 409
 * with the current values in data.current, and the write is one guarded UPDATE. The concurrency
 * suite runs two writers, interleaved, changing different fields of one record for many rounds;
 * each writer on a 409 reloads and applies its change again (the UI's "reload"). 0 lost updates.
 * On PostgreSQL the two writers' requests really overlap (two pool connections).
 */
import type { LightMyRequestResponse } from 'fastify';
import { body, describeEachDatabase, type TestContext } from './helpers';

type Data = Record<string, any>;

const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 40);

interface Resource {
  name: string;
  /** Makes a record; returns its id. */
  create(ctx: TestContext, token: string): Promise<number>;
  load(ctx: TestContext, token: string, id: number): Promise<Data>;
  /** Saves the whole form as the UI does (values as loaded, with the writer's change). */
  save(ctx: TestContext, token: string, id: number, form: Data): Promise<LightMyRequestResponse>;
  /** Two different fields and the value each writer gives them in a round. */
  fields: [string, string];
  value(field: string, round: number): unknown;
  read(record: Data, field: string): unknown;
}

let creatorId = 0;

const RESOURCES: Resource[] = [
  {
    name: 'author',
    async create(ctx, token) {
      return body<Data>(
        await ctx.inject({
          method: 'POST',
          url: '/api/author/newAuthor',
          headers: { authentication: token },
          payload: { name: `Writer ${Date.now()}` },
        }),
      ).data.id;
    },
    async load(ctx, token, id) {
      return body<Data>(await ctx.get(`/api/author/${id}`, token)).data;
    },
    save(ctx, token, id, form) {
      const { name, position, bio, image, version } = form;
      return ctx.inject({
        method: 'POST',
        url: `/api/author/${id}`,
        headers: { authentication: token },
        payload: { name, position, bio, image: image ?? '', version },
      });
    },
    fields: ['position', 'bio'],
    value: (field, round) => `${field} ${round}`,
    read: (record, field) => record[field],
  },
  {
    name: 'importer',
    async create(ctx, token) {
      const defaults = JSON.stringify({ contentType: 'article', user: String(creatorId), mainCategory: '100', topics: [100] });
      const response = await ctx.inject({
        method: 'POST',
        url: '/api/v2/portal/importer',
        headers: { authentication: token },
        payload: { title: 'Contested', feed_url: 'https://example.com/feed.xml', plugin: 'rss', defaults },
      });
      return body<Data>(response).data.id;
    },
    async load(ctx, token, id) {
      return body<Data>(await ctx.get(`/api/v2/portal/importer/${id}`, token)).data;
    },
    save(ctx, token, id, form) {
      const { title, feed_url, plugin, schedule, enabled, defaults, version } = form;
      return ctx.inject({
        method: 'POST',
        url: '/api/v2/portal/importer',
        headers: { authentication: token },
        payload: {
          id,
          version,
          title,
          feed_url,
          plugin,
          schedule: String(schedule),
          enabled: String(enabled),
          defaults: JSON.stringify(defaults),
        },
      });
    },
    fields: ['title', 'feed_url'],
    value: (field, round) => (field === 'title' ? `Title ${round}` : `https://example.com/feed-${round}.xml`),
    read: (record, field) => record[field],
  },
  {
    name: 'category',
    async create(ctx, token) {
      const response = await ctx.inject({
        method: 'POST',
        url: '/api/v2/portal/category',
        headers: { authentication: token },
        payload: { title: `Contested ${Date.now()}`, parent_id: 100 },
      });
      return body<Data>(response).data.id;
    },
    async load(ctx, token, id) {
      return body<Data>(await ctx.get(`/api/v2/portal/category/${id}`, token)).data;
    },
    save(ctx, token, id, form) {
      const { title, alias, colour, parent_id, version } = form;
      return ctx.inject({
        method: 'POST',
        url: '/api/v2/portal/category',
        headers: { authentication: token },
        payload: { id, version, title, alias, colour, parent_id },
      });
    },
    fields: ['title', 'colour'],
    value: (field, round) => (field === 'title' ? `Title ${round}` : `#${(0x100000 + round).toString(16)}`),
    read: (record, field) => record[field],
  },
];

describeEachDatabase('edit versions', (ctx) => {
  let token = '';

  beforeAll(async () => {
    token = await ctx.login('editor');
    creatorId = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', token)).data[0]!.id;
  });

  describe.each(RESOURCES.map((resource) => [resource.name, resource] as const))('%s', (_name, resource) => {
    it('a save needs the version; a stale one is refused with 409 and the current values; nothing is reverted', async () => {
      const id = await resource.create(ctx, token);
      const opened = await resource.load(ctx, token, id);
      expect(opened.version).toEqual(expect.any(Number));

      const { version: _version, ...withoutVersion } = opened;
      const missing = await resource.save(ctx, token, id, { ...withoutVersion, version: undefined });
      expect(missing.statusCode).toBe(400);
      expect(body<Data>(missing).data).toMatchObject({ error: 'version_required', field: 'version' });

      const [first, second] = resource.fields;
      const saved = await resource.save(ctx, token, id, { ...opened, [first]: resource.value(first, 1) });
      expect(saved.statusCode).toBe(200);

      // A second editor saves the form they opened before that save.
      const stale = await resource.save(ctx, token, id, { ...opened, [second]: resource.value(second, 1) });
      expect(stale.statusCode).toBe(409);
      expect(body<Data>(stale).data).toMatchObject({ error: `${resource.name}_stale_version`, field: 'version' });
      const current = body<Data>(stale).data.current;
      expect(resource.read(current, first)).toEqual(resource.value(first, 1));
      expect(current.version).toBeGreaterThan(opened.version);

      const now = await resource.load(ctx, token, id);
      expect(resource.read(now, first)).toEqual(resource.value(first, 1));
      expect(resource.read(now, second)).toEqual(resource.read(opened, second));

      // "Overwrite": the same change sent with the current version is saved.
      const overwrite = await resource.save(ctx, token, id, { ...opened, [second]: resource.value(second, 1), version: current.version });
      expect(overwrite.statusCode).toBe(200);
    });

    it(`two writers, interleaved, ${ROUNDS} rounds: 0 lost updates`, async () => {
      const id = await resource.create(ctx, token);
      let lost = 0;
      let conflicts = 0;
      for (let round = 1; round <= ROUNDS; round += 1) {
        // Both open the record, then save their own field at the same time; on 409 each reloads and applies its change again.
        const writer = async (field: string): Promise<void> => {
          let form = await resource.load(ctx, token, id);
          for (let attempt = 0; attempt < 10; attempt += 1) {
            const response = await resource.save(ctx, token, id, { ...form, [field]: resource.value(field, round) });
            if (response.statusCode === 200) return;
            expect(response.statusCode).toBe(409);
            conflicts += 1;
            form = body<Data>(response).data.current;
          }
          throw new Error(`${field}: no save after 10 attempts`);
        };
        const [first, second] = resource.fields;
        await Promise.all([writer(first), writer(second)]);
        const after = await resource.load(ctx, token, id);
        for (const field of resource.fields) if (resource.read(after, field) !== resource.value(field, round)) lost += 1;
      }
      console.log(
        `[${ctx.kind}] ${resource.name}: ${ROUNDS} rounds of two interleaved writers, ${conflicts} conflicts (409, reloaded), ${lost} lost updates`,
      );
      expect(lost).toBe(0);
      if (ctx.kind === 'postgres') expect(conflicts).toBeGreaterThan(0);
    }, 120_000);
  });
});
