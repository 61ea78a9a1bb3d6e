import type { ApiErrorCode } from '../i18n/apiErrors';

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

  constructor(
    message: string,
    code: number,
    status: number,
    data?: unknown,
    detail: { error?: ApiErrorCode; field?: string; params?: Record<string, string | number> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
    this.error = detail.error;
    this.field = detail.field;
    this.params = detail.params;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
