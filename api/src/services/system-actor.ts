/**
 * The actor of the API's own jobs (the publishing job): id 0, which no user has, and every right.
 * The activity log records a change by it as done by the system (actorId null).
 */
import type { Actor } from 'contracts/rules/article-state';
import { RIGHTS } from 'contracts/rules/rights';

export const SYSTEM_ACTOR: Actor = Object.freeze({ id: 0, rights: Object.freeze([...RIGHTS]) });
