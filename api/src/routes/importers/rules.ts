// The scheduled-import fields (spec sections 3, 5 and 9) as the API accepts them. Pure: the
// checks that need the database (user, categories) are in the route.
import { DefaultsError, isHttpUrl, parseDefaults, type ImportDefaults } from '../../import/defaults-schema';
import { isContentType, CONTENT_TYPES } from './content-types';

export const SCHEDULES = [1, 2, 3, 4] as const; // 1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins

export interface ImporterInput {
  id?: number | string;
  title?: unknown;
  feed_url?: unknown;
  plugin?: unknown;
  schedule?: unknown;
  enabled?: unknown;
  defaults?: unknown;
}

export interface ImporterValues {
  title: string;
  feed_url: string;
  plugin: string;
  schedule: number;
  enabled: number;
  defaults: ImportDefaults;
}

export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function code(value: unknown, allowed: readonly number[], fallback: number, name: string, labels: string): number {
  const raw = text(value);
  if (raw === '') return fallback;
  const number = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!allowed.includes(number)) throw new InputError(`${name} must be one of ${labels} (got "${raw}")`);
  return number;
}

/**
 * The values to store, or an InputError naming the first bad field. Required (spec section 5):
 * title, feed_url (an http or https URL), plugin (one of `pluginIds`), and in the defaults
 * contentType, user and mainCategory. schedule and enabled default to 1 (spec section 9).
 */
export function validateImporter(input: ImporterInput, pluginIds: readonly string[]): ImporterValues {
  const title = text(input.title);
  if (title === '') throw new InputError('title is required');
  if (title.length > 255) throw new InputError('title must be at most 255 characters long');
  const feedUrl = text(input.feed_url);
  if (feedUrl === '') throw new InputError('feed_url is required');
  if (feedUrl.length > 2000) throw new InputError('feed_url must be at most 2000 characters long');
  if (!isHttpUrl(feedUrl)) throw new InputError(`feed_url must be an http or https URL (got "${feedUrl}")`);
  const plugin = text(input.plugin);
  if (plugin === '') throw new InputError('plugin is required (the feed type)');
  if (!pluginIds.includes(plugin)) throw new InputError(`plugin must be one of ${pluginIds.join(', ')} (got "${plugin}")`);
  const schedule = code(input.schedule, SCHEDULES, 1, 'schedule', '1 (Hourly), 2 (Daily), 3 (Weekly), 4 (Every 5 Mins)');
  const enabled = code(input.enabled, [0, 1], 1, 'enabled', '1 (Yes), 0 (No)');
  let defaults: ImportDefaults;
  try {
    defaults = parseDefaults(input.defaults);
  } catch (error) {
    if (error instanceof DefaultsError) throw new InputError(error.message);
    throw error;
  }
  if (!isContentType(defaults.contentType)) {
    throw new InputError(`defaults.contentType must be one of ${CONTENT_TYPES.map((type) => type.id).join(', ')} (got "${defaults.contentType}")`);
  }
  return { title, feed_url: feedUrl, plugin, schedule, enabled, defaults };
}
