import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../lib/http-error';
import { MAX_ID } from 'contracts/schemas/common';
import { forbiddenCharacterAt } from 'contracts/rules/stored-text';

export { forbiddenCharacterAt };

/** The path of the first number in `value` that is not finite (Infinity, NaN: coerced from text). */
export function nonFiniteNumberAt(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteNumberAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

type JsonSchema = Record<string, unknown>;

/** A copy of an input schema in which every integer without a maximum gets MAX_ID (the int4 range). */
export function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = boundIntegers(value);
  const type = copy.type;
  const isInteger = type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  if (isInteger && copy.maximum === undefined && copy.exclusiveMaximum === undefined && copy.enum === undefined) copy.maximum = MAX_ID;
  return copy;
}

/**
 * Input no route can store or use, refused the same way on every route before its handler runs:
 * - a string (in the body, query or path) with a NUL or an unpaired surrogate: 400
 *   field_control_character naming the field (a field holding JSON text is checked again once
 *   decoded, by its decoder; and db/stored-text-guard.ts refuses any such value a query would store);
 * - an integer over 2147483647 where the schema sets no maximum of its own: every integer of a
 *   request schema is bounded to the int4 range of the columns it is compared with (400
 *   field_maximum naming the field);
 * - a number that is not finite (Infinity, NaN) after coercion: 400 field_number naming the field.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as Record<string, unknown> | undefined;
      if (!schema) return;
      for (const part of ['params', 'querystring', 'body'] as const) {
        if (schema[part]) schema[part] = boundIntegers(schema[part]);
      }
    });

    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const [part, value] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const) {
        const at = forbiddenCharacterAt(value);
        if (at) {
          const field = at.join('.') || part;
          throw httpError(400, 'field_control_character', { field }, { field });
        }
      }
    });

    // After validation: the validator's coercion reads "Infinity" as a number (and lets it through
    // an integer schema); no route can use one.
    app.addHook('preHandler', async (request: FastifyRequest) => {
      for (const [part, value] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const) {
        const at = nonFiniteNumberAt(value);
        if (at) {
          const field = at.join('.') || part;
          throw httpError(400, 'field_number', { field }, { field });
        }
      }
    });
  },
  { name: 'input-guard' },
);
