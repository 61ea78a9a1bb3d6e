/**
 * Saving an importer (spec section 3 "Importers"): its defaults must name a user who may create
 * articles, known topics and a known country and state; setting the state its articles get needs
 * the right to publish (unless the importer had it already); updates are versioned. Free of HTTP:
 * the route validates the form (routes/importers/rules.ts) and passes the values in.
 */
import type { Kysely } from 'kysely';
import type { Database, Right } from '../db/schema';
import { refusedFlag } from 'contracts/rules/article-flags';
import type { ImportDefaults } from 'contracts/schemas/importers';
import { requireVersion, staleVersion } from '../lib/edit-version';
import { httpError } from '../lib/http-error';
import { importersRepository, type ImporterChanges } from '../repositories/importers';
import { usersRepository } from '../repositories/users';
import { locations } from './locations';

export type ImporterValues = Omit<ImporterChanges, 'defaults'> & { defaults: ImportDefaults };

/** The importer's country and state: a known country, and a state of it (an id that fits every id column). */
function checkLocation(countryCode: string, stateText: string): void {
  if (countryCode === '0' || countryCode === '') return;
  const country = locations.country(countryCode);
  if (!country) throw httpError(400, 'field_invalid', { field: 'defaults.country' }, { field: 'defaults.country' });
  if (stateText === '') return;
  const state = locations.state(Number(stateText));
  if (state?.country_code !== country.country_code)
    throw httpError(400, 'field_invalid', { field: 'defaults.state' }, { field: 'defaults.state' });
}

export function importersService(db: Kysely<Database>) {
  return {
    /** Creates (id undefined) or updates the importer made from `version`; returns its id and new version. */
    async save(
      rights: readonly Right[],
      id: number | undefined,
      version: number | undefined,
      values: ImporterValues,
    ): Promise<{ id: number; version: number }> {
      const { defaults } = values;
      const creators = await usersRepository.listCreators(db);
      if (!creators.some((creator) => creator.id === Number(defaults.user))) {
        throw httpError(400, 'defaults_user_not_creator', { user: defaults.user }, { field: 'defaults.user' });
      }
      const missing = await importersRepository.missingCategories(db, defaults.topics);
      if (missing.length > 0) throw httpError(400, 'defaults_topics_unknown', { ids: missing.join(', ') }, { field: 'defaults.topics' });
      checkLocation(defaults.country, defaults.state);

      const stored = id === undefined ? undefined : await importersRepository.find(db, id);
      if (id !== undefined && !stored) throw httpError(404, 'importer_not_found', { id });
      // The state of the articles it will create: a new article's unless the user may approve, or the
      // importer already had it (set by someone who could).
      const published = Number(defaults.published);
      if (published !== Number(stored?.defaults.published ?? NaN)) {
        const refusal = refusedFlag('import', { state: published }, null, rights);
        if (refusal) throw httpError(403, refusal.code, { allowed: refusal.allowed }, { field: 'defaults.published' });
      }

      if (id === undefined) return importersRepository.insert(db, values);
      const result = await importersRepository.update(db, id, requireVersion(version), values);
      if (!result.ok) {
        if (!result.current) throw httpError(404, 'importer_not_found', { id });
        throw staleVersion('importer_stale_version', result.current);
      }
      return { id: result.importer.id, version: result.importer.version };
    },
  };
}
