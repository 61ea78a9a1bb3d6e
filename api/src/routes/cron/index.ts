import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok, okList } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { sameSecret } from '../../lib/tokens';
import { importersRepository } from '../../repositories/importers';
import { engineSettings, importersOfGroup, runImporters, type RunResult } from '../../services/import-runner';
import { declaresRight, requireRight } from '../../plugins/permissions';
import { recordImportRuns } from '../../services/activity';
import { listRuns } from '../../repositories/import-runs';
import { shortLinksRepository } from '../../repositories/short-links';
import { listRunsSchema, runGroupSchema, runSingleSchema, shortLinkSchema } from './schemas';

/**
 * The cron calls (spec section 7) and the pieces of the import engine the API serves:
 * - GET /cron/import/{id} and /cron/import/single/{id}: a session with the right `import`, or
 *   X-Cron-Secret = CRON_SECRET (unset: sessions only). They are "public" for the session hook
 *   because the secret alone must be enough; the check below does the rest.
 * - GET /api/v2/portal/importer/{id}/runs: run history.
 * - GET /s/{code}: the short links importers generate (public, like any link in an article).
 */
const cronRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = engineSettings(app.config);
  const needImport = requireRight('import');

  const cronAccess = declaresRight(async function cronAccess(request: FastifyRequest): Promise<void> {
    const secret = request.headers['x-cron-secret'];
    const given = Array.isArray(secret) ? secret[0] : secret;
    if (given !== undefined && app.config.cronSecret && sameSecret(given, app.config.cronSecret)) return;
    if (given !== undefined) throw httpError(401, 'cron_secret_invalid');
    // A public route for the session hook: the session is checked here, after the secret.
    await app.requireSession(request);
    await needImport(request);
  }, 'import');

  /** Runs importers and counts the real (not simulated) runs in the metrics. */
  async function timedRuns(run: () => Promise<RunResult>): Promise<RunResult> {
    const started = performance.now();
    const result = await run();
    if (!result.simulate) app.metrics.recordImportRuns('manual', result.importers, (performance.now() - started) / 1000);
    return result;
  }

  function summary(result: RunResult): string {
    const failed = result.importers.filter((i) => i.status === 'error').length;
    const created = result.importers.reduce((sum, i) => sum + i.created, 0);
    const verb = result.simulate ? 'would be imported' : 'imported';
    return (
      `${created} ${created === 1 ? 'article' : 'articles'} ${verb}` +
      (failed ? `, ${failed} ${failed === 1 ? 'feed' : 'feeds'} failed` : '')
    );
  }

  app.get('/cron/import/:id', { schema: runGroupSchema, config: { public: true }, preHandler: cronAccess }, async (request) => {
    const importers = await importersOfGroup(app.db, request.params.id);
    const simulate = request.query.simulate === '1';
    const result = await timedRuns(() => runImporters(app.db, importers, { simulate, trigger: 'manual', settings }));
    await recordImportRuns(app.db, request.user?.id ?? null, result);
    request.log.info(
      { group: request.params.id, simulate, importers: result.importers.map(({ id, status, created }) => ({ id, status, created })) },
      'Import run',
    );
    return ok(result, summary(result));
  });

  app.get('/cron/import/single/:id', { schema: runSingleSchema, config: { public: true }, preHandler: cronAccess }, async (request) => {
    const importer = await importersRepository.find(app.db, request.params.id);
    if (!importer) throw httpError(404, 'importer_not_found', { id: request.params.id });
    const simulate = request.query.simulate === '1';
    const result = await timedRuns(() => runImporters(app.db, [importer], { simulate, trigger: 'manual', settings }));
    await recordImportRuns(app.db, request.user?.id ?? null, result);
    request.log.info({ importer: importer.id, simulate, outcome: result.importers[0] }, 'Import run');
    return ok(result, summary(result));
  });

  app.get('/api/v2/portal/importer/:id/runs', { schema: listRunsSchema, preHandler: needImport }, async (request) => {
    const exists = await importersRepository.find(app.db, request.params.id);
    if (!exists) throw httpError(404, 'importer_not_found', { id: request.params.id });
    const runs = await listRuns(app.db, request.params.id, request.query.limit ?? 20);
    return okList(runs, runs.length);
  });

  app.get('/s/:code', { schema: shortLinkSchema, config: { public: true } }, async (request, reply) => {
    const target = await shortLinksRepository.target(app.db, request.params.code);
    if (!target) throw httpError(404, 'short_link_not_found');
    return reply.header('cache-control', 'public, max-age=86400').redirect(target, 301);
  });
};

export default cronRoutes;
