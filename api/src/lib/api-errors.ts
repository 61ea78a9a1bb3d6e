import API_ERROR_LABELS from 'contracts/errors/api-error-labels.json';
import API_ERRORS from 'contracts/errors/api-errors.json';
import type { ErrorDataBody } from 'contracts/schemas/common';

/**
 * The error catalogue (contracts/errors/api-errors.json): every machine code the API sends
 * in `data.error`, with its English message (sent as `message`) and German text (used by the client).
 */
export type ApiErrorCode = Exclude<keyof typeof API_ERRORS, '$comment'>;
export type ApiErrorParams = NonNullable<ErrorDataBody['params']>;

/** `data` of an error envelope: the machine code, the field it concerns, the message's parameters. */
export type ApiErrorData = Omit<ErrorDataBody, 'error'> & { error: ApiErrorCode };

const CATALOGUE = API_ERRORS as unknown as Record<ApiErrorCode, { en: string; de: string }>;

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && value !== '$comment' && Object.prototype.hasOwnProperty.call(CATALOGUE, value);
}

type LabelTables = Record<string, Record<string, { en: string; de: string }>>;
const LABELS = API_ERROR_LABELS as unknown as LabelTables;

/**
 * The label of a parameter's value (contracts/errors/api-error-labels.json): a parameter named
 * like a table (`right`, or `state_to` for the table `state`) shows its value's label, e.g.
 * right=import → "manage imports". Undefined when the value has no label.
 */
export function apiErrorLabel(name: string, value: string | number, language: 'en' | 'de' = 'en'): string | undefined {
  const table = Object.keys(LABELS).find((key) => key !== '$comment' && (name === key || name.startsWith(`${key}_`)));
  if (!table) return undefined;
  const labels = LABELS[table] as Record<string, { en: string; de: string }>;
  return Object.prototype.hasOwnProperty.call(labels, String(value)) ? labels[String(value)]?.[language] : undefined;
}

/** An instant as times travel in parameters (ISO 8601 in UTC). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/**
 * The English message of a code with its parameters filled in ({{name}}, as i18next does on the client).
 * The parameters keep instants as ISO 8601 (each screen shows them in its user's time zone); the
 * message, read without a time zone of its own, says them in UTC to the minute.
 */
export function apiErrorMessage(code: ApiErrorCode, params: ApiErrorParams = {}): string {
  return CATALOGUE[code].en.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const value = params[name] as string | number;
    if (typeof value === 'string' && INSTANT.test(value)) return `${value.slice(0, 10)} ${value.slice(11, 16)} UTC`;
    return apiErrorLabel(name, value) ?? String(value);
  });
}

/** What an error of pure code (no HTTP) says: its catalogue code, parameters and the field it concerns. */
export interface ApiErrorDetail {
  code: ApiErrorCode;
  params?: ApiErrorParams;
  field?: string;
}

/**
 * An error with a catalogue code, thrown by pure code (form and defaults parsers, rules); a route
 * sends it with `httpErrorOf(status, error)`. Its message is the code's English text.
 */
export class CodedError extends Error implements ApiErrorDetail {
  constructor(
    readonly code: ApiErrorCode,
    readonly params?: ApiErrorParams,
    readonly field?: string,
  ) {
    super(apiErrorMessage(code, params));
    this.name = 'CodedError';
  }
}

/** The generic code of an HTTP status, for errors that carry no code of their own. */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 423:
      return 'locked';
    case 429:
      return 'too_many_requests';
    case 431:
      return 'header_too_large';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}
