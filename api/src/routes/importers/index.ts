import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FEED_PLUGINS } from '../../import/engine/plugins';
import { ok, okList } from '../../lib/envelope';
import { httpError, httpErrorOf } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { lastRunsByImporter } from '../../repositories/import-runs';
import { importersRepository } from '../../repositories/importers';
import { ImportersService } from '../../services/importers';
import { CONTENT_TYPES } from './content-types';
import { InputError, validateImporter } from './rules';
import {
  contentTypesSchema,
  deleteImporterSchema,
  disableImporterSchema,
  enableImporterSchema,
  getImporterSchema,
  listImportersSchema,
  pluginsSchema,
  saveImporterSchema,
} from './schemas';

// Spec section 6 leaves open which rights may use the import screens: the server asks for
// `import` on every importer call (the right that shows the Import menu item).
const importRight = requireRight('import');
const PLUGIN_IDS: readonly string[] = FEED_PLUGINS.map((plugin) => plugin.id);

const importersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const importers = new ImportersService(app.db);

  app.get('/api/v2/portal/importer', { schema: listImportersSchema, preHandler: importRight }, async () => {
    const importers = await importersRepository.list(app.db);
    const lastRuns = await lastRunsByImporter(
      app.db,
      importers.map((importer) => importer.id),
    );
    const withRuns = importers.map((importer) => ({ ...importer, last_run: lastRuns.get(importer.id) ?? null }));
    return okList(withRuns, withRuns.length);
  });

  app.get('/api/v2/portal/importer/plugins', { schema: pluginsSchema, preHandler: importRight }, async () =>
    ok(FEED_PLUGINS.map((plugin) => ({ id: plugin.id, title: plugin.title }))),
  );

  app.get('/api/v2/portal/content-types', { schema: contentTypesSchema, preHandler: importRight }, async () =>
    ok(CONTENT_TYPES.map((type) => ({ ...type }))),
  );

  app.get('/api/v2/portal/importer/:id', { schema: getImporterSchema, preHandler: importRight }, async (request) => {
    const importer = await importersRepository.find(app.db, request.params.id);
    if (!importer) throw httpError(404, 'importer_not_found', { id: request.params.id });
    return ok(importer);
  });

  app.post('/api/v2/portal/importer', { schema: saveImporterSchema, preHandler: importRight }, async (request) => {
    const { id: rawId, version, ...input } = request.body;
    const id = rawId ? rawId : undefined;
    let values;
    try {
      values = validateImporter(input, PLUGIN_IDS);
    } catch (error) {
      if (error instanceof InputError) throw httpErrorOf(400, error);
      throw error;
    }
    const saved = await importers.save(request.user?.id ?? null, request.user?.rights ?? [], id, version, values, request.user?.grants);
    request.log.info({ importerId: saved.id, created: id === undefined, userId: request.user?.id }, 'Importer saved');
    return ok({ id: saved.id, version: saved.version }, 'Saved');
  });

  const setEnabled =
    (enabled: 0 | 1, message: 'Enabled' | 'Disabled') => async (request: { params: { id: number }; user: { id: number } | null }) => {
      const importer = await importers.setEnabled(request.user?.id ?? null, request.params.id, enabled);
      if (!importer) throw httpError(404, 'importer_not_found', { id: request.params.id });
      return ok(importer, message);
    };
  app.post('/api/v2/portal/importer/:id/enable', { schema: enableImporterSchema, preHandler: importRight }, setEnabled(1, 'Enabled'));
  app.post('/api/v2/portal/importer/:id/disable', { schema: disableImporterSchema, preHandler: importRight }, setEnabled(0, 'Disabled'));

  app.delete('/api/v2/portal/importer/:id', { schema: deleteImporterSchema, preHandler: importRight }, async (request) => {
    if (!(await importers.delete(request.user?.id ?? null, request.params.id)))
      throw httpError(404, 'importer_not_found', { id: request.params.id });
    request.log.info({ importerId: request.params.id, userId: request.user?.id }, 'Importer deleted');
    return ok(null, 'Deleted');
  });
};

export default importersRoutes;
