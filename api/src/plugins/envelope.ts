import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { failure } from '../lib/envelope';
import { HttpError } from '../lib/http-error';

/** A handler the not-found handler tries first (the SPA fallback); true when it answered. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> | boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** Lets a plugin (static serving) answer requests no route matched before the 404 envelope. */
    addNotFoundFallback(fallback: NotFoundFallback): void;
  }
}

function fieldName(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') path.push(params.missingProperty);
  return path.join('.');
}

function describe(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'type': {
      const type = String(params.type);
      return type === 'integer' ? 'must be a whole number' : `must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
    }
    case 'minimum':
      return `must be ${String(params.limit)} or more`;
    case 'maximum':
      return `must be ${String(params.limit)} or less`;
    case 'exclusiveMinimum':
      return `must be more than ${String(params.limit)}`;
    case 'minLength':
      return params.limit === 1 ? 'is required' : `must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long`;
    case 'additionalProperties':
      return `has an unknown property ${String(params.additionalProperty)}`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Turns schema validation errors into one clear sentence naming the field, e.g.
 * "limit must be one of 5, 10, 20, 50, 100" or "username is required".
 */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const messages = errors.map((error) => {
    const field = fieldName(error);
    if (!field) return `The request ${dataVar} ${describe(error)}`;
    return `${field} ${describe(error)}`;
  });
  return new Error([...new Set(messages)].join('; '));
}

/**
 * Every error leaves as the envelope `{ code, data: null, message }` with HTTP status = code.
 * Client errors keep their (safe) message; anything unexpected is logged and sent as a plain
 * 500 "Internal server error" (never a stack trace).
 */
export default fp(
  async (app) => {
    const fallbacks: NotFoundFallback[] = [];
    app.decorate('addNotFoundFallback', (fallback: NotFoundFallback) => {
      fallbacks.push(fallback);
    });

    app.setErrorHandler((rawError: FastifyError | HttpError, request, reply) => {
      if (rawError instanceof HttpError) {
        void reply.headers(rawError.headers);
        return reply.code(rawError.statusCode).send(failure(rawError.statusCode, rawError.message));
      }
      const error = rawError as FastifyError;
      if (error.validation) {
        return reply.code(400).send(failure(400, error.message));
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ code: error.code, statusCode: status }, error.message);
        return reply.code(status).send(failure(status, error.message || 'Bad request'));
      }
      request.log.error({ err: error }, 'Unexpected error');
      return reply.code(500).send(failure(500, 'Internal server error'));
    });

    app.setNotFoundHandler(async (request, reply) => {
      for (const fallback of fallbacks) {
        if (await fallback(request, reply)) return reply;
      }
      const path = request.url.split('?')[0] ?? '/';
      return reply.code(404).send(failure(404, `Not found: ${request.method} ${path}`));
    });
  },
  { name: 'envelope' },
);
