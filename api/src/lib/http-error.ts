import { apiErrorMessage, type ApiErrorCode, type ApiErrorData, type ApiErrorDetail, type ApiErrorParams } from './api-errors';
import { FieldProblem } from 'contracts/schemas/form-fields';

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
 * and `data: { error: <code>, field?, params?, ...extra }`. It always carries a catalogue code
 * (contracts/errors/api-errors.json): its message is the code's English text with `params`
 * filled in, and the client translates it by the code. Build it with `httpError()`.
 */
export class HttpError extends Error {
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    readonly params?: ApiErrorParams,
    options: HttpErrorOptions = {},
  ) {
    super(apiErrorMessage(code, params));
    this.name = 'HttpError';
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.extra = options.extra;
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
export function httpError(statusCode: number, code: ApiErrorCode, params?: ApiErrorParams, options: HttpErrorOptions = {}): HttpError {
  return new HttpError(statusCode, code, params, options);
}

/** The HttpError of a coded error from pure code (a parser or a rule), keeping its field. */
export function httpErrorOf(statusCode: number, detail: ApiErrorDetail, options: HttpErrorOptions = {}): HttpError {
  return new HttpError(statusCode, detail.code, detail.params, {
    ...options,
    ...(detail.field !== undefined ? { field: detail.field } : {}),
  });
}

/**
 * Runs a request decoder (contracts' field codecs, `decodeRequest`, `decodeArticleForm`): a field
 * that does not decode is a 400 with its code, field and parameters.
 */
export function decoded<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw error instanceof FieldProblem ? httpErrorOf(400, error) : error;
  }
}
