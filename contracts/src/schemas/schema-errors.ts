/**
 * A schema validation error as a catalogue code, its field and parameters: Ajv's errors (Fastify's
 * request validation) and TypeBox's (`Value.Errors`, the decoders here) read alike, their parameters
 * named as either spells them.
 */
import type { ErrorCode, ProblemParams } from './form-fields';

/** What both validators' errors have. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: unknown;
}

function fieldName(error: SchemaError, params: Record<string, unknown>): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = params.missingProperty ?? (params.requiredProperties as unknown[] | undefined)?.[0];
  if (error.keyword === 'required' && typeof missing === 'string') path.push(missing);
  return path.join('.');
}

const BY_TYPE: Record<string, ErrorCode> = {
  integer: 'field_integer',
  number: 'field_number',
  string: 'field_string',
  boolean: 'field_boolean',
  object: 'field_object',
  array: 'field_array',
};

/** The code and parameters of a keyword that names no limit. */
function plainCode(keyword: string, params: Record<string, unknown>): [ErrorCode, ProblemParams] | undefined {
  switch (keyword) {
    case 'required':
      return ['field_required', {}];
    case 'enum':
      return ['field_enum', { values: (params.allowedValues as unknown[]).map(String).join(', ') }];
    case 'const':
      return ['field_const', { value: String(params.allowedValue) }];
    case 'type':
      return [BY_TYPE[String(params.type)] ?? 'field_type', {}];
    case 'pattern':
      return ['field_pattern', {}];
    case 'additionalProperties':
      return [
        'field_unknown_property',
        { property: String(params.additionalProperty ?? (params.additionalProperties as unknown[] | undefined)?.[0]) },
      ];
    case 'format':
      return ['field_format', { format: String(params.format) }];
    case 'uniqueItems':
      return ['field_unique_items', {}];
    default:
      return undefined;
  }
}

const LIMITS: Record<string, ErrorCode> = {
  minimum: 'field_minimum',
  maximum: 'field_maximum',
  exclusiveMinimum: 'field_exclusive_minimum',
  minLength: 'field_min_length',
  maxLength: 'field_max_length',
  minItems: 'field_min_items',
  maxItems: 'field_max_items',
};

/** The catalogue code, field and parameters (`field` among them) of one schema validation error. */
export function schemaErrorDetail(error: SchemaError, dataVar: string): { code: ErrorCode; field: string; params: ProblemParams } {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const field = fieldName(error, params) || dataVar;
  const detail = (code: ErrorCode, extra: ProblemParams = {}) => ({ code, field, params: { field, ...extra } });
  const plain = plainCode(error.keyword, params);
  if (plain) return detail(...plain);
  const limitCode = LIMITS[error.keyword];
  if (!limitCode) return detail('field_invalid');
  // A minimum length of 1 is how a schema says "required" of a text.
  if (error.keyword === 'minLength' && params.limit === 1) return detail('field_required');
  return detail(limitCode, { limit: Number(params.limit) });
}

/**
 * The first of TypeBox's errors as Ajv would report it: an unknown property is named by the object's
 * additionalProperties error, not by the `false` schema each such property meets.
 */
export function firstSchemaError<T extends SchemaError & { schemaPath?: string }>(errors: readonly T[]): T | undefined {
  return errors.find((error) => !(error.keyword === 'boolean' && error.schemaPath?.endsWith('/additionalProperties')));
}
