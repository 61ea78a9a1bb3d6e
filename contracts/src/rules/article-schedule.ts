/**
 * Scheduled publishing (as in Joomla's publish_up / publish_down, WordPress's and Ghost's scheduled
 * posts), as pure functions: no database, no clock of its own (`now` is passed in).
 *
 * Publishing by the clock is an approval made ahead of time, so it is an explicit decision:
 * - Schedule (right approve_article): a Draft, an article Awaiting approval or an Unpublished one
 *   becomes Scheduled for a publish_up ahead (`scheduleRefusal`). It is stored as state 0
 *   (Unpublished) with its publish_up marked pending: Scheduled is a schedule state beside the spec's
 *   states (section 4 keeps its numbers; a new number would read "Other" there), shown by the
 *   screens with its own label and icon and listed by the status filter's Scheduled choice (-3).
 * - A submitter's publish_up is a request: stored and shown to approvers, never acted on.
 * - At publish_up the job publishes a Scheduled article (0 → 1); at a pending publish_down it
 *   unpublishes a Published one (1 → 0). Each mark is acted on once, when due, and then cleared, so
 *   a time that has passed is never acted on later.
 * - Every manual state change (approve, unpublish, submit, trash, restore, one by one or in bulk)
 *   withdraws a pending publish_up: the approver's later decision stands. A manual publish arms the
 *   article's publish_down ahead, as the approver's decision includes its finish.
 * - A content change by a user without approve_article (a save, a revision restore) withdraws a
 *   pending publish_up, so the clock never publishes text no approver saved; their change of
 *   publish_down withdraws that mark. An approver's save keeps a schedule, and moving the time of a
 *   Scheduled article moves the schedule (`scheduleAfterWrite`).
 *
 * Times travel as UTC: ISO strings ('2026-05-01T10:30:00.000Z') or the editor's
 * 'YYYY-MM-DD HH:mm:ss' (UTC); '' and 0000-00-00 mean none.
 */
import { STATE, stateName, toState, type Refusal, type StateName } from './article-state';

const PLACEHOLDER = /^(0000-00-00|1970-01-01)/;
const SPACE_FORMAT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)$/;

