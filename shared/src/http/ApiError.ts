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

  constructor(message: string, code: number, status: number, data?: unknown) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
