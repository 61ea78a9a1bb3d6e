import API_ERROR_LABELS from 'contracts/errors/api-error-labels.json';
import API_ERRORS from 'contracts/errors/api-errors.json';
import type { ErrorDataBody } from 'contracts/schemas/common';
import type { TranslationTree } from './index';

/** The namespace of the API's error codes (contracts/errors/api-errors.json). */
export const API_ERRORS_NAMESPACE = 'apiErrors';

/** A code the API sends in `data.error` on an error envelope. */
export type ApiErrorCode = Exclude<keyof typeof API_ERRORS, '$comment'>;

/** `data` of an error envelope. */
/** `data` of the error envelope, its code one of the catalogue's. */
export type ApiErrorData = Omit<ErrorDataBody, 'error'> & { error: ApiErrorCode };

const CATALOGUE = API_ERRORS as unknown as Record<string, { en: string; de: string }>;

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && value !== '$comment' && Object.prototype.hasOwnProperty.call(CATALOGUE, value);
}

/** The catalogue as i18next resources, one tree per language. */
export function apiErrorResources(): { en: TranslationTree; de: TranslationTree } {
  const en: TranslationTree = {};
  const de: TranslationTree = {};
  for (const [code, texts] of Object.entries(CATALOGUE)) {
    if (code === '$comment') continue;
    en[code] = texts.en;
    de[code] = texts.de;
  }
  return { en, de };
}

type LabelTables = Record<string, Record<string, { en: string; de: string }>>;
const LABELS = API_ERROR_LABELS as unknown as LabelTables;

/**
 * The parameters of an error message with each labelled value (a right, an article state) in the
 * language `lng` (contracts/errors/api-error-labels.json): a parameter named like a table, or
 * starting with its name and '_' (state_to), shows its value's label; other values stay as sent.
 */
export function labelledParams(params: Record<string, string | number>, lng: string): Record<string, string | number> {
  const language = lng === 'de' ? 'de' : 'en';
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    const table = Object.keys(LABELS).find((key) => key !== '$comment' && (name === key || name.startsWith(`${key}_`)));
    const labels = table ? LABELS[table] : undefined;
    const label = labels && Object.prototype.hasOwnProperty.call(labels, String(value)) ? labels[String(value)]?.[language] : undefined;
    out[name] = label ?? value;
  }
  return out;
}

/** The error data of a response body, when it is an error envelope with a known code. */
export function apiErrorDataOf(body: unknown): ApiErrorData | undefined {
  if (!body || typeof body !== 'object' || !('data' in body)) return undefined;
  const data = (body as { data: unknown }).data;
  if (!data || typeof data !== 'object' || !isApiErrorCode((data as { error?: unknown }).error)) return undefined;
  const { error, field, params } = data as { error: ApiErrorCode; field?: unknown; params?: unknown };
  return {
    error,
    ...(typeof field === 'string' ? { field } : {}),
    ...(params && typeof params === 'object' ? { params: params as Record<string, string | number> } : {}),
  };
}
