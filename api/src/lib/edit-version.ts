import { Type } from 'typebox';
import type { ApiErrorCode } from './api-errors';
import { httpError, type HttpError } from './http-error';

/**
 * The stale-save check of every edit form (authors, importers, categories; articles keep theirs):
 * the form sends the `version` it loaded, the repository writes with
 * `UPDATE … WHERE id = $id AND version = $version RETURNING …` (the database bumps version,
 * migration 0013), and no row back means someone saved in between: 409 with the current values in
 * `data.current`, so the client can offer to reload them or to overwrite (save again with their version).
 */
export const VersionField = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'The version of the record the form loaded (required to update)',
});

/** 400 when an update comes without the version it was made from. */
export function requireVersion(version: number | undefined): number {
  if (version === undefined) throw httpError(400, 'version_required', undefined, { field: 'version' });
  return version;
}

/** The 409 of a stale save, with the record as it is now. */
export function staleVersion(code: Extract<ApiErrorCode, `${string}_stale_version`>, current: object): HttpError {
  return httpError(409, code, undefined, { field: 'version', extra: { current } });
}
