import type { FastifyRequest } from 'fastify';
import type { Right } from '../db/schema';
import { httpError } from '../lib/http-error';

export function hasRight(request: FastifyRequest, right: Right): boolean {
  return request.user?.rights.includes(right) ?? false;
}

/** A preHandler that lets the request through only when the signed-in user has `right` (else 403). */
export function requireRight(right: Right) {
  return async function requireRightHandler(request: FastifyRequest): Promise<void> {
    if (!request.user) throw httpError(401, 'unauthorized');
    if (!hasRight(request, right)) throw httpError(403, 'no_right', { right });
  };
}