/** A publish time as a Date (UTC), or null when empty, a placeholder or unreadable. */
export function parsePublishTime(value: string | null | undefined): Date | null {
  const raw = (value ?? '').trim();
  if (raw === '' || PLACEHOLDER.test(raw)) return null;
  const space = SPACE_FORMAT.exec(raw);
  const date = new Date(space ? `${space[1]}T${space[2]}Z` : raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What the schedule reads of an article. */
export interface ScheduledFacts {
  state: unknown;
  publish_up?: string | null | undefined;
  /** true: an approver scheduled it and the job will act on publish_up; false: not scheduled; absent: not known, the time decides. */
  publish_up_pending?: boolean | undefined;
}

/**
 * Scheduled: Unpublished with a publish_up that an approver scheduled (the job publishes it at that
 * time, also in the few seconds after it has come and before the job's next tick).
 */
export function isScheduled(article: ScheduledFacts, now: Date): boolean {
  if (toState(article.state) !== STATE.UNPUBLISHED) return false;
  const up = parsePublishTime(article.publish_up);
  if (up === null) return false;
  if (article.publish_up_pending !== undefined) return article.publish_up_pending;
  return up.getTime() > now.getTime();
}

/** The state the screens show: 'scheduled' for a Scheduled article, else the state's name. */
export function displayStateName(article: ScheduledFacts, now: Date): StateName {
  return isScheduled(article, now) ? 'scheduled' : stateName(article.state);
}

/** An article whose pending publish time has come (the job read it under a row lock). */
export interface DueFacts {
  state: number;
  /** publish_up was pending and has come. */
  upDue: boolean;
  /** publish_down was pending and has come. */
  downDue: boolean;
}

export type ScheduledAction = 'publish' | 'unpublish';

/**
 * What the job does with a due article: publish it at publish_up when Unpublished, then unpublish
 * it at publish_down when Published (both due at once: it went out and came down while the job was
 * away, so it ends Unpublished and nothing is written). `to` null: no state change, only the due
 * marks are cleared.
 */
export function dueChange(facts: DueFacts): { from: number; to: number | null; actions: ScheduledAction[] } {
  let state = facts.state;
  const actions: ScheduledAction[] = [];
  if (facts.upDue && state === STATE.UNPUBLISHED) {
    state = STATE.PUBLISHED;
    actions.push('publish');
  }
  if (facts.downDue && state === STATE.PUBLISHED) {
    state = STATE.UNPUBLISHED;
    actions.push('unpublish');
  }
  return { from: facts.state, to: state === facts.state ? null : state, actions };
}

/** What a write does to a pending mark: arm it (pending when its time lies ahead), withdraw it, or keep it as it was. */
export type ScheduleMark = 'arm' | 'withdraw' | 'keep';

export interface ScheduleMarks {
  up: ScheduleMark;
  down: ScheduleMark;
}

/** A write of an article, as the schedule sees it. */
export type ScheduleWrite =
  /** A manual state change (approve, unpublish, submit, trash, restore), one by one or in bulk, to state `to`. */
  | { kind: 'state'; mayApprove: boolean; to: number }
  /** A save of the content (the editor's, a revision restore). */
  | {
      kind: 'save';
      mayApprove: boolean;
      /** Anything of the content moved (the times included). */
      contentChanged: boolean;
      publishUpChanged: boolean;
      publishDownChanged: boolean;
      /** publish_up was pending before the save (the article is Scheduled). */
      scheduled: boolean;
      /** The article is Published. */
      published: boolean;
    };

/** What a write does to the marks of publish_up and publish_down (see the rules at the top). */
export function scheduleAfterWrite(write: ScheduleWrite): ScheduleMarks {
  if (write.kind === 'state') {
    return { up: 'withdraw', down: write.to === STATE.PUBLISHED && write.mayApprove ? 'arm' : 'withdraw' };
  }
  if (!write.mayApprove) {
    return { up: write.contentChanged ? 'withdraw' : 'keep', down: write.publishDownChanged ? 'withdraw' : 'keep' };
  }
  return {
    up: write.scheduled && write.publishUpChanged ? 'arm' : 'keep',
    down: write.publishDownChanged && (write.scheduled || write.published) ? 'arm' : 'keep',
  };
}

/** The states an approver may schedule: a draft, one awaiting approval, an Unpublished (or Scheduled) one. */
export const SCHEDULABLE_STATES: readonly number[] = [STATE.DRAFT, STATE.AWAITING_APPROVAL, STATE.UNPUBLISHED];

/** Whether the screens offer Schedule for an article in this state. */
export function scheduleApplies(state: unknown): boolean {
  const value = toState(state);
  return value !== null && SCHEDULABLE_STATES.includes(value);
}

/**
 * Scheduling an article for `publishUp` (the time the approver gives, else the stored one): null when
 * allowed, else the refusal. The article becomes Unpublished with publish_up pending.
 */
export function scheduleRefusal(facts: {
  state: number;
  mayApprove: boolean;
  publishUp: Date | null;
  publishDown: Date | null;
  now: Date;
}): Refusal | null {
  if (!facts.mayApprove) return { ok: false, status: 403, code: 'no_right', params: { right: 'approve_article' } };
  if (!SCHEDULABLE_STATES.includes(facts.state)) return { ok: false, status: 409, code: 'schedule_state', params: { state: facts.state } };
  if (facts.publishUp === null || facts.publishUp.getTime() <= facts.now.getTime()) {
    return { ok: false, status: 400, code: 'schedule_time_not_ahead' };
  }
  if (facts.publishDown !== null && facts.publishDown.getTime() <= facts.publishUp.getTime()) {
    return { ok: false, status: 400, code: 'publish_down_before_up' };
  }
  return null;
}
