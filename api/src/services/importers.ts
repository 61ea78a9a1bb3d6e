/**
 * Saving an importer (spec section 3 "Importers"): its defaults must name a user who may create
 * articles, known topics and a known country and state; setting the state its articles get needs
 * the right to publish (unless the importer had it already); updates are versioned. Free of HTTP:
 * the route validates the form (routes/importers/rules.ts) and passes the values in.
 */
import type { Right, DbRoot } from '../db/schema';
import { refusedFlag } from 'contracts/rules/article-flags';
import type { ImportDefaults } from 'contracts/schemas/importers';
import { requireVersion, staleVersion } from '../lib/edit-version';
import { httpError } from '../lib/http-error';
import { scheduleIntervalMs } from '../import/engine/schedule';
import { importStateRepository } from '../repositories/import-state';
import { importersRepository, type ImporterChanges } from '../repositories/importers';
import { articleScopeRepository } from '../repositories/article-scope';
import { holdsRightIn, isScoped, rightsInCategory, type RightGrant } from 'contracts/rules/rights';
import { usersRepository } from '../repositories/users';
import { diffFields, type ActivityChanges } from 'contracts/rules/activity';
import type { Importer } from 'contracts/schemas/importers';
import { recordActivity } from './activity';
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

/** An importer as the activity log compares it: its fields, and each default as `defaults.<name>`. */
function loggedFields(importer: Importer | undefined | null): Record<string, unknown> | null {
  if (!importer) return null;
  const { title, feed_url, plugin, schedule, enabled, defaults } = importer;
  const flat: Record<string, unknown> = { title, feed_url, plugin, schedule, enabled };
  for (const [key, value] of Object.entries(defaults ?? {})) flat[`defaults.${key}`] = value;
  return flat;
}

function importerChanges(before: Importer | undefined | null, after: Importer | undefined | null): ActivityChanges {
  const a = loggedFields(before);
  const b = loggedFields(after);
  const fields = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  return diffFields(a, b, fields);
}

/**
 * Saving never runs an importer (the user may want to simulate it first): a new importer, or one whose
 * schedule changed, is next due one interval from now; one enabled again waits for its next slot if
 * its time had passed while it was off.
 */
async function startScheduleAfterSave(db: DbRoot, before: Importer | undefined, after: Importer): Promise<void> {
  const seconds = (scheduleIntervalMs(after.schedule) ?? 0) / 1000;
  if (!before || before.schedule !== after.schedule) await importStateRepository.dueAfterInterval(db, after.id, seconds);
  else if (!before.enabled && after.enabled) await importStateRepository.dueAfterInterval(db, after.id, seconds, { onlyIfDue: true });
}

/** The saver's rights where the importer's articles will lie: refused when a scoped saver may not create there. */
async function rightsForDefaults(
  db: DbRoot,
  rights: readonly Right[],
  defaults: ImportDefaults,
  grants: readonly RightGrant[] | undefined,
): Promise<readonly Right[]> {
  if (!grants || !isScoped(grants)) return rights;
  // Scoped roles: the importer creates articles in its main category, so its saver must be able to there.
  const path = await articleScopeRepository.ancestorPath(db, Number(defaults.mainCategory));
  if (!holdsRightIn(grants, 'create_article', path)) {
    throw httpError(403, 'importer_category_outside_scope', undefined, { field: 'defaults.mainCategory' });
  }
  return rightsInCategory(grants, path);
}

/** Refuses Defaults that name an unknown creator, unknown topics or an unknown place. */
async function checkDefaults(db: DbRoot, defaults: ImportDefaults): Promise<void> {
  const creators = await usersRepository.listCreators(db);
  if (!creators.some((creator) => creator.id === Number(defaults.user))) {
    throw httpError(400, 'defaults_user_not_creator', { user: defaults.user }, { field: 'defaults.user' });
  }
  const missing = await importersRepository.missingCategories(db, defaults.topics);
  if (missing.length > 0) throw httpError(400, 'defaults_topics_unknown', { ids: missing.join(', ') }, { field: 'defaults.topics' });
  checkLocation(defaults.country, defaults.state);
}

export class ImportersService {
  constructor(private readonly db: DbRoot) {}

  /** Creates (id undefined) or updates the importer made from `version`; returns its id and new version. */
  async save(
    actorId: number | null,
    rights: readonly Right[],
    id: number | undefined,
    version: number | undefined,
    values: ImporterValues,
    grants?: readonly RightGrant[],
  ): Promise<{ id: number; version: number }> {
    const { defaults } = values;
    await checkDefaults(this.db, defaults);
    const rightsThere = await rightsForDefaults(this.db, rights, defaults, grants);

    const stored = id === undefined ? undefined : await importersRepository.find(this.db, id);
    if (id !== undefined && !stored) throw httpError(404, 'importer_not_found', { id });
    // The state of the articles it will create: a new article's unless the user may approve, or the
    // importer already had it (set by someone who could).
    const published = Number(defaults.published);
    if (published !== Number(stored?.defaults.published ?? NaN)) {
      const refusal = refusedFlag('import', { state: published }, null, rightsThere);
      if (refusal) throw httpError(403, refusal.code, { allowed: refusal.allowed }, { field: 'defaults.published' });
    }
    return this.db
      .transaction()
      .execute((trx) => (id === undefined ? this.create(trx, actorId, values) : this.update(trx, actorId, id, version, values)));
  }

  private async create(trx: DbRoot, actorId: number | null, values: ImporterValues): Promise<{ id: number; version: number }> {
    const created = await importersRepository.insert(trx, values);
    const importer = await importersRepository.find(trx, created.id);
    if (importer) await startScheduleAfterSave(trx, undefined, importer);
    await recordActivity(trx, {
      actorId,
      entity: 'importer',
      entityId: created.id,
      action: 'create',
      changes: importerChanges(null, importer),
    });
    return created;
  }

  private async update(
    trx: DbRoot,
    actorId: number | null,
    id: number,
    version: number | undefined,
    values: ImporterValues,
  ): Promise<{ id: number; version: number }> {
    const before = await importersRepository.find(trx, id, { lock: true });
    const result = await importersRepository.update(trx, id, requireVersion(version), values);
    if (!result.ok) {
      if (!result.current) throw httpError(404, 'importer_not_found', { id });
      throw staleVersion('importer_stale_version', result.current);
    }
    await startScheduleAfterSave(trx, before, result.importer);
    await recordActivity(trx, {
      actorId,
      entity: 'importer',
      entityId: id,
      action: 'update',
      changes: importerChanges(before, result.importer),
    });
    return { id: result.importer.id, version: result.importer.version };
  }

  /** Undefined: no such importer. Enabling an enabled importer records nothing. */
  async setEnabled(actorId: number | null, id: number, enabled: 0 | 1): Promise<Importer | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await importersRepository.find(trx, id, { lock: true });
      if (!before) return undefined;
      const importer = await importersRepository.setEnabled(trx, id, enabled);
      if (importer) await startScheduleAfterSave(trx, before, importer);
      if (importer && before.enabled !== importer.enabled) {
        await recordActivity(trx, {
          actorId,
          entity: 'importer',
          entityId: id,
          action: enabled ? 'enable' : 'disable',
          changes: importerChanges(before, importer),
        });
      }
      return importer;
    });
  }

  /** false: no such importer. */
  async delete(actorId: number | null, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await importersRepository.find(trx, id, { lock: true });
      if (!before || !(await importersRepository.delete(trx, id))) return false;
      await recordActivity(trx, { actorId, entity: 'importer', entityId: id, action: 'delete', changes: importerChanges(before, null) });
      return true;
    });
  }
}
