/**
 * Why an import of one feed failed. The message is shown as is in the run result and the run
 * history (spec: "records its error"), so it says what happened in plain words.
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
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ImportError';
  }
}

/** Any thrown value as an ImportError (unexpected ones keep their message, code internal). */
export function toImportError(error: unknown): ImportError {
  if (error instanceof ImportError) return error;
  const message = error instanceof Error && error.message ? error.message : 'Unexpected error';
  return new ImportError('internal', message, { cause: error });
}
