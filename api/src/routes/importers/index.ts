import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FEED_PLUGINS } from '../../import/engine/plugins';
import { ok, okList } from '../../lib/envelope';
import { refusedFlag } from 'contracts/rules/article-flags';
import { requireVersion, staleVersion } from '../../lib/edit-version';
import { httpError, httpErrorOf } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { lastRunsByImporter } from '../../repositories/import-runs';
import { importersRepository } from '../../repositories/importers';
import { usersRepository } from '../../repositories/users';
import { locations } from '../../services/locations';
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
  app.get('/api/v2/portal/importer', { schema: listImportersSchema, preHandler: importRight }, async () => {
    const importers = await importersRepository.list(app.db);
    const lastRuns = await lastRunsByImporter(app.db, importers.map((importer) => importer.id));
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
    const { defaults } = values;
    const creators = await usersRepository.listCreators(app.db);
    if (!creators.some((creator) => creator.id === Number(defaults.user))) {
      throw httpError(400, 'defaults_user_not_creator', { user: defaults.user }, { field: 'defaults.user' });
    }
    const missing = await importersRepository.missingCategories(app.db, defaults.topics);
    if (missing.length > 0) throw httpError(400, 'defaults_topics_unknown', { ids: missing.join(', ') }, { field: 'defaults.topics' });
    checkLocation(defaults.country, defaults.state);

    const stored = id === undefined ? undefined : await importersRepository.find(app.db, id);
    if (id !== undefined && !stored) throw httpError(404, 'importer_not_found', { id });
    // The state of the articles it will create: a new article's unless the user may approve, or the
    // importer already had it (set by someone who could).
    const published = Number(defaults.published);
    if (published !== Number(stored?.defaults.published ?? NaN)) {
      const refusal = refusedFlag('import', { state: published }, null, request.user?.rights ?? []);
      if (refusal) throw httpError(403, refusal.code, { allowed: refusal.allowed }, { field: 'defaults.published' });
    }

    let saved: { id: number; version: number };
    if (id === undefined) saved = await importersRepository.insert(app.db, values);
    else {
      const result = await importersRepository.update(app.db, id, requireVersion(version), values);
      if (!result.ok) {
        if (!result.current) throw httpError(404, 'importer_not_found', { id });
        throw staleVersion('importer_stale_version', result.current);
      }
      saved = result.importer;
    }
    request.log.info({ importerId: saved.id, created: id === undefined, userId: request.user?.id }, 'Importer saved');
    return ok({ id: saved.id, version: saved.version }, 'Saved');
  });

  const setEnabled = (enabled: 0 | 1, message: 'Enabled' | 'Disabled') => async (request: { params: { id: number } }) => {
    const importer = await importersRepository.setEnabled(app.db, request.params.id, enabled);
    if (!importer) throw httpError(404, 'importer_not_found', { id: request.params.id });
    return ok(importer, message);
  };
  app.post('/api/v2/portal/importer/:id/enable', { schema: enableImporterSchema, preHandler: importRight }, setEnabled(1, 'Enabled'));
  app.post('/api/v2/portal/importer/:id/disable', { schema: disableImporterSchema, preHandler: importRight }, setEnabled(0, 'Disabled'));

  app.delete('/api/v2/portal/importer/:id', { schema: deleteImporterSchema, preHandler: importRight }, async (request) => {
    if (!(await importersRepository.delete(app.db, request.params.id))) throw httpError(404, 'importer_not_found', { id: request.params.id });
    request.log.info({ importerId: request.params.id, userId: request.user?.id }, 'Importer deleted');
    return ok(null, 'Deleted');
  });
};

/** The importer's country and state: a known country, and a state of it (an id that fits every id column). */
function checkLocation(countryCode: string, stateText: string): void {
  if (countryCode === '0' || countryCode === '') return;
  const country = locations.country(countryCode);
  if (!country) throw httpError(400, 'field_invalid', { field: 'defaults.country' }, { field: 'defaults.country' });
  if (stateText === '') return;
  const state = locations.state(Number(stateText));
  if (state?.country_code !== country.country_code) throw httpError(400, 'field_invalid', { field: 'defaults.state' }, { field: 'defaults.state' });
}

export default importersRoutes;
