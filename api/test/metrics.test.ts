/**
 * GET /api/metrics: Prometheus' text format for a scraper holding METRICS_TOKEN, refused to anyone
 * else, absent without the token; what the product does shows up in it (requests by route pattern,
 * refused sign-ins, import runs, event streams, background-job lag, the PostgreSQL pool).
 */
import { body, describeEachDatabase, expectError } from './helpers';
import { openEventStream } from './presence-stream';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample's value from the text format (labels as written, in order), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describeEachDatabase(
  'metrics',
  (ctx) => {
    const scrape = async () => {
      const response = await ctx.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.body;
    };

    it('refuses a missing or wrong token with a coded 401, and answers the right one', async () => {
      expectError(await ctx.inject({ method: 'GET', url: '/api/metrics' }), 401, 'Invalid metrics token');
      const wrong = await ctx.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
      expectError(wrong, 401, 'Invalid metrics token');
      expect(wrong.headers['www-authenticate']).toBe('Bearer');
      // A session is no way in either: metrics are for the scraper.
      const token = await ctx.login('admin');
      expectError(
        await ctx.inject({ method: 'GET', url: '/api/metrics', headers: { authentication: token } }),
        401,
        'Invalid metrics token',
      );
      expect(await scrape()).toContain('newsdesk_process_cpu_user_seconds_total');
    });

    it('times requests by route pattern, never by the raw URL', async () => {
      const token = await ctx.login('editor');
      const ids = (await ctx.app.db.selectFrom('articles').select('id').orderBy('id').limit(2).execute()).map((a) => a.id);
      for (const id of ids) expect((await ctx.get(`/api/portal/article/${id}/revisions`, token)).statusCode).toBe(200);
      expect((await ctx.get('/api/portal/articles', token)).statusCode).toBe(200);
      const text = await scrape();
      expect(
        sample(
          text,
          'newsdesk_http_request_duration_seconds_count',
          'method="GET",route="/api/portal/article/:id/revisions",status_code="200"',
        ),
      ).toBe(ids.length);
      expect(text).not.toContain(`/api/portal/article/${ids[0]}/`);
      expect(text).toMatch(
        /newsdesk_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/portal\/articles",status_code="200"\}/,
      );
    });

    it('counts refused sign-ins by reason', async () => {
      const before = sample(await scrape(), 'newsdesk_sign_in_refusals_total', 'reason="invalid_credentials"') ?? 0;
      const refused = await ctx.inject({
        method: 'POST',
        url: '/api/v2/session',
        payload: { username: 'editor', password: 'not the password' },
      });
      expect(refused.statusCode).toBe(401);
      expect(sample(await scrape(), 'newsdesk_sign_in_refusals_total', 'reason="invalid_credentials"')).toBe(before + 1);
    });

    it('counts an import started by hand and its duration; a simulation is not a run', async () => {
      const token = await ctx.login('editor');
      const creator = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', token)).data[0]!.id;
      const created = await ctx.inject({
        method: 'POST',
        url: '/api/v2/portal/importer',
        headers: { authentication: token },
        payload: {
          title: 'Unreachable feed',
          feed_url: 'http://127.0.0.1:9/feed.xml',
          plugin: 'rss',
          schedule: '2',
          enabled: '1',
          defaults: JSON.stringify({ contentType: 'article', user: String(creator), mainCategory: '100', topics: [100], published: '4' }),
        },
      });
      const id = body<{ id: number }>(created).data.id;
      expect((await ctx.get(`/cron/import/single/${id}?simulate=1`, token)).statusCode).toBe(200);
      expect(sample(await scrape(), 'newsdesk_import_runs_total', 'trigger="manual",status="error"')).toBeUndefined();
      expect((await ctx.get(`/cron/import/single/${id}`, token)).statusCode).toBe(200);
      const text = await scrape();
      expect(sample(text, 'newsdesk_import_runs_total', 'trigger="manual",status="error"')).toBe(1);
      expect(sample(text, 'newsdesk_import_run_duration_seconds_count', 'trigger="manual"')).toBe(1);
    });

    it('shows open event streams and the background jobs running on time', async () => {
      const stream = await openEventStream(ctx.app, await ctx.login('submitter'));
      try {
        expect(sample(await scrape(), 'newsdesk_event_streams')).toBe(1);
      } finally {
        stream.close();
        await stream.ended;
      }
      // The stream's end reaches the server a moment after the client closes it.
      for (let tries = 0; tries < 50 && sample(await scrape(), 'newsdesk_event_streams') !== 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const text = await scrape();
      expect(sample(text, 'newsdesk_event_streams')).toBe(0);
      expect(sample(text, 'newsdesk_scheduler_lag_seconds_count', 'job="Publishing job"')).toBeGreaterThanOrEqual(1);
    });

    it('shows the PostgreSQL pool (PGlite has none)', async () => {
      const text = await scrape();
      if (ctx.kind === 'postgres') {
        expect(sample(text, 'newsdesk_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'newsdesk_db_pool_connections', 'state="waiting"')).toBe(0);
      } else {
        expect(text).not.toContain('newsdesk_db_pool_connections{');
      }
    });
  },
  { config: { metricsToken: TOKEN, publishScheduler: true, publishSchedulerTickSeconds: 60 } },
);

describeEachDatabase('metrics without METRICS_TOKEN', (ctx) => {
  it('does not exist', async () => {
    const response = await ctx.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expectError(response, 404, 'Not found: GET /api/metrics');
  });
});
