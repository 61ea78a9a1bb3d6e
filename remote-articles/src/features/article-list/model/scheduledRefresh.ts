// When the list should ask again by itself: the publishing job changes a row at its
// publish_up / publish_down, and the list shows that without anyone pressing Refresh. Pure.
import { parsePublishTime } from 'contracts/rules/article-schedule';
import { STATE, toState } from 'contracts/rules/article-state';

/** Asked this long after a publish time (the job acts on its next tick). */
export const AFTER_DUE_MS = 1000;
/** A row whose time has come but that the job has not changed yet: asked again this often… */
export const RETRY_MS = 5000;
/** …for this long after its time (the job's tick is 30 s by default). */
export const RETRY_FOR_MS = 2 * 60_000;
/** Never wait longer than this in one go (a timer is re-armed after every load anyway). */
export const LONGEST_WAIT_MS = 60 * 60_000;

export interface ScheduledRow {
  state: unknown;
  publish_up?: string | null;
  /** false: no approver saved publish_up, so the job will not act on it. */
  publish_up_pending?: boolean;
  publish_down?: string | null;
}

/** The time of a row that the job will act on: publish_up of an Unpublished row, publish_down of a Published one. */
function pendingTime(row: ScheduledRow): number | null {
  const state = toState(row.state);
  const time =
    state === STATE.UNPUBLISHED
      ? row.publish_up_pending === false
        ? null
        : parsePublishTime(row.publish_up)
      : state === STATE.PUBLISHED
        ? parsePublishTime(row.publish_down)
        : null;
  return time ? time.getTime() : null;
}

/** Milliseconds until the list should load again, or null when no row on the page is about to change. */
export function nextScheduleCheck(rows: readonly ScheduledRow[], now: number): number | null {
  let next: number | null = null;
  for (const row of rows) {
    const time = pendingTime(row);
    if (time === null) continue;
    let wait: number | null = null;
    if (time > now) wait = time - now + AFTER_DUE_MS;
    else if (now - time < RETRY_FOR_MS) wait = RETRY_MS;
    if (wait !== null && (next === null || wait < next)) next = wait;
  }
  return next === null ? null : Math.min(next, LONGEST_WAIT_MS);
}
