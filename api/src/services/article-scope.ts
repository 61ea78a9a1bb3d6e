/**
 * Scoped roles on the article paths: a user's rights on one article are those their roles grant
 * where the article's main category lies (contracts/rules/rights.ts rightsInCategory). Each article
 * path asks the state rules with `actorOn…`'s narrowed actor; when the rules refuse there but would
 * allow with the user's rights anywhere, the refusal is "outside your desks" (article_outside_scope),
 * so the user learns why rather than a bare no_right.
 */
import { isScoped, rightsInCategory } from 'contracts/rules/rights';
import type { Actor } from 'contracts/rules/article-state';
import type { Db } from '../db/schema';
import { httpError, type HttpError } from '../lib/http-error';
import { articleScopeRepository as scopes } from '../repositories/article-scope';

/** Whether the actor's rights depend on where an article lies. */
export function scopedActor(actor: Actor): boolean {
  return actor.grants !== undefined && isScoped(actor.grants);
}

/** The actor with the rights they hold in `categoryId` (null: an article without category); the same object when unscoped. */
export async function actorInCategory<A extends Actor>(db: Db, actor: A, categoryId: number | null): Promise<A> {
  if (!scopedActor(actor)) return actor;
  const path = await scopes.ancestorPath(db, categoryId);
  return { ...actor, rights: rightsInCategory(actor.grants ?? [], path) };
}

/** The actor with the rights they hold on article `articleId` (by its main category). */
export async function actorOnArticle<A extends Actor>(db: Db, actor: A, articleId: number): Promise<A> {
  if (!scopedActor(actor)) return actor;
  return actorInCategory(db, actor, await scopes.categoryOf(db, articleId));
}

export function outsideScope(): HttpError {
  return httpError(403, 'article_outside_scope');
}

/**
 * `decide` with the actor's rights on the article; when it refuses (throws an HttpError of 403) but
 * passes with the rights they hold anywhere, the error is article_outside_scope.
 */
export function decideInScope<T>(actor: Actor, scoped: Actor, decide: (who: Actor) => T): T {
  try {
    return decide(scoped);
  } catch (error) {
    if (scoped === actor || !isForbidden(error)) throw error;
    try {
      decide(actor);
    } catch {
      throw error;
    }
    throw outsideScope();
  }
}

function isForbidden(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 403;
}
