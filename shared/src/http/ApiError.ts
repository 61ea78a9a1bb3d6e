import { apiErrorText, isApiErrorCode, sharedText } from '../i18n';
import type { ApiErrorCode } from '../i18n/apiErrors';
import type { SharedTextKey } from '../i18n/resources';

/**
 * The one error type the API helpers throw. `message` is ready to show to the user.
 * `code` is the envelope code (or the HTTP status when there is no envelope),
 * `status` the HTTP status (0 when no response arrived).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly status: number;
  /** The response body, when there was one. */
  readonly data: unknown;
  /** The API's machine code (`data.error` of the envelope), when it sent one. */
  readonly error: ApiErrorCode | undefined;
  /** The request field the error concerns (`data.field`), e.g. `defaults.latitude`. */
  readonly field: string | undefined;
  /** The parameters of the message (`data.params`). */
  readonly params: Record<string, string | number> | undefined;
  /** The shared text the message is, when it is one of the client's own (no code, no server text). */
  readonly textKey: SharedTextKey | undefined;

  constructor(
    message: string,
    code: number,
    status: number,
    data?: unknown,
    detail: { error?: ApiErrorCode; field?: string; params?: Record<string, string | number>; textKey?: SharedTextKey } = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
    this.error = detail.error;
    this.field = detail.field;
    this.params = detail.params;
    this.textKey = detail.textKey;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The record as it is now, sent with a stale save's 409 (`data.current`, codes `*_stale_version`):
 * the form offers to reload it or to save over it with its version. null for any other error.
 */
export function staleVersionCurrent<T extends { version: number } = { version: number } & Record<string, unknown>>(
  error: unknown,
): T | null {
  if (!isApiError(error) || error.status !== 409 || !error.error?.endsWith('_stale_version')) return null;
  const body = error.data as { data?: { current?: unknown } } | null | undefined;
  const current = body?.data?.current;
  return current && typeof current === 'object' && typeof (current as { version?: unknown }).version === 'number' ? (current as T) : null;
}

/**
 * What to show for an error, in the language of now: an API error by its code (or by the client's
 * own text it fell back to), any other error by its message. A screen that keeps an error on show
 * keeps the error and renders this, so a change of language changes the text too.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (isApiErrorCode(error.error)) return apiErrorText({ error: error.error, params: error.params ?? {} });
    if (error.textKey) return sharedText(error.textKey);
    return error.message;
  }
  return error instanceof Error && error.message ? error.message : String(error);
}
