import type { FastifySchemaValidationError } from 'fastify';
import { schemaErrorDetail } from 'contracts/schemas/schema-errors';
import type { ApiErrorCode, ApiErrorParams } from './api-errors';

// A schema validation error (Ajv's, as Fastify passes it on) as a catalogue code, for the error
// envelope of every route; the mapping is the contracts' (the import Defaults' decoder uses it too).

/** The catalogue code and parameters of one schema validation error. */
export function validationDetail(
  error: FastifySchemaValidationError,
  dataVar: string,
): { code: ApiErrorCode; field: string; params: ApiErrorParams } {
  return schemaErrorDetail(error, dataVar);
}
