// The scheduled-import fields (spec sections 3, 5 and 9) as the API accepts them. Pure: the
// checks that need the database (user, categories) are in the route.
import { IMPORTER_LIMITS } from 'contracts/rules/field-limits';
import { isHttpUrl } from 'contracts/rules/http-url';
import { ENABLED_CODES, IMPORTER_DEFAULTS, SCHEDULE_CODES } from 'contracts/rules/import-defaults';
import { decodeImportDefaults, type ImportDefaults } from 'contracts/schemas/import-defaults';
import { FieldProblem } from 'contracts/schemas/form-fields';
import type { SaveImporterBody } from 'contracts/schemas/importers';
import type { ImporterValues } from '../../services/importers';
import { isContentType, CONTENT_TYPES } from './content-types';
import { CodedError, type ApiErrorCode, type ApiErrorParams } from '../../lib/api-errors';

/** 1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins (stored as numbers). */
const SCHEDULES: readonly number[] = SCHEDULE_CODES.map(Number);
const ENABLED: readonly number[] = ENABLED_CODES.map(Number);

/** The importer's fields of a save (POST /api/v2/portal/importer), without the id and version. */
export type ImporterInput = Omit<SaveImporterBody, 'id' | 'version'>;

/** The first bad field of an importer: a catalogue code, its parameters and the field. */
export class InputError extends CodedError {
  constructor(code: ApiErrorCode, field: string, params: ApiErrorParams = {}) {
    super(code, { field, ...params }, field);
    this.name = 'InputError';
  }
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function code(value: unknown, allowed: readonly number[], fallback: number, name: string, invalid: ApiErrorCode): number {
  const raw = text(value);
  if (raw === '') return fallback;
  const number = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!allowed.includes(number)) throw new InputError(invalid, name, { value: raw });
  return number;
}

/**
 * The values to store, or an InputError naming the first bad field. Required (spec section 5):
 * title, feed_url (an http or https URL), plugin (one of `pluginIds`), and in the defaults
 * contentType, user and mainCategory. schedule and enabled default to 1 (spec section 9).
 */
export function validateImporter(input: ImporterInput, pluginIds: readonly string[]): ImporterValues {
  const title = text(input.title);
  if (title === '') throw new InputError('field_required', 'title');
  if (title.length > IMPORTER_LIMITS.title.max) throw new InputError('field_max_length', 'title', { limit: IMPORTER_LIMITS.title.max });
  const feedUrl = text(input.feed_url);
  if (feedUrl === '') throw new InputError('field_required', 'feed_url');
  if (feedUrl.length > IMPORTER_LIMITS.feedUrl.max)
    throw new InputError('field_max_length', 'feed_url', { limit: IMPORTER_LIMITS.feedUrl.max });
  if (!isHttpUrl(feedUrl)) throw new InputError('field_http_url', 'feed_url', { value: feedUrl });
  const plugin = text(input.plugin);
  if (plugin === '') throw new InputError('plugin_required', 'plugin');
  if (!pluginIds.includes(plugin)) throw new InputError('field_one_of_got', 'plugin', { values: pluginIds.join(', '), value: plugin });
  const schedule = code(input.schedule, SCHEDULES, Number(IMPORTER_DEFAULTS.schedule), 'schedule', 'schedule_invalid');
  const enabled = code(input.enabled, ENABLED, Number(IMPORTER_DEFAULTS.enabled), 'enabled', 'enabled_invalid');
  let defaults: ImportDefaults;
  try {
    defaults = decodeImportDefaults(input.defaults);
  } catch (error) {
    if (error instanceof FieldProblem) {
      const { field: _field, ...params } = error.params;
      throw new InputError(error.code, error.field, params);
    }
    throw error;
  }
  if (!isContentType(defaults.contentType)) {
    throw new InputError('field_one_of_got', 'defaults.contentType', {
      values: CONTENT_TYPES.map((type) => type.id).join(', '),
      value: defaults.contentType,
    });
  }
  return { title, feed_url: feedUrl, plugin, schedule, enabled, defaults };
}
