import { apiErrorMessage, codeForStatus, type ApiErrorCode, type ApiErrorData, type ApiErrorParams } from './api-errors';

export interface HttpErrorOptions {
  /** The request field the error concerns (e.g. `defaults.latitude`), so a form can show it there. */
  field?: string;
  /** Response headers to send with the error (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Extra data beside the code (e.g. the current values on a version conflict). */
  extra?: Record<string, unknown>;
}

/**
 * An error whose message is safe to show to the client, sent as an envelope with `statusCode`
 * and `data: { error: <code>, field?, params?, ...extra }`. Build it with `httpError()` so the
 * message comes from the catalogue and the client can translate it by its code.
 */
export class HttpError extends Error {
  readonly code: ApiErrorCode;
  readonly field: string | undefined;
  readonly params: ApiErrorParams | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    detail: { code?: ApiErrorCode; field?: string; params?: ApiErrorParams; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = detail.code ?? codeForStatus(statusCode);
    this.field = detail.field;
    this.params = detail.params;
    this.extra = detail.extra;
  }

  /** The `data` of its error envelope. */
  data(): ApiErrorData & Record<string, unknown> {
    return {
      ...this.extra,
      error: this.code,
      ...(this.field !== undefined ? { field: this.field } : {}),
      ...(this.params !== undefined ? { params: this.params } : {}),
    };
  }
}

/** An HttpError with a catalogue code: its message is the code's English text with `params` filled in. */
export function httpError(
  statusCode: number,
  code: ApiErrorCode,
  params?: ApiErrorParams,
  options: HttpErrorOptions = {},
): HttpError {
  return new HttpError(statusCode, apiErrorMessage(code, params), options.headers ?? {}, {
    code,
    ...(options.field !== undefined ? { field: options.field } : {}),
    ...(params !== undefined ? { params } : {}),
    ...(options.extra !== undefined ? { extra: options.extra } : {}),
  });
}
