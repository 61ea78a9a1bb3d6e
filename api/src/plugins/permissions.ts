import type { FastifyRequest } from 'fastify';
import type { Right } from '../db/schema';
import { HttpError } from '../lib/http-error';

/** How a missing right reads in "You do not have the right to …". */
export const RIGHT_LABELS: Record<Right, string> = {
  import: 'manage imports',
  create_article: 'create articles',
  edit_all_articles: 'edit all articles',
  view_all_articles: 'view all articles',
  approve_article: 'approve articles',
  set_access: 'set article access',
  feature_article: 'feature articles',
  manage_categories: 'manage categories',
};

export function hasRight(request: FastifyRequest, right: Right): boolean {
  return request.user?.rights.includes(right) ?? false;
}

/** A route hook marked with the right it enforces (read by the OpenAPI document: `x-required-right`). */
export type RightCheck<T extends (...args: any[]) => unknown> = T & { requiredRight: Right };

/** Marks a hook as enforcing `right`, so the OpenAPI document names it (and the fuzz suite checks it). */
export function declaresRight<T extends (...args: any[]) => unknown>(hook: T, right: Right): RightCheck<T> {
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
    if (!request.user) throw new HttpError(401, 'Please sign in');
    if (!hasRight(request, right)) throw new HttpError(403, `You do not have the right to ${RIGHT_LABELS[right]}`);
  }, right);
}
