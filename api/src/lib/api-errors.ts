import API_ERRORS from 'shared/src/contracts/api-errors.json';

/**
 * The error catalogue (shared/src/contracts/api-errors.json): every machine code the API sends
 * in `data.error`, with its English message (sent as `message`) and German text (used by the client).
 */
export type ApiErrorCode = Exclude<keyof typeof API_ERRORS, '$comment'>;
export type ApiErrorParams = Record<string, string | number>;

/** `data` of an error envelope: the machine code, the field it concerns, the message's parameters. */
export interface ApiErrorData {
  error: ApiErrorCode;
  field?: string;
  params?: ApiErrorParams;
}

const CATALOGUE = API_ERRORS as unknown as Record<ApiErrorCode, { en: string; de: string }>;

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && value !== '$comment' && Object.prototype.hasOwnProperty.call(CATALOGUE, value);
}

/** The English message of a code with its parameters filled in ({{name}}, as i18next does on the client). */
export function apiErrorMessage(code: ApiErrorCode, params: ApiErrorParams = {}): string {
  return CATALOGUE[code].en.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
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
