import type { FastifyRequest } from 'fastify';
import type { Right } from '../db/schema';
import { httpError } from '../lib/http-error';

export function hasRight(request: FastifyRequest, right: Right): boolean {
  return request.user?.rights.includes(right) ?? false;
}

/** A route hook marked with the right it enforces (read by the OpenAPI document: `x-required-right`). */
export type RightCheck<T extends (...args: never[]) => unknown> = T & { requiredRight: Right };

/** Marks a hook as enforcing `right`, so the OpenAPI document names it (and the fuzz suite checks it). */
export function declaresRight<T extends (...args: never[]) => unknown>(hook: T, right: Right): RightCheck<T> {
  return Object.assign(hook, { requiredRight: right });
}

/** The right a route's preHandler(s) enforce, if one is declared. */
export function requiredRightOf(preHandler: unknown): Right | undefined {
  const hooks = Array.isArray(preHandler) ? preHandler : [preHandler];
  for (const hook of hooks) {
    const right = (hook as { requiredRight?: Right } | undefined)?.requiredRight;
    if (right) return right;
  }
  return undefined;
}

/** A preHandler that lets the request through only when the signed-in user has `right` (else 403). */
export function requireRight(right: Right) {
  return declaresRight(async function requireRightHandler(request: FastifyRequest): Promise<void> {
    if (!request.user) throw httpError(401, 'unauthorized');
    if (!hasRight(request, right)) throw httpError(403, 'no_right', { right });
  }, right);
}
