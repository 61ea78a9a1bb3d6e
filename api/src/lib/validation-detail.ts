import type { FastifySchemaValidationError } from 'fastify';
import type { ApiErrorCode, ApiErrorParams } from './api-errors';

// A schema validation error (Ajv's, as Fastify passes it on) as a catalogue code: used by the error
// envelope of every route and by the services that validate JSON themselves (the import Defaults).

function fieldName(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') path.push(params.missingProperty);
  return path.join('.');
}

/** The catalogue code and parameters of one schema validation error. */
export function validationDetail(
  error: FastifySchemaValidationError,
  dataVar: string,
): { code: ApiErrorCode; field: string; params: ApiErrorParams } {
  const params = error.params as Record<string, unknown>;
  const field = fieldName(error) || dataVar;
  const detail = (code: ApiErrorCode, extra: ApiErrorParams = {}) => ({ code, field, params: { field, ...extra } });
  switch (error.keyword) {
    case 'required':
      return detail('field_required');
    case 'enum':
      return detail('field_enum', { values: (params.allowedValues as unknown[]).map(String).join(', ') });
    case 'const':
      return detail('field_const', { value: String(params.allowedValue) });
    case 'type': {
      const type = String(params.type);
      const byType: Record<string, ApiErrorCode> = {
        integer: 'field_integer',
        number: 'field_number',
        string: 'field_string',
        boolean: 'field_boolean',
        object: 'field_object',
        array: 'field_array',
      };
      return detail(byType[type] ?? 'field_type');
    }
    case 'minimum':
      return detail('field_minimum', { limit: Number(params.limit) });
    case 'maximum':
      return detail('field_maximum', { limit: Number(params.limit) });
    case 'exclusiveMinimum':
      return detail('field_exclusive_minimum', { limit: Number(params.limit) });
    case 'minLength':
      return params.limit === 1 ? detail('field_required') : detail('field_min_length', { limit: Number(params.limit) });
    case 'maxLength':
      return detail('field_max_length', { limit: Number(params.limit) });
    case 'pattern':
      return detail('field_pattern');
    case 'additionalProperties':
      return detail('field_unknown_property', { property: String(params.additionalProperty) });
    case 'format':
      return detail('field_format', { format: String(params.format) });
    case 'minItems':
      return detail('field_min_items', { limit: Number(params.limit) });
    case 'maxItems':
      return detail('field_max_items', { limit: Number(params.limit) });
    case 'uniqueItems':
      return detail('field_unique_items');
    default:
      return detail('field_invalid');
  }
}
