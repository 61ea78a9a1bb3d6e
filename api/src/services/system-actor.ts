import type { Actor } from 'contracts/rules/article-state';
import { RIGHTS } from 'contracts/rules/rights';

/** The actor of the scheduled jobs (e.g. publishing at publish_up): no user, every right. */
export const SYSTEM_ACTOR: Actor = Object.freeze({ id: 0, rights: Object.freeze([...RIGHTS]) });
