/**
 * The publishing job's work: every article whose pending publish_up or publish_down has
 * come is published or unpublished once, through the article changes service as the system
 * (SYSTEM_ACTOR). Several processes may run it at once on one PostgreSQL: each change is done by
 * exactly one of them (repositories/article-schedule.ts). Free of timers: plugins/publishing-scheduler.ts ticks it.
 */
import type { DbRoot } from '../db/schema';
import { articleScheduleRepository } from '../repositories/article-schedule';
import { ArticleChangesService, type ScheduledChange } from './article-changes';
import { SYSTEM_ACTOR } from './system-actor';

/** How many due articles one pass reads at a time. */
export const DUE_BATCH = 50;

export interface PublishingPassOptions {
  /** Stop between articles (the app is closing). */
  stopped?: () => boolean;
  batch?: number;
  /** REVISIONS_KEEP: the revisions kept per article (each change is a save). */
  revisionsKeep?: number;
}

/** Applies every due change there is now; returns the changes this process made. */
export async function runDuePublishing(db: DbRoot, options: PublishingPassOptions = {}): Promise<ScheduledChange[]> {
  const changes = new ArticleChangesService(db, { revisionsKeep: options.revisionsKeep ?? 0 });
  const batch = options.batch ?? DUE_BATCH;
  const done: ScheduledChange[] = [];
  const seen = new Set<number>();
  for (;;) {
    // Ids met before in this pass are locked by another process (or were just done): not read again.
    const ids = (await articleScheduleRepository.dueIds(db, batch + seen.size)).filter((id) => !seen.has(id));
    if (ids.length === 0) return done;
    for (const id of ids) {
      if (options.stopped?.()) return done;
      seen.add(id);
      const change = await changes.applyDueSchedule(SYSTEM_ACTOR, id);
      if (change) done.push(change);
    }
  }
}
