/**
 * Scheduled publishing (as in Joomla's publish_up / publish_down and WordPress's scheduled
 * posts), as pure functions: no database, no clock of its own (`now` is passed in).
 *
 * - Scheduled: an Unpublished (0) article whose publish_up is ahead. It is no stored state: the
 *   list shows it with its own icon and label, and the status filter has a Scheduled choice (-3).
 * - At publish_up the publishing job publishes it (0 → 1); at publish_down it unpublishes a
 *   Published article (1 → 0). Only articles in these states change: a draft or an article awaiting
 *   approval is never published by the clock (the approval workflow stays in charge), one in the
 *   trash never moves.
 * - A due change happens once: the time is marked "pending" when it is saved ahead of now and the
 *   job clears the mark when it has acted (or found nothing to do), so a later manual change (an
 *   editor unpublishing after publish_up) is never undone by the job, and old rows whose times
 *   passed long ago are left as they are.
 *
 * - Publishing by the clock is an approval made ahead of time, so only a time that a user who may
 *   approve (approve_article) saved is acted on: a time saved by anyone else (a submitter creating an
 *   Unpublished article, or one brought back from the trash as Unpublished) is not pending and the
 *   article is not Scheduled until an approver saves it (see `scheduleAfterWrite`).
 *
 * Times travel as UTC: ISO strings ('2026-05-01T10:30:00.000Z') or the editor's
 * 'YYYY-MM-DD HH:mm:ss' (UTC); '' and 0000-00-00 mean none.
 */
import { STATE, stateName, toState, type StateName } from './article-state';

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
  /** false: the job will not act on publish_up (no approver saved it); absent: not known, the time decides. */
  publish_up_pending?: boolean | undefined;
}

/** Scheduled: Unpublished, with publish_up after `now` that the job will act on. */
export function isScheduled(article: ScheduledFacts, now: Date): boolean {
  if (toState(article.state) !== STATE.UNPUBLISHED) return false;
  if (article.publish_up_pending === false) return false;
  const up = parsePublishTime(article.publish_up);
  return up !== null && up.getTime() > now.getTime();
}

/** The state the screens show: 'scheduled' for a Scheduled article, else the state's name. */
export function displayStateName(article: ScheduledFacts, now: Date): StateName {
  return isScheduled(article, now) ? 'scheduled' : stateName(article.state);
}

/** Saving a publish time marks it pending (for the job) only when it lies ahead. */
export function isPendingTime(time: Date | null, now: Date): boolean {
  return time !== null && time.getTime() > now.getTime();
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

/** What a write does to the publish_up mark: arm it (pending when ahead), withdraw it, or keep it as it was. */
export type ScheduleMark = 'arm' | 'withdraw' | 'keep';

/**
 * After a write by `mayApprove` (the writer holds approve_article): an approver's save arms a
 * publish_up that lies ahead (saving is how an approver accepts a time a submitter proposed); anyone
 * else's write that sets publish_up, or brings the article back from the trash as Unpublished,
 * withdraws it, so the job never publishes what no approver accepted; other writes keep it.
 */
export function scheduleAfterWrite(write: { mayApprove: boolean; kind: 'save' | 'restore'; publishUpChanged: boolean }): ScheduleMark {
  if (write.kind === 'save' && write.mayApprove) return 'arm';
  if (write.mayApprove) return 'keep';
  return write.kind === 'restore' || write.publishUpChanged ? 'withdraw' : 'keep';
}
