// Choices of a scheduled import (spec sections 2, 4 and 9). Pure. Labels are i18n keys of the
// `importers` namespace under `options.<group>.<value>`; the form (later issue) reuses these lists.
// The Defaults' codes are the API's too (api/src/import/defaults-schema.ts): one list in `shared`.
import IMPORT_DEFAULT_CODES from 'shared/contracts/import-defaults.json';

export const OPTION_GROUPS = {
  /** Spec 4/9: 1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins. */
  schedule: ['1', '2', '3', '4'],
  /** Radio Yes=1 / No=0. */
  enabled: ['1', '0'],
  /** Published State, in the spec's order. */
  published: IMPORT_DEFAULT_CODES.published,
  date: IMPORT_DEFAULT_CODES.date,
  sourceDomain: IMPORT_DEFAULT_CODES.sourceDomain,
  dateFirstPublished: IMPORT_DEFAULT_CODES.dateFirstPublished,
  tinyURL: IMPORT_DEFAULT_CODES.tinyURL,
  imageSource: IMPORT_DEFAULT_CODES.imageSource,
} as const satisfies Record<string, readonly string[]>;

export type OptionGroup = keyof typeof OPTION_GROUPS;

/** The value as the option lists spell it ('1'), or null for nothing. */
export function normaliseOptionValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = String(value).trim();
  if (text === '') return null;
  // '01' and 1.0 mean 1; other text stays as it is.
  return /^-?\d+(\.0+)?$/.test(text) ? String(Number(text)) : text;
}

/** i18n key of a value's label, or null when the group has no such option. */
export function optionLabelKey(group: OptionGroup, value: unknown): string | null {
  const normalised = normaliseOptionValue(value);
  if (normalised === null) return null;
  return (OPTION_GROUPS[group] as readonly string[]).includes(normalised) ? `options.${group}.${normalised}` : null;
}

type Translate = (key: string) => string;

/** The label of a value; a value the group does not know is shown as is ('' for nothing). */
export function formatOption(group: OptionGroup, value: unknown, t: Translate): string {
  const key = optionLabelKey(group, value);
  if (key) return t(key);
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Schedule labels: 1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins; any other value as is. */
export function scheduleLabel(value: unknown, t: Translate): string {
  return formatOption('schedule', value, t);
}

export function isEnabled(value: unknown): boolean {
  return normaliseOptionValue(value) === '1';
}
