import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrorMessage, codeForStatus, type ApiErrorCode } from '../lib/api-errors';
import { failure } from '../lib/envelope';
import { HttpError } from '../lib/http-error';
import { validationDetail } from '../lib/validation-detail';

/** A handler the not-found handler tries first (the SPA fallback); true when it answered. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> | boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** Lets a plugin (static serving) answer requests no route matched before the 404 envelope. */
    addNotFoundFallback(fallback: NotFoundFallback): void;
  }
}

/**
 * Turns schema validation errors into one clear sentence naming the field, e.g.
 * "limit must be one of 5, 10, 20, 50, 100" or "username is required".
 */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const messages = errors.map((error) => {
    const { code, params } = validationDetail(error, dataVar);
    return apiErrorMessage(code, params);
  });
  return new Error([...new Set(messages)].join('; '));
}

/** The error envelope of a Fastify error that carries no catalogue code. */
function fastifyErrorCode(error: FastifyError, status: number): ApiErrorCode {
  if (typeof error.code === 'string' && /JSON/.test(error.code)) return 'bad_json';
  if (error.code === 'FST_ERR_BAD_URL') return 'bad_path_encoding';
  return codeForStatus(status);
}

/**
 * Every error leaves as the envelope `{ code, data: { error, field?, params? }, message }` with HTTP status = code.
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
        return reply.code(rawError.statusCode).send(failure(rawError.statusCode, rawError.message, rawError.data()));
      }
      const error = rawError as FastifyError;
      if (error.validation) {
        const first = error.validation[0];
        const detail = first
          ? validationDetail(first, error.validationContext ?? 'body')
          : { code: 'request_invalid' as const, field: undefined, params: { part: error.validationContext ?? 'body' } };
        return reply.code(400).send(
          failure(400, error.message, {
            error: detail.code,
            ...(detail.field !== undefined ? { field: detail.field } : {}),
            params: detail.params,
          }),
        );
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ code: error.code, statusCode: status }, error.message);
        return reply.code(status).send(failure(status, error.message || 'Bad request', { error: fastifyErrorCode(error, status) }));
      }
      request.log.error({ err: error }, 'Unexpected error');
      return reply.code(500).send(failure(500, apiErrorMessage('internal_error'), { error: 'internal_error' }));
    });

    app.setNotFoundHandler(async (request, reply) => {
      for (const fallback of fallbacks) {
        if (await fallback(request, reply)) return reply;
      }
      const path = request.url.split('?')[0] ?? '/';
      const params = { method: request.method, path };
      return reply.code(404).send(failure(404, apiErrorMessage('route_not_found', params), { error: 'route_not_found', params }));
    });
  },
  { name: 'envelope' },
);

/**
 * Errors Fastify answers before any route or hook runs (a path that is not valid percent-encoding,
 * a path parameter over maxParamLength): the envelope with a catalogue code, like every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const byCode: Record<string, { status: number; code: ApiErrorCode }> = {
    FST_ERR_BAD_URL: { status: 400, code: 'bad_path_encoding' },
    FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long' },
  };
  const known = byCode[error.code] ?? { status: 400, code: 'bad_request' as const };
  request.log.info({ code: error.code, statusCode: known.status }, error.message);
  void reply.code(known.status).send(failure(known.status, apiErrorMessage(known.code), { error: known.code }));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or request line over
 * http.maxHeaderSize, a timeout, garbage): the envelope on the raw socket, then the connection ends.
 */
export function clientErrorHandler(
  this: { log: { trace(obj: object, msg: string): void } },
  error: NodeJS.ErrnoException,
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ApiErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'header_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout']
        : [400, 'bad_request'];
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(failure(status, apiErrorMessage(code), { error: code }));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
