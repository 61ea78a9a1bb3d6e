// What the editor says about an article's schedule (contracts/rules/article-schedule.ts): Scheduled
// by an approver, Published until a finish the job acts on, a start that is only a request, or none.
import { isScheduled, parsePublishTime, scheduleApplies } from 'contracts/rules/article-schedule';
import { STATE, toState } from 'contracts/rules/article-state';

export type ScheduleStatus =
  | { kind: 'scheduled'; up: Date; down: Date | null }
  | { kind: 'publishedUntil'; down: Date }
  | { kind: 'requested'; up: Date }
  | { kind: 'none' };

export interface ScheduleStatusFacts {
  state: unknown;
  publish_up?: string | null | undefined;
  publish_down?: string | null | undefined;
  publish_up_pending?: boolean | undefined;
  publish_down_pending?: boolean | undefined;
}

export function scheduleStatus(article: ScheduleStatusFacts, now: Date): ScheduleStatus {
  const up = parsePublishTime(article.publish_up);
  const down = parsePublishTime(article.publish_down);
  // Only a mark the server sent decides; without it the article is not known to be scheduled.
  const pending = article.publish_up_pending === true;
  if (up && pending && isScheduled(article, now)) return { kind: 'scheduled', up, down: article.publish_down_pending ? down : null };
  if (toState(article.state) === STATE.PUBLISHED && down && article.publish_down_pending) return { kind: 'publishedUntil', down };
  if (up && up.getTime() > now.getTime() && scheduleApplies(article.state)) return { kind: 'requested', up };
  return { kind: 'none' };
}
