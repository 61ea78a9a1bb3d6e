import { apiErrorMessage, type ApiErrorCode, type ApiErrorParams } from '../../lib/api-errors';

/**
 * Why an import of one feed failed. The message is shown in the run result and the run history
 * (spec: "records its error"), so it says what happened in plain words; the catalogue code and
 * parameters beside it (contracts/errors/api-errors.json) let the client show it translated.
 */
export type ImportErrorCode =
  | 'bad_url'
  | 'refused_address'
  | 'dns'
  | 'connect'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_status'
  | 'entities'
  | 'malformed'
  | 'unsupported_format'
  | 'wrong_format'
  | 'already_running'
  | 'internal';

export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    /** The catalogue code of its message. */
    readonly error: ApiErrorCode,
    readonly params?: ApiErrorParams,
    options?: { cause?: unknown },
  ) {
    super(apiErrorMessage(error, params), options);
    this.name = 'ImportError';
  }
}

/** An import's error as the run result and the run history keep it: the English text, code and parameters. */
export interface RecordedImportError {
  message: string;
  error: ApiErrorCode;
  params: ApiErrorParams;
}

export function recordOf(error: ImportError): RecordedImportError {
  return { message: error.message, error: error.error, params: error.params ?? {} };
}

/** Any thrown value as an ImportError (unexpected ones keep their message, code internal). */
export function toImportError(error: unknown): ImportError {
  if (error instanceof ImportError) return error;
  const reason = error instanceof Error && error.message ? error.message : 'Unexpected error';
  return new ImportError('internal', 'import_unexpected', { reason }, { cause: error });
}
