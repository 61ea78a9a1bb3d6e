import type API_ERRORS from 'contracts/errors/api-errors.json';
import type { ErrorDataBody } from 'contracts/schemas/common';
import type { ApiErrorCatalogue } from './apiErrorCatalogue';
import type { TranslationTree } from './texts';

/** The namespace of the API's error codes (contracts/errors/api-errors.json). */
export const API_ERRORS_NAMESPACE = 'apiErrors';

/** A code the API sends in `data.error` on an error envelope. */
export type ApiErrorCode = Exclude<keyof typeof API_ERRORS, '$comment'>;

/** `data` of the error envelope, its code one of the catalogue's. */
export type ApiErrorData = Omit<ErrorDataBody, 'error'> & { error: ApiErrorCode };

// The catalogue is a chunk of its own (apiErrorCatalogue.ts), loaded by the first coded error or by
// a screen that shows recorded codes: nothing before the login form is usable waits for it.
let catalogue: ApiErrorCatalogue | null = null;
let loading: Promise<{ en: TranslationTree; de: TranslationTree }> | null = null;

/** Loads the catalogue once (again after a failed load); resolves its texts as i18next resources. */
export function loadApiErrorCatalogue(): Promise<{ en: TranslationTree; de: TranslationTree }> {
  loading ??= import(/* webpackChunkName: "api-errors" */ './apiErrorCatalogue').then(
    (module) => {
      catalogue = module.apiErrorCatalogue;
      return module.apiErrorResources();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether the catalogue has loaded (the synchronous helpers below know its codes only then). */
export const isApiErrorCatalogueLoaded = (): boolean => catalogue !== null;

/** A code of the catalogue; false for any code while the catalogue has not loaded. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && catalogue !== null && Object.prototype.hasOwnProperty.call(catalogue.texts, value);
}

/** Whether a response body is an error envelope that names a code (`data.error`): translating it needs the catalogue. */
export function hasErrorCode(body: unknown): boolean {
  const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : undefined;
  return !!data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string';
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The parameters of an error message with each labelled value (a right, an article state) in the
 * language `lng` (contracts/errors/api-error-labels.json): a parameter named like a table, or
 * starting with its name and '_' (state_to), shows its value's label; an instant shows as a local
 * date and time; other values stay as sent.
 */
export function labelledParams(params: Record<string, string | number>, lng: string): Record<string, string | number> {
  const language = lng === 'de' ? 'de' : 'en';
  const tables = catalogue?.labels ?? {};
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    // An instant (the API sends times as ISO 8601) reads in the user's language and time zone, as every other time.
    if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
      out[name] = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
      continue;
    }
    const table = Object.keys(tables).find((key) => name === key || name.startsWith(`${key}_`));
    const labels = table ? tables[table] : undefined;
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
